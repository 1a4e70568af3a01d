// The read-model documents the projections write and the queries read. Collection names carry a
// version so a changed projection can build beside the old one.
import type { CalendarEntry } from '../domain/kioskDay/schedule.js';
import type { BookingLine, BookingOrder, BookingStatus, CancelledBy } from '../domain/kioskDay/kioskDay.js';
import type { KitchenStatus } from '../domain/kioskDay/kitchen.js';
import type { BookingPayment } from '../domain/kioskDay/swishPayment.js';
import type { Settings } from '../domain/settings/settings.js';
import type { Closure } from '../domain/closures/closures.js';
import type { ClosedPeriod } from '../domain/accounting/periods.js';
import type { AllergenDeclaration, AllergenKinds } from '../domain/menu/allergens.js';
import { lineChoicesText } from '../domain/kioskDay/orderLines.js';

export const COLLECTIONS = {
  pizzas: 'pizzas_v1',
  settings: 'settings_v1',
  days: 'days_v1',
  bookings: 'bookings_v1',
  vipCustomers: 'vip_customers_v1',
  vipLinks: 'vip_links_v1',
  vipInvitations: 'vip_invitations_v1',
  bonusCodes: 'bonus_codes_v1',
  statsDays: 'stats_days_v1',
  pushSubscriptions: 'push_subscriptions_v1',
  moves: 'moves_v1',
  adminSessions: 'admin_sessions_v1',
  closures: 'closures_v1',
  waitlist: 'waitlist_v1',
  accountingPeriods: 'accounting_periods_v1',
} as const;

/** A closed accounting period (rule: closed-periods), keyed by its month yyyy-MM: the event's data. */
export type AccountingPeriodDoc = ClosedPeriod & { id: string };

/**
 * Every closure in effect, in one document (id 'all'): every availability query and open-days
 * answer needs them all, and one cached document reads in no time (rule: closures).
 */
export type ClosuresDoc = {
  id: 'all';
  closures: Closure[];
};

export type PizzaDoc = {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  active: 0 | 1;
  /** The declaration; null (or absent, in documents from before declarations) when undeclared. */
  allergens?: AllergenDeclaration;
  /** Ingredients it can be made without (issue 29); absent in documents from before. */
  removable?: string[];
  /** Rule allergen-kinds: the cereal or nut named; absent in documents from before. */
  allergen_kinds?: AllergenKinds;
};

export type SettingsDoc = {
  id: 'current';
  settings: Settings;
};

/** One per date that has a calendar entry, a VIP marking or bookings. */
export type DayDoc = {
  id: string;
  date: string;
  entry: CalendarEntry | null;
  is_vip: boolean;
  vip_description: string | null;
  vip_created_by: string | null;
  /** Pizzas of pending and confirmed bookings, and of held waitlist offers, per booked time. */
  pizzas_by_time: Record<string, number>;
  /** Pending and confirmed bookings. */
  active_bookings: number;
};

/** A booking as the read model keeps it: the domain's order (BookingOrder) and where it stands. */
export type BookingDoc = BookingOrder & {
  id: string;
  status: BookingStatus;
  /**
   * Where the order is in the kitchen (rule: kitchen-steps). Absent until the first step and
   * again once undone to before the oven, so documents written before the kitchen existed and
   * ones rebuilt from the same events are alike (same digest); answers say null (bookingView).
   */
  kitchen_status?: KitchenStatus;
  pizza_summary: string;
  created_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  cancelled_by: CancelledBy | null;
  cancel_reason: string | null;
  /**
   * rule: reschedule. `moved_from`: this booking was moved here from that number; `moved_to`:
   * moved to that number (then shown as cancelled: SPEC has three statuses). Absent in documents
   * written before moves existed.
   */
  moved_from?: string | null;
  moved_to?: string | null;
  /**
   * rule: slot-delay. The time the order is now ready when staff pushed its slot back (booking_time
   * + the delay); absent when not delayed, and again once the delay is undone.
   */
  delayed_to?: string;
  /** rule: swish-payment. Its Swish payment; absent on a booking never asked to pay in advance. */
  payment?: BookingPayment;
  /**
   * rules swish-payment, swish-refund. What Swish still has to answer about it: its payment request
   * (pending, or cancelled while requested: to be cancelled at Swish), or its refund. Indexed: the
   * work the Swish watches follow (api/swish/payments.ts, refunds.ts); never in an answer.
   */
  swish_open?: 'payment' | 'refund';
};

/**
 * A move to another date with its first step done and its second not yet seen (rule: reschedule):
 * what recovery finishes. Keyed by the new booking's number; gone once the old booking points at
 * it or the new booking is cancelled.
 */
export type MoveDoc = {
  id: string;
  from: string;
  booking_date: string;
  booking_time: string;
  email: string;
  /** When the customer asked (step 1): step 2 checks the cut-off at this instant. */
  requested_at: string;
};

export type VipCustomerDoc = {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  notes: string | null;
  active: 0 | 1;
  created_at: string;
  /** When the customer unsubscribed from invitations (rule: vip-unsubscribe); absent before it existed. */
  unsubscribed_at?: string | null;
};

export type VipLinkDoc = {
  id: string;
  token: string;
  vip_customer_id: number | null;
  vip_date: string | null;
  expires_at: string;
  created_at: string;
};

export type VipInvitationDoc = {
  id: string;
  vip_customer_id: number;
  email: string;
  name: string;
  subject: string;
  message: string;
  token: string;
  vip_date: string | null;
  expires_at: string;
  sent_at: string;
};

export type BonusCodeDoc = {
  id: string;
  code: string;
  description: string;
  discount_percentage: number;
  usage_limit: number | null;
  used_count: number;
  expires_at: string | null;
  is_active: 0 | 1;
};

/** Sales figures of one booking date (non-cancelled bookings unless named otherwise). */
export type StatsDayDoc = {
  id: string;
  date: string;
  /** Every booking placed for the date, cancelled ones included. */
  placed: number;
  pending: number;
  confirmed: number;
  cancelled: number;
  pizzas: number;
  revenue_cents: number;
  by_pizza: Record<string, { qty: number; revenue_cents: number }>;
  by_hour: Record<string, number>;
};

export type PushSubscriptionDoc = {
  id: string;
  endpoint: string;
  keys: Record<string, string>;
  subscribed_at: string;
  /** The bookings whose ready notice it asked for (absent in documents from before). */
  booking_ids?: string[];
};

/** A session not ended (it may have expired: compare expires_at). The id hashes the cookie's secret. */
export type AdminSessionDoc = {
  id: string;
  admin_id: number;
  started_at: string;
  expires_at: string;
};

/** One waitlist entry (rule: waitlist): the token finds it, staff list a date's queue. */
export type WaitlistDoc = {
  id: string;
  token: string;
  date: string;
  time: string;
  name: string;
  email: string;
  requested_pizzas: number;
  status: 'waiting' | 'offered' | 'booked' | 'lapsed' | 'left';
  joined_at: string;
  /** The join's position in the event log: the queue's order (joined_at may tie). */
  joined_position: number;
  offered_pizzas: number | null;
  hold_expires_at: string | null;
  booking_id: string | null;
};

export function pizzaSummary(items: BookingLine[]): string {
  // A line's extras and removals follow its pizza (issue 29): '1× Kebabpizza (+ Extra ost 15 kr, utan lök)'.
  return items
    .map((i) => {
      const choices = lineChoicesText(i);
      return `${i.qty}× ${i.pizza_name}${choices ? ` (${choices})` : ''}`;
    })
    .join(', ');
}
