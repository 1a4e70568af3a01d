// 46elks' delivery reports (rule: sms-delivery-reports): what a report changes on an SMS item.
// 46elks posts "sent" when a carrier took the message, then "delivered" (with the time) or
// "failed"; it retries a report for at least 6 hours until answered 200-204, so one report may
// come twice and a late "sent" may arrive after the final word (46elks.se/docs/sms-delivery-reports).
import { instantOf, todayIn, type Clock } from '../shared/time.js';

export const DELIVERY_STATUSES = ['sent', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface Delivery {
  status: DeliveryStatus;
  /** When the handset got it (UTC, ISO), only when delivered. */
  delivered_at: string | null;
  reported_at: string;
}

/**
 * The item's delivery after a report: a final word (delivered, failed) is never taken back by a
 * late "sent", and the same report again changes nothing (returns null: nothing to store).
 */
export function nextDelivery(
  current: Delivery | undefined,
  report: { status: DeliveryStatus; delivered: string | null },
  at: Date,
): Delivery | null {
  if (current && current.status !== 'sent') return null;
  if (current?.status === report.status) return null;
  return {
    status: report.status,
    delivered_at: report.status === 'delivered' ? deliveredAt(report.delivered, at) : null,
    reported_at: at.toISOString(),
  };
}

/** 46elks writes "2018-07-13T13:57:23.741000" in UTC without a zone; stored as an ISO instant. */
function deliveredAt(value: string | null, fallback: Date): string {
  if (!value) return fallback.toISOString();
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const instant = new Date(zoned.replace(' ', 'T'));
  return Number.isNaN(instant.getTime()) ? fallback.toISOString() : instant.toISOString();
}

/** The kiosk's current calendar month (yyyy-MM in KIOSK_TZ) and its bounds as instants. */
export function currentMonth(clock: Clock): { month: string; from: Date; to: Date } {
  const month = todayIn(clock).slice(0, 7);
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return {
    month,
    from: instantOf(`${month}-01`, '00:00', clock.timeZone),
    to: instantOf(`${next}-01`, '00:00', clock.timeZone),
  };
}
