// "Meddela mig när pizzan är klar" (rule: ready-notice): asks the browser's permission, subscribes
// through the service worker with the server's VAPID key, and sends the subscription with the
// booking's number and e-mail (POST /notifications/subscribe). Every way this can fail ends in a
// result the confirmation tells in Swedish: the customer gets the ready mail either way.
import { api } from '../../lib/api.js';
import type { VapidPublicKey } from '../../../domain/answers/index.js';

export type ReadyNoticeResult = 'on' | 'denied' | 'failed';

/** How long to wait for the service worker (a first visit installs it while the booking is made). */
const SERVICE_WORKER_WAIT_MS = 10_000;

export async function askForReadyNotice(bookingId: string, email: string): Promise<ReadyNoticeResult> {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined' || typeof Notification === 'undefined')
    return 'failed';
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return 'denied';
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no service worker')), SERVICE_WORKER_WAIT_MS),
      ),
    ]);
    const { key } = await api<VapidPublicKey>('/notifications/vapid-public-key');
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(key),
    });
    const { endpoint, keys } = subscription.toJSON();
    await api('/notifications/subscribe', { body: { endpoint, keys, booking_id: bookingId, email } });
    return 'on';
  } catch {
    // No push service (headless or locked-down browsers), no network, a refused subscription.
    return 'failed';
  }
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
