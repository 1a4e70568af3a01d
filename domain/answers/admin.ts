// The staff's answers: account and sessions, bookings, bonus codes, statistics, calendar, VIP.
import { z } from 'zod';
import { bookingSchema, bookingStatusSchema } from './booking.js';
import { ORDER_SOURCES } from '../kioskDay/orderSource.js';
import { BOOKING_CHANGE_EVENTS } from '../kioskDay/bookingChanges.js';
import { WAITLIST_EVENTS } from '../kioskDay/waitlistState.js';
import { clockTime, flagNumber, instant, isoDate } from './common.js';
import { ADMIN_ROLES } from '../admins/roles.js';
import { allergenCodeSchema } from '../menu/allergenSchema.js';

// ---- account ----
export const adminUserSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    /** rule: admin-roles. 'owner' may do everything; 'staff' bookings, kitchen, counter and the mail log. */
    role: z.enum(ADMIN_ROLES),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;
export const userAnswerSchema = z.strictObject({ user: adminUserSchema });
export const adminListSchema = z.array(adminUserSchema);

export const adminSessionSchema = z.strictObject({
  id: z.string(),
  admin_id: z.number().int(),
  admin_email: z.string(),
  started_at: instant,
  expires_at: instant,
  current: z.boolean(),
});
export const adminSessionListSchema = z.array(adminSessionSchema);

// ---- bookings ----
export const bookingListSchema = z.array(bookingSchema);

/** GET /admin/bookings/{id}: the booking, and how many earlier bookings under its e-mail were no-shows (rule: no-shows). */
export const bookingDetailsSchema = bookingSchema.extend({ earlier_no_shows: z.number().int() });
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

export const bookingChangedSchema = z.strictObject({ success: z.literal(true), booking: bookingSchema });

/** GET /admin/bookings/{id}/history: oldest first, read from the event log. */
export const bookingHistorySchema = z.array(
  z.strictObject({
    type: z.string(),
    time: instant,
    /** 'customer', the staff member's e-mail or 'system' */
    actor: z.string(),
    /** The fields the event set (status, previous_status, reason, by, the order on placement). */
    data: z.record(z.string(), z.unknown()),
  }),
);

/** GET /admin/kitchen: the kitchen board's day, its pending and confirmed orders in time order. */
export const kitchenDaySchema = z
  .strictObject({
    date: isoDate,
    /** Today in the kiosk's time zone. */
    today: isoDate,
    bookings: z.array(bookingSchema),
    /**
     * Rule allergen-change: today's declarations of the pizzas and extras on the menu, so the board
     * and the ticket show a line's allergens as they are now and flag a change since ordering.
     */
    declarations: z
      .strictObject({
        pizzas: z.array(z.strictObject({ id: z.number().int(), allergens: z.array(allergenCodeSchema).nullable() })),
        extras: z.array(z.strictObject({ id: z.number().int(), allergens: z.array(allergenCodeSchema) })),
      })
      .optional(),
  })
  .meta({ id: 'KitchenDay' });
export type KitchenDay = z.infer<typeof kitchenDaySchema>;

/** One change the admin's live stream (GET /admin/live, server-sent events) tells of. */
export const bookingChangeSchema = z.strictObject({
  type: z.enum(BOOKING_CHANGE_EVENTS),
  booking_id: z.string(),
  booking_date: isoDate.optional(),
  booking_time: clockTime.optional(),
  name: z.string().optional(),
  total_pizzas: z.number().int().optional(),
});
export type BookingChange = z.infer<typeof bookingChangeSchema>;

/** A change to a day's waitlist on the same stream (event: waitlist): which entry, of which date. No name or e-mail. */
export const waitlistChangeSchema = z.strictObject({
  type: z.enum(WAITLIST_EVENTS),
  waitlist_id: z.string(),
  date: isoDate,
});
export type WaitlistChange = z.infer<typeof waitlistChangeSchema>;

// ---- bonus codes ----
export const bonusCodeSchema = z
  .strictObject({
    id: z.number().int(),
    code: z.string(),
    description: z.string(),
    discount_percentage: z.number(),
    usage_limit: z.number().int().nullable(),
    used_count: z.number().int(),
    expires_at: z.string().nullable(),
    is_active: flagNumber,
  })
  .meta({ id: 'BonusCode' });
export type BonusCode = z.infer<typeof bonusCodeSchema>;
export const bonusCodeListSchema = z.array(bonusCodeSchema);

// ---- statistics (revenue in kronor) ----
export const statsOverviewSchema = z.strictObject({
  overview: z.strictObject({
    total_bookings: z.number().int(),
    confirmed_bookings: z.number().int(),
    pending_bookings: z.number().int(),
    cancelled_bookings: z.number().int(),
    total_pizzas: z.number().int(),
    /** rule: no-shows. Confirmed bookings of the period up to today marked Uteblev, and their share in percent. */
    no_shows: z.number().int(),
    no_show_rate: z.number(),
  }),
  /** rule: staff-orders. The period's pending and confirmed bookings per source, with each share in percent. */
  sources: z.array(z.strictObject({ source: z.enum(ORDER_SOURCES), bookings: z.number().int(), share: z.number() })),
  revenue: z.strictObject({ total_revenue: z.number(), avg_order_value: z.number() }),
  today: z.strictObject({ bookings: z.number().int(), pizzas: z.number().int() }),
});
export type StatsOverview = z.infer<typeof statsOverviewSchema>;

