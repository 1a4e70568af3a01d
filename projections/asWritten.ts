// A booking as a write left it, for the answer to that write. The answer comes from the read
// model once the projections have reached the write's position; when they lag (another process
// holds the read models' write lock, a slow store, a projection runner behind by more than the
// wait allows), it is folded from the day's events by the bookings projection itself, in memory.
// So a staff confirm never answers the booking still "pending".
import type { Position, RecordedEvent } from '../domain/eventStore.js';
import type { DocumentStore } from '../read-models/documentStore.js';
import { COLLECTIONS, type BookingDoc } from '../read-models/shapes.js';
import { publicDoc } from '../read-models/queries/common.js';
import { bookingsProjection } from './kioskDays.js';
import { ProjectionBatch, type Stored } from './projection.js';

export async function bookingAsWritten(docs: DocumentStore, id: string, written: Position, dayEvents: () => Promise<RecordedEvent[]>) {
  const stored = await docs.get<Stored<BookingDoc>>(COLLECTIONS.bookings, id);
  if (stored && stored._pos >= written) return publicDoc(stored);
  // Every booking document of the day starts from nothing here: the batch never reads the store.
  const batch = new ProjectionBatch(docs, new Map([[COLLECTIONS.bookings, new Set<string>()]]));
  for (const event of await dayEvents()) {
    if (bookingsProjection.eventTypes.has(event.type)) await bookingsProjection.apply(event, batch);
  }
  const folded = batch.writes().find((write) => write.op === 'put' && write.doc.id === id);
  if (folded?.op === 'put') return publicDoc(folded.doc as BookingDoc);
  return stored ? publicDoc(stored) : null;
}
