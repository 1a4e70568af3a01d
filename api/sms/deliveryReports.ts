// 46elks' delivery reports (rule: sms-delivery-reports). Each SMS is sent with `whendelivered`: the
// public callback route with the item's id and a key of its own, an HMAC of the id under a secret
// only this install has (46elks may carry "an auth-key" as a query parameter,
// 46elks.se/docs/sms-delivery-reports). So the route is public, yet only 46elks, which was given
// the URL, can report on an item, and nobody can guess another item's URL.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { nextDelivery, type DeliveryStatus } from '../../domain/sms/deliveryReport.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { SMS_LOG, type SmsItem } from './reactor.js';

export const DELIVERY_REPORT_PATH = '/api/sms/delivery-reports';

export function deliveryKey(secret: string, itemId: string): string {
  return createHmac('sha256', `sms-delivery-report:${secret}`).update(itemId).digest('base64url');
}

/** The whendelivered URL of an item. */
export const deliveryReportUrl = (publicUrl: string, secret: string) => (itemId: string) =>
  `${publicUrl}${DELIVERY_REPORT_PATH}?item=${encodeURIComponent(itemId)}&key=${deliveryKey(secret, itemId)}`;

export type ReportOutcome = 'recorded' | 'unchanged' | 'unknown';

/**
 * Stores a report on its item. A wrong key, an unknown item or a report naming another SMS than
 * the one 46elks answered the send with is 'unknown' and changes nothing.
 */
export async function recordDeliveryReport(
  docs: DocumentStore,
  secret: string,
  report: { item: string; key: string; id: string; status: DeliveryStatus; delivered: string | null },
  now: Date,
): Promise<ReportOutcome> {
  const expected = Buffer.from(deliveryKey(secret, report.item));
  const given = Buffer.from(report.key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'unknown';
  const item = await docs.get<SmsItem>(SMS_LOG, report.item);
  if (!item || (item.provider_id !== null && item.provider_id !== report.id)) return 'unknown';
  const delivery = nextDelivery(item.delivery, report, now);
  if (!delivery) return 'unchanged';
  // The report may race the sender's mark of the send: stored on the newest copy of the item.
  const doc: SmsItem = { ...item, delivery, provider_id: item.provider_id ?? report.id };
  delete doc._pos;
  await docs.commit([{ op: 'put', collection: SMS_LOG, doc }]);
  return 'recorded';
}
