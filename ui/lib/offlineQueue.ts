// Bookings made without a connection wait in the browser under 'offline_bookings' (SPEC 3) and
// are sent when it returns: one at a time, stopping at a network failure, removing only the
// accepted ones. Each keeps the idempotency key made when the customer pressed the button, so a
// booking whose answer was lost is answered again by the server instead of being made twice.

import { OFFLINE_KEY } from './offlineQueued.js';

export { OFFLINE_KEY };

/** The booking payload as POST /api/bookings takes it. */
export type BookingPayload = Record<string, unknown> & { date: string; time: string };

export interface OfflineBooking extends BookingPayload {
  offline: true;
  timestamp: number;
  /** The idempotency key, sent as the Idempotency-Key header. */
  id: string;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A stored entry the queue can send: an object with its key (anything else is left out). */
function isOfflineBooking(entry: unknown): entry is OfflineBooking {
  return typeof entry === 'object' && entry !== null && 'id' in entry && typeof entry.id === 'string';
}

export function readQueue(storage: KeyValueStorage): OfflineBooking[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(OFFLINE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isOfflineBooking) : [];
  } catch {
    return [];
  }
}

/** Queues the booking under its key, stamped with the time it was saved (`now`, default the current time). */
export function enqueue(
  storage: KeyValueStorage,
  payload: BookingPayload,
  key: string,
  now = Date.now(),
): OfflineBooking {
  const entry: OfflineBooking = { ...payload, offline: true, timestamp: now, id: key };
  storage.setItem(OFFLINE_KEY, JSON.stringify([...readQueue(storage), entry]));
  return entry;
}

/** The payload to send: the extra fields offline, timestamp and id stripped (SPEC 3). */
export function payloadOf(entry: OfflineBooking): BookingPayload {
  const { offline: _offline, timestamp: _timestamp, id: _id, ...payload } = entry;
  return payload;
}

export type SendResult = 'accepted' | 'refused' | 'network';

export interface SyncOutcome {
  sent: number;
  refused: number;
  /** Still queued: not tried after a network failure, or refused and kept for the customer. */
  left: number;
  stoppedByNetwork: boolean;
}

/**
 * Sends the queued bookings one at a time with `send(payload, key)`. An accepted one leaves the
 * queue at once (so a crash mid-sync never sends it again without its key); a network failure
 * stops the round; a refused one (the slot filled up meanwhile) stays, as SPEC 4 removes only
 * accepted ones.
 */
export async function syncQueue(
  storage: KeyValueStorage,
  send: (payload: BookingPayload, key: string) => Promise<SendResult>,
): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { sent: 0, refused: 0, left: 0, stoppedByNetwork: false };
  for (const entry of readQueue(storage)) {
    const result = await send(payloadOf(entry), entry.id);
    if (result === 'network') {
      outcome.stoppedByNetwork = true;
      break;
    }
    if (result === 'accepted') {
      storage.setItem(OFFLINE_KEY, JSON.stringify(readQueue(storage).filter((b) => b.id !== entry.id)));
      outcome.sent++;
    } else {
      outcome.refused++;
    }
  }
  outcome.left = readQueue(storage).length;
  return outcome;
}