export const topPizzasSchema = z.strictObject({
  pizzas: z.array(z.strictObject({ name: z.string(), total_ordered: z.number().int(), total_revenue: z.number() })),
});
export type TopPizzas = z.infer<typeof topPizzasSchema>;
export const peakTimesSchema = z.strictObject({
  peak_hours: z.array(z.strictObject({ hour: z.string(), bookings_count: z.number().int() })),
});
export type PeakTimes = z.infer<typeof peakTimesSchema>;
export const salesSchema = z.strictObject({
  sales: z.array(z.strictObject({ period: z.string(), bookings_count: z.number().int(), revenue: z.number() })),
});
export type Sales = z.infer<typeof salesSchema>;

// ---- settings ----
/** POST /admin/settings/sync-calendar */
export const calendarSyncSchema = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  updated_days: z.number().int(),
  open_days: z.number().int(),
  kept_days: z.number().int(),
  until: isoDate,
});

// ---- calendar ----
export const calendarDaySchema = z
  .strictObject({
    date: isoDate,
    isOpen: z.boolean(),
    openTime: clockTime,
    closeTime: clockTime,
    isVIP: z.boolean(),
    vipDescription: z.string().nullable(),
    bookings: z.number().int(),
    hasOwnEntry: z.boolean(),
    /** The closure covering the date (rule: closures): the day takes no booking whatever its hours. */
    closure: z.strictObject({ id: z.number().int(), reason: z.string() }).nullable(),
  })
  .meta({ id: 'CalendarDay' });
export type CalendarDay = z.infer<typeof calendarDaySchema>;
export const calendarWeekSchema = z.strictObject({ schedule: z.record(z.string(), calendarDaySchema) });
export type CalendarWeek = z.infer<typeof calendarWeekSchema>;
export const calendarDaySavedSchema = z.strictObject({ success: z.literal(true), day: calendarDaySchema });

// ---- closures (rule: closures) ----
export const closureSchema = z
  .strictObject({ id: z.number().int(), from: isoDate, to: isoDate, reason: z.string(), recurring: z.boolean() })
  .meta({ id: 'Closure' });
export type Closure = z.infer<typeof closureSchema>;
export const closureListSchema = z.strictObject({ closures: z.array(closureSchema) });
export type ClosureList = z.infer<typeof closureListSchema>;

/** A pending or confirmed booking on a closed date, today or later (rule: closure-bookings). */
export const affectedBookingSchema = z
  .strictObject({
    id: z.string(),
    date: isoDate,
    time: clockTime,
    name: z.string(),
    total_pizzas: z.number().int(),
    status: z.enum(['pending', 'confirmed']),
  })
  .meta({ id: 'AffectedBooking' });
export type AffectedBooking = z.infer<typeof affectedBookingSchema>;
export const closureCreatedSchema = z.strictObject({
  closure: closureSchema,
  affected_bookings: z.array(affectedBookingSchema),
});
export type ClosureCreated = z.infer<typeof closureCreatedSchema>;
export const closureBookingsSchema = z.strictObject({ affected_bookings: z.array(affectedBookingSchema) });
export type ClosureBookings = z.infer<typeof closureBookingsSchema>;
/** POST /admin/closures/{id}/cancel-bookings: how many this call cancelled (a retry: 0). */
export const closureBookingsCancelledSchema = z.strictObject({ success: z.literal(true), cancelled: z.number().int() });
export type ClosureBookingsCancelled = z.infer<typeof closureBookingsCancelledSchema>;

// ---- VIP ----
export const vipCustomerSchema = z
  .strictObject({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    notes: z.string().nullable(),
    active: flagNumber,
    created_at: instant,
    /** When the customer unsubscribed from invitations through a mail's link (rule: vip-unsubscribe), else null. */
    unsubscribed_at: instant.nullable().optional(),
  })
  .meta({ id: 'VipCustomer' });
export type VipCustomer = z.infer<typeof vipCustomerSchema>;
export const vipCustomerListSchema = z.array(vipCustomerSchema);

/** A VIP date; its id is the date itself. */
export const vipDateSchema = z
  .strictObject({
    id: isoDate,
    date: isoDate,
    description: z.string().nullable(),
    active: z.literal(1),
    created_by: z.string().nullable(),
  })
  .meta({ id: 'VipDate' });
export type VipDate = z.infer<typeof vipDateSchema>;
export const vipDateListSchema = z.array(vipDateSchema);
export const vipDateCreatedSchema = z.strictObject({ success: z.literal(true), vip_date: vipDateSchema });

export const vipLinkSchema = z.strictObject({ url: z.string(), expires_at: instant, token: z.string() });
export type VipLink = z.infer<typeof vipLinkSchema>;

export const vipInvitationSentSchema = z.strictObject({
  success: z.literal(true),
  sent: z.number().int(),
  invitations: z.array(
    z.strictObject({
      id: z.string(),
      customer_id: z.number().int(),
      email: z.string(),
      name: z.string(),
      url: z.string(),
      expires_at: instant,
    }),
  ),
});
export type VipInvitationSent = z.infer<typeof vipInvitationSentSchema>;

/** GET /admin/vip-invitations: sent invitations, newest first (never the token). */
export const vipInvitationSchema = z.strictObject({
  id: z.string(),
  vip_customer_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  subject: z.string(),
  message: z.string(),
  vip_date: isoDate.nullable(),
  expires_at: instant,
  sent_at: instant,
});
export type VipInvitation = z.infer<typeof vipInvitationSchema>;
export const vipInvitationListSchema = z.array(vipInvitationSchema);

export { bookingStatusSchema };
