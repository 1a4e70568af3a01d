// Whether bookings wait in the offline queue (lib/offlineQueue.ts), apart from the queue's code:
// every customer page asks this as it opens, and loads the code that sends the queue only when
// something waits, which on a device that has never been offline is never.

/** The browser storage key the queue keeps its bookings under (SPEC 3). */
export const OFFLINE_KEY = 'offline_bookings';

/** Something is stored under the queue's key (the queue's own read decides what of it can be sent). */
export const hasQueuedBookings = (storage: { getItem(key: string): string | null }) =>
  (storage.getItem(OFFLINE_KEY) ?? '[]') !== '[]';
