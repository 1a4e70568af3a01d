// 46elks' delivery reports (rule: sms-delivery-reports). Each SMS is sent with `whendelivered`: the
// public callback route with the item's id and a key of its own, an HMAC of the id under a secret
// only this install has (46elks may carry "an auth-key" as a query parameter,
// 46elks.se/docs/sms-delivery-reports). So the route is public, yet only 46elks, which was given
// the URL, can report on an item, and nobody can guess another item's URL.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { nextDelivery, type DeliveryStatus } from '../../domain/sms/deliveryReport.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { SMS_DELIVERY, SMS_LOG, type SmsDeliveryDoc, type SmsItem } from './reactor.js';

export const DELIVERY_REPORT_PATH = '/api/sms/delivery-reports';

export function deliveryKey(secret: string, itemId: string): string {
  return createHmac('sha256', `sms-delivery-report:${secret}`).update(itemId).digest('base64url');
}

/** The whendelivered URL of an item. */
export const deliveryReportUrl = (publicUrl: string, secret: string) => (itemId: string) =>
  `${publicUrl}${DELIVERY_REPORT_PATH}?item=${encodeURIComponent(itemId)}&key=${deliveryKey(secret, itemId)}`;

export type ReportOutcome = 'recorded' | 'unchanged' | 'unknown';

/**
 * Stores a report for its item. A wrong key, an unknown item or a report naming another SMS than
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
  if (!item) return 'unknown';
  const current = await docs.get<SmsDeliveryDoc>(SMS_DELIVERY, report.item);
  // The SMS 46elks answered the send with (or, a report coming before the send's mark, the one
  // the first report named): a report about another SMS is not this item's.
  const providerId = item.provider_id ?? current?.provider_id ?? null;
  if (providerId !== null && providerId !== report.id) return 'unknown';
  const delivery = nextDelivery(current ?? undefined, report, now);
  if (!delivery) return 'unchanged';
  const doc: SmsDeliveryDoc = { id: report.item, provider_id: report.id, ...delivery };
  await docs.commit([{ op: 'put', collection: SMS_DELIVERY, doc }]);
  return 'recorded';
}
