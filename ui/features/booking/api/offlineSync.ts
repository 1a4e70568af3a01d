// The booking feature's send of the offline queue (SPEC 3, 4): the bookings saved on this device
// while offline go out through the feature's own POST /bookings, each under the key it was saved
// with, so a booking whose answer was lost is answered again, never made twice. The customer
// pages' frame hands this to Connectivity, which calls it when the connection returns.
import { toast } from '../../../lib/toast.js';
import { ApiError } from '../../../lib/api.js';
import { readQueue, syncQueue, type SendResult } from '../../../lib/offlineQueue.js';
import { customerTexts } from '../../../lib/texts.js';
import { placeBooking } from './booking.js';

/** One queued booking: accepted, refused for good (a 4xx: kept for the customer), or not reached. */
async function sendBooking(payload: Record<string, unknown>, key: string): Promise<SendResult> {
  try {
    // The queue stores the payload the page built with the schema's input type.
    await placeBooking(payload as Parameters<typeof placeBooking>[0], key);
    return 'accepted';
  } catch (error) {
    return error instanceof ApiError && !error.isNetwork && error.status < 500 ? 'refused' : 'network';
  }
}

let syncing = false;

/** Sends the stored offline bookings, one run at a time, and says how it went. */
export async function syncOfflineBookings(): Promise<void> {
  if (syncing || readQueue(localStorage).length === 0) return;
  syncing = true;
  try {
    const outcome = await syncQueue(localStorage, sendBooking);
    if (outcome.sent > 0) toast.success(customerTexts.synced(outcome.sent), { duration: 4000 });
    if (outcome.refused > 0) toast.error(customerTexts.syncRefused(outcome.refused), { duration: 4000 });
  } finally {
    syncing = false;
  }
}
