// The SMS items as the mail log shows them beside the mails (GET /api/admin/mails), and the
// month's count for the statistics (GET /api/admin/stats/sms). No number is shown: the items hold
// none (it stays sealed in the log), only the booking.
import type { SmsLogEntryAnswer, SmsMonthAnswer } from '../../domain/answers/mails.js';
import { currentMonth } from '../../domain/sms/deliveryReport.js';
import type { Clock } from '../../domain/shared/time.js';
import type { Filter, DocumentStore } from '../../read-models/documentStore.js';
import { SMS_DELIVERY, SMS_LOG, type SmsDeliveryDoc, type SmsItem } from './reactor.js';

export async function smsLog(
  docs: DocumentStore,
  query: { status?: string; booking_id?: string; kind?: string; limit?: number },
): Promise<SmsLogEntryAnswer[]> {
  const filter: Filter = {};
  if (query.status) filter.state = query.status;
  if (query.booking_id) filter.booking_id = query.booking_id;
  if (query.kind) filter.kind = query.kind;
  const found = await docs.find<SmsItem>(SMS_LOG, filter, { sort: [['created_at', -1]], limit: query.limit ?? 100 });
  const reports = await deliveriesOf(docs, found);
  return found.map((item) => ({
    id: item.id,
    kind: item.kind,
    booking_id: item.booking_id,
    status: item.state,
    attempts: item.attempts,
    last_error: item.last_error,
    sent_at: item.state === 'sent' ? item.at : null,
    created_at: item.created_at,
    delivery_status: reports.get(item.id)?.status ?? null,
    delivered_at: reports.get(item.id)?.delivered_at ?? null,
  }));
}

/** SMS sent (accepted by 46elks) in the kiosk's current month, and how many were reported delivered. */
export async function smsThisMonth(docs: DocumentStore, clock: Clock): Promise<SmsMonthAnswer> {
  const { month, from, to } = currentMonth(clock);
  const sent = await docs.find<SmsItem>(SMS_LOG, {
    state: 'sent',
    at: { $gte: from.toISOString(), $lt: to.toISOString() },
  });
  const reports = [...(await deliveriesOf(docs, sent)).values()];
  return {
    month,
    sent: sent.length,
    delivered: reports.filter((report) => report.status === 'delivered').length,
    failed: reports.filter((report) => report.status === 'failed').length,
  };
}

/** The delivery reports of the items, by item id (rule: sms-delivery-reports). */
async function deliveriesOf(docs: DocumentStore, items: SmsItem[]): Promise<Map<string, SmsDeliveryDoc>> {
  const reports = await Promise.all(items.map((item) => docs.get<SmsDeliveryDoc>(SMS_DELIVERY, item.id)));
  return new Map(reports.filter((r): r is SmsDeliveryDoc => r !== null).map((r) => [r.id, r]));
}
