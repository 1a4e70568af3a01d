// A booking's history for staff and auditors: every event of its kiosk-day stream that concerns
// it, in stream order, with who did it and what it changed. Read from the event log itself (not
// a read model), so it is exact and never lags.
import type { RecordedEvent } from '../eventStore.js';
import { kioskDayEvents, type KioskDayEvent } from './kioskDay.js';

export interface BookingHistoryEntry {
  type: string;
  /** When the command was handled (the event's metadata timestamp). */
  time: string;
  /** 'customer', the staff member's e-mail or 'system'. */
  actor: string;
  /** The fields the event set or changed. */
  data: Record<string, unknown>;
}

/** The booking's entries, oldest first; empty when no event in the stream names the booking. */
export function bookingHistory(stream: readonly RecordedEvent[], bookingId: string): BookingHistoryEntry[] {
  const entries: BookingHistoryEntry[] = [];
  for (const event of kioskDayEvents.decodeAll(stream)) {
    const data = changes(event);
    if (!data || (event.data as { booking_id?: string }).booking_id !== bookingId) continue;
    entries.push({ type: event.type, time: event.metadata.timestamp, actor: event.metadata.actor, data });
  }
  return entries;
}

function changes(event: KioskDayEvent): Record<string, unknown> | null {
  switch (event.type) {
    case 'BookingPlaced': {
      // Everything is new on placement; the id is the path's, the instant is `time`.
      const { booking_id: _id, placed_at: _at, ...placed } = event.data;
      return { status: 'pending', ...placed };
    }
    case 'BookingConfirmed':
      return { status: 'confirmed', previous_status: 'pending' };
    case 'BookingCancelled':
      return {
        status: 'cancelled',
        previous_status: event.data.previous_status,
        by: event.data.by,
        reason: event.data.reason,
        ...(event.data.move_undone ? { move_undone: true } : {}),
      };
    case 'BookingRescheduled':
      // rule: reschedule. Same date: the time moved, and the booking waits for staff again.
      return {
        status: 'pending',
        previous_status: event.data.previous_status,
        from_time: event.data.from_time,
        booking_time: event.data.to_time,
      };
    case 'BookingMovedAway':
      // rule: reschedule. Another date: the booking lives on under the new number.
      return {
        status: 'moved',
        previous_status: event.data.previous_status,
        moved_to: event.data.to,
        booking_date: event.data.to_date,
        booking_time: event.data.to_time,
      };
    case 'KitchenStepRecorded':
      return {
        step: event.data.step,
        kitchen_status: event.data.kitchen_status,
        previous_kitchen_status: event.data.previous_kitchen_status,
      };
    // The counter's evening (issue 29): the order delayed and the delay undone, a swap offered.
    case 'BookingDelayed':
      return { delay_minutes: event.data.minutes, delayed_to: event.data.delayed_to };
    case 'BookingDelayUndone':
      return { delay_minutes: 0, undone_minutes: event.data.minutes };
    case 'SoldOutSwapOffered':
      return { sold_out_pizza: event.data.pizza_name, swap_offered: true };
    // rule: swish-payment. The payment asked for, and how it ended (a failure's cancellation follows).
    case 'SwishPaymentRequested':
      return { payment_status: 'requested', amount_cents: event.data.amount_cents, expires_at: event.data.expires_at };
    case 'SwishPaymentPaid':
      return {
        payment_status: 'paid',
        amount_cents: event.data.amount_cents,
        payment_reference: event.data.payment_reference,
        // The payer's Swish number for staff; "[raderad]" once the customer is erased.
        ...(event.data.payer_alias ? { payer_alias: event.data.payer_alias } : {}),
      };
    case 'SwishPaymentFailed':
      return { payment_status: 'failed', reason: event.data.reason, error_code: event.data.error_code };
    // rule: swish-refund. The money asked back with the cancellation, and how Swish ended it.
    case 'SwishRefundRequested':
      return { refund_status: 'requested', amount_cents: event.data.amount_cents, refund_reason: event.data.reason };
    case 'SwishRefunded':
      return {
        refund_status: 'refunded',
        amount_cents: event.data.amount_cents,
        refund_reference: event.data.payment_reference,
      };
    case 'SwishRefundFailed':
      return {
        refund_status: 'failed',
        error_code: event.data.error_code,
        error_message: event.data.error_message,
      };
    case 'BookingReminded':
      // The status stays; the reminder is a step of its own (its mail follows from it).
      return { reminder_minutes_before: event.data.minutes_before };
    default:
      return null;
  }
}
