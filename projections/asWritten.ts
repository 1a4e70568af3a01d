// A document as a write left it, for the answer to that write. The answer comes from the read
// model once the projections have reached the write's position; when they lag (another process
// holds the read models' write lock, a slow store, a projection runner behind by more than the
// wait allows), it is folded from the stream's events by the document's own projection, in
// memory. So a staff confirm never answers the booking still "pending", a changed bonus code
// its old limit, nor a day just closed its old hours.
import type { Position, RecordedEvent } from '../domain/eventStore.js';
import type { Doc, DocumentStore } from '../read-models/documentStore.js';
import { COLLECTIONS, type BonusCodeDoc, type BookingDoc, type DayDoc } from '../read-models/shapes.js';
import { bookingView, withNumericId } from '../read-models/queries/common.js';
import { bonusCodesProjection } from './catalog.js';
import { bookingsProjection, daysProjection } from './kioskDays.js';
import { ProjectionBatch, type Projection, type Stored } from './projection.js';

async function documentAsWritten<T extends Doc>(
  docs: DocumentStore,
  projection: Projection,
  collection: string,
  id: string,
  written: Position,
  streamEvents: () => Promise<RecordedEvent[]>,
): Promise<T | null> {
  const stored = await docs.get<Stored<T>>(collection, id);
  if (stored && stored._pos >= written) return stored;
  // Every document of the projection starts from nothing here: the batch never reads the store.
  const batch = new ProjectionBatch(docs, new Map(projection.collections.map((c) => [c, new Set<string>()])));
  for (const event of await streamEvents()) {
    if (projection.eventTypes.has(event.type)) await projection.apply(event, batch);
  }
  const folded = batch
    .writes()
    .find((write) => write.collection === collection && (write.op === 'put' ? write.doc.id : write.id) === id);
  if (!folded) return stored;
  return folded.op === 'put' ? (folded.doc as T) : null;
}

/** The booking as its write left it (the day's events when the read model lags). */
export async function bookingAsWritten(
  docs: DocumentStore,
  id: string,
  written: Position,
  dayEvents: () => Promise<RecordedEvent[]>,
) {
  const booking = await documentAsWritten<BookingDoc>(
    docs,
    bookingsProjection,
    COLLECTIONS.bookings,
    id,
    written,
    dayEvents,
  );
  return booking && bookingView(booking);
}

/** The bonus code as its write left it (the bonus-codes stream when the read model lags). */
export async function bonusCodeAsWritten(
  docs: DocumentStore,
  id: number,
  written: Position,
  codeEvents: () => Promise<RecordedEvent[]>,
) {
  const code = await documentAsWritten<BonusCodeDoc>(
    docs,
    bonusCodesProjection,
    COLLECTIONS.bonusCodes,
    String(id),
    written,
    codeEvents,
  );
  return code && withNumericId(code);
}

/** The kiosk day as its write left it (the day's events when the read model lags). */
export function dayAsWritten(
  docs: DocumentStore,
  date: string,
  written: Position,
  dayEvents: () => Promise<RecordedEvent[]>,
) {
  return documentAsWritten<DayDoc>(docs, daysProjection, COLLECTIONS.days, date, written, dayEvents);
}
