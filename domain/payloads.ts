// zod schemas of every request payload SPEC section 7 names that is not a whole entity (those sit
// beside their decider: settingsSchema, pizzaInputSchema, bonusCodeInputSchema,
// vipCustomerInputSchema). The api validates with them; the ui reuses them for its forms.
import { MAIL_KINDS, MAIL_STATUSES } from './mail/mailLog.js';
import { z } from 'zod';
import { msg } from './messages.js';
import { flag, optionalText } from './shared/fields.js';
import { daysBetween, normaliseDate, normaliseTime } from './shared/time.js';
import { CLOSURE_REASON_MAX, closureProblem } from './closures/closures.js';
import { KITCHEN_STEPS } from './kioskDay/kitchen.js';
import { ORDER_TEXT_MAX } from './kioskDay/orderLimits.js';
import { STAFF_ORDER_SOURCES } from './kioskDay/orderSource.js';
import { hasPhoneDigits } from './kioskDay/staffOrder.js';
import { VIP_CALENDAR_LINK_HOURS, VIP_INVITATION_HOURS, clampLinkHours } from './vip/vipLinks.js';

/** yyyy-MM-dd, also accepting an ISO date-time (SPEC 5: date keys are normalised). */
export const dateField = (required: string = msg.dateRequired, invalid: string = msg.invalidDate) =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .transform((v, ctx) => {
      const d = normaliseDate(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return d;
    });

export const timeField = (required: string = msg.timeRequired) =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .transform((v, ctx) => {
      const t = normaliseTime(v);
      if (!t) {
        ctx.addIssue({ code: 'custom', message: msg.invalidTime });
        return z.NEVER;
      }
      return t;
    });

const emailField = z
  .string({ error: msg.invalidEmail })
  .trim()
  .pipe(z.email({ error: msg.invalidEmail }));
const bool = flag();

/**
 * A booking that does not say `dine_in` is take-away (rule: dine-in, issue 45): the booking page's
 * own starting state (SPEC 4: the form resets to dine_in false; its box "Äta på plats (annars
 * avhämtning)" starts unticked), so an API client that leaves the field out orders what a customer
 * who leaves the box alone orders, and is charged take-away's VAT (rule: vat-per-receipt).
 */
export const DEFAULT_DINE_IN = false;

/** POST /bookings (SPEC 3 booking creation payload, plus optional bonus_code and vip_token). */
export const bookingPayloadSchema = z.object({
  date: dateField(),
  time: timeField(),
  name: z.string({ error: msg.nameTooShort }).trim().min(2, { error: msg.nameTooShort }).max(ORDER_TEXT_MAX.name),
  email: emailField,
  phone: optionalText(ORDER_TEXT_MAX.phone),
  /** "SMS när pizzan är klar" (rule: sms-notices): needs a mobile number. */
  sms_when_ready: bool.optional(),
  dine_in: bool.optional().default(DEFAULT_DINE_IN),
  comment: optionalText(ORDER_TEXT_MAX.comment),
  items: z
    .array(
      z.object({
        pizza_id: z.coerce.number({ error: msg.unknownPizza }).int({ error: msg.unknownPizza }),
        qty: z.coerce
          .number({ error: msg.atLeastOnePizza })
          .int({ error: msg.atLeastOnePizza })
          .min(0, { error: msg.atLeastOnePizza })
          .max(1000),
        // Issue 29: extra ids and ingredients to leave out; a line with other ones is another line.
        extras: z
          .array(z.coerce.number({ error: msg.unknownExtra }).int({ error: msg.unknownExtra }), {
            error: msg.unknownExtra,
          })
          .max(20)
          .optional(),
        without: z
          .array(z.string({ error: msg.removableIngredient }).max(40), { error: msg.removableIngredient })
          .max(20)
          .optional(),
      }),
      { error: msg.atLeastOnePizza },
    )
    .max(100),
  requested_pizzas: z.coerce
    .number({ error: msg.pizzaCountMin })
    .int({ error: msg.pizzaCountMin })
    .min(1, { error: msg.pizzaCountMin }),
  bonus_code: optionalText(40),
  vip_token: optionalText(200),
  /**
   * rule: swish-prepay. The customer chose to pay with Swish now where the kiosk offers it; a
   * payment the kiosk requires is asked for without it, and with Swish off it asks nothing.
   */
  pay_with_swish: bool.optional(),
});
export type BookingPayload = z.infer<typeof bookingPayloadSchema>;

/**
 * POST /bookings' optional Idempotency-Key header (rule: idempotent-booking): the browser makes
 * one (a UUID) per press of the booking button and resends it with every retry. A header that is
 * sent must be 1-100 of A-Z a-z 0-9 _ - : . ; an empty or repeated one (Node joins repeats with
 * ', ') is refused rather than taken as no key.
 */
export const idempotencyKeySchema = z
  .string({ error: msg.invalidIdempotencyKey })
  .regex(/^[A-Za-z0-9_\-:.]{1,100}$/, { error: msg.invalidIdempotencyKey });

const vipTokenQuery = optionalText(200);

/** GET /open-days?days=30[&vip_token=] */
export const openDaysQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).catch(30).default(30),
  vip_token: vipTokenQuery,
});

/** GET /availability?date= and GET /test-availability?date=&pizzas=[&vip_token=] */
export const availabilityQuerySchema = z.object({
  date: dateField(),
  pizzas: z.coerce
    .number({ error: msg.pizzaCountMin })
    .int({ error: msg.pizzaCountMin })
    .min(1, { error: msg.pizzaCountMin })
    .default(1),
  vip_token: vipTokenQuery,
});

/** POST /bookings/lookup (SPEC 5: both required). */
export const lookupSchema = z.object({
  email: z.string({ error: msg.lookupFieldsRequired }).trim().min(1, { error: msg.lookupFieldsRequired }),
  booking_id: z
    .union([z.string(), z.number()], { error: msg.lookupFieldsRequired })
    .transform(String)
    .pipe(z.string().trim().min(1, { error: msg.lookupFieldsRequired })),
});

/** POST /bookings/{id}/cancel-public */
export const publicCancelSchema = z.object({
  email: z.string({ error: msg.lookupFieldsRequired }).trim().min(1, { error: msg.lookupFieldsRequired }),
});

/** POST /bookings/{id}/reschedule (rule: reschedule): the booking's e-mail and the new date and time. */
export const rescheduleSchema = z.object({
  email: publicCancelSchema.shape.email,
  date: dateField(),
  time: timeField(),
});

/** GET /bookings/{id}/reschedule-slots?email=&date= (rule: reschedule): the slots the booking may move to on a date. */
export const rescheduleSlotsQuerySchema = z.object({
  email: publicCancelSchema.shape.email,
  date: dateField(),
});

/** GET /bookings/{id}/calendar.ics?email= : the booking's e-mail, as for a cancellation. */
export const calendarQuerySchema = publicCancelSchema;

/** POST /validate-bonus-code */
export const validateBonusCodeSchema = z.object({
  code: z.string({ error: msg.bonusCodeRequired }).trim().min(1, { error: msg.bonusCodeRequired }),
});

/** POST /admin/login (SPEC 5: admin login). */
export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: msg.passwordRequired }).min(1, { error: msg.passwordRequired }),
});

/** PUT /admin/bookings/{id}/cancel */
export const staffCancelSchema = z.object({
  reason: z.string({ error: msg.cancelReasonRequired }).trim().min(1, { error: msg.cancelReasonRequired }).max(500),
});

/**
 * POST /admin/closures (rule: closures): from and to as yyyy-MM-dd (only month and day count when
 * recurring), a reason, recurring (default false). The rule's refusals stand under their fields.
 */
export const closureInputSchema = z
  .object({
    from: dateField(),
    to: dateField(),
    reason: z
      .string({ error: msg.closureReasonRequired })
      .trim()
      .min(1, { error: msg.closureReasonRequired })
      .max(CLOSURE_REASON_MAX, { error: msg.closureReasonTooLong(CLOSURE_REASON_MAX) }),
    recurring: bool.optional().default(false),
  })
  .superRefine((input, ctx) => {
    // The fields above answer for dates and reason (zod runs this even when one of them failed);
    // the range's order is the one rule across fields.
    const problem = closureProblem(input);
    if (problem?.code === 'ends_before_start')
      ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });

/** POST /admin/closures/{id}/cancel-bookings: the message every affected customer gets. */
export const closureCancelSchema = z.object({
  message: z
    .string({ error: msg.closureMessageRequired })
    .trim()
    .min(1, { error: msg.closureMessageRequired })
    .max(500),
});

/** PUT /admin/bookings/{id}/kitchen: the order's next step in the kitchen, or undo (rule: kitchen-steps). */
export const kitchenStepSchema = z.object({
  step: z.enum(KITCHEN_STEPS, { error: msg.kitchenInvalidStep }),
});
export type KitchenStepPayload = z.infer<typeof kitchenStepSchema>;

/** GET /admin/kitchen?date= : the kitchen board's day (blank or left out: today in the kiosk's time zone). */
export const kitchenQuerySchema = z.object({
  date: z.preprocess((value) => (value === '' ? undefined : value), dateField().optional()),
});

/** A query filter a form sends blank when it is cleared: blank means no filter. */
const filter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** GET /admin/bookings?date=&status= ; date also takes 'today' and 'tomorrow' (SPEC 2 filters). */
export const bookingsQuerySchema = z.object({
  status: filter(z.enum(['pending', 'confirmed', 'cancelled', 'all'])),
  date: filter(z.union([z.enum(['today', 'tomorrow', 'all']), dateField()])),
});

/** GET /admin/daily-report?date= (SPEC 5: 'Välj ett giltigt datum'). */
export const dailyReportQuerySchema = z.object({
  date: z
    .string({ error: msg.invalidReportDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.invalidReportDate })
    .pipe(dateField(msg.invalidReportDate, msg.invalidReportDate)),
});

/** GET /admin/bookings/report?startDate=&endDate= */
export const bookingsReportQuerySchema = z
  .object({
    startDate: dateField(msg.reportDatesRequired),
    endDate: dateField(msg.reportDatesRequired),
  })
  .refine((q) => q.startDate <= q.endDate, { error: msg.reportStartAfterEnd });

export const periodSchema = z.enum(['week', 'month', 'year']).catch('week').default('week');

export const statsQuerySchema = z.object({
  period: periodSchema,
  limit: z.coerce.number().int().min(1).max(100).catch(10).default(10),
  group_by: z.enum(['day', 'week', 'month']).catch('day').default('day'),
});

/** GET /admin/calendar/week?start=&end= */
/** The longest range GET /admin/calendar/week shows (end defaults to start + 6). */
export const CALENDAR_RANGE_MAX_DAYS = 62;

export const calendarWeekQuerySchema = z
  .object({ start: dateField(), end: dateField().optional() })
  .refine((q) => !q.end || q.start <= q.end, { error: msg.reportStartAfterEnd })
  .refine((q) => !q.end || daysBetween(q.start, q.end) <= CALENDAR_RANGE_MAX_DAYS, { error: msg.invalidRequest });

/** POST /admin/calendar/day */
export const calendarDaySchema = z.object({
  date: dateField(),
  isOpen: bool,
  openTime: timeField().optional(),
  closeTime: timeField().optional(),
});

/** POST /admin/vip-dates ; DELETE /admin/vip-dates with body date */
export const vipDateSchema = z.object({ date: dateField(), description: optionalText(300) });
export const vipDateDeleteSchema = z.object({ date: dateField() });

const hours = (fallback: number) => z.coerce.number().catch(fallback).optional();

/** POST /admin/vip-links/generate-for-date */
export const vipLinkForDateSchema = z.object({
  vip_date_id: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(dateField(msg.vipDateNotFound, msg.vipDateNotFound)),
  expires_hours: hours(VIP_CALENDAR_LINK_HOURS).transform((h) => clampLinkHours(h || VIP_CALENDAR_LINK_HOURS)),
});

/** POST /admin/vip-links/generate */
export const vipLinkSchema = z.object({
  vip_customer_id: z.coerce.number({ error: msg.vipCustomerNotFound }).int({ error: msg.vipCustomerNotFound }),
  expires_hours: hours(72).transform((h) => clampLinkHours(h)),
  vip_date_id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)))
    .pipe(z.union([z.null(), dateField(msg.vipDateNotFound, msg.vipDateNotFound)])),
});

/** POST /admin/vip-invitations/send */
export const vipInvitationSchema = z.object({
  customer_ids: z
    .array(z.coerce.number().int(), { error: msg.invitationCustomersRequired })
    .min(1, { error: msg.invitationCustomersRequired }),
  subject: z
    .string({ error: msg.invitationSubjectRequired })
    .trim()
    .min(1, { error: msg.invitationSubjectRequired })
    .max(200),
  message: z
    .string({ error: msg.invitationMessageRequired })
    .trim()
    .min(1, { error: msg.invitationMessageRequired })
    .max(5000),
  expires_hours: z.coerce
    .number({ error: msg.invitationHours })
    .int({ error: msg.invitationHours })
    .min(VIP_INVITATION_HOURS.min, { error: msg.invitationHours })
    .max(VIP_INVITATION_HOURS.max, { error: msg.invitationHours })
    .default(VIP_INVITATION_HOURS.default),
  vip_date_id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)))
    .pipe(z.union([z.null(), dateField(msg.vipDateNotFound, msg.vipDateNotFound)])),
});

/** POST /notifications/subscribe: a Web Push subscription object. */
// Sizes bounded so a subscription cannot be used to store junk: a push service's endpoint is an
// https URL of a few hundred characters, p256dh an 87-character and auth a 22-character base64url key.
const pushError = { error: msg.invalidPushSubscription };
export const pushSubscriptionSchema = z
  .object(
    {
      endpoint: z.url({ protocol: /^https$/, ...pushError }).max(1000, pushError),
      expirationTime: z.number(pushError).nullish(),
      keys: z
        .object(
          {
            p256dh: z.string(pushError).min(1, pushError).max(200, pushError),
            auth: z.string(pushError).min(1, pushError).max(100, pushError),
          },
          pushError,
        )
        .partial()
        .optional(),
      // Optional (rule: ready-notice): the booking whose ready notice this browser asks for, with
      // its e-mail, which must match the booking as in a lookup. Both or neither.
      booking_id: z.string(pushError).trim().min(1, pushError).max(40, pushError).optional(),
      email: z.string(pushError).trim().min(1, pushError).max(254, pushError).optional(),
    },
    pushError,
  )
  .refine((s) => (s.booking_id === undefined) === (s.email === undefined), pushError);

/** A route's numeric id (pizzas, bonus codes, VIP customers, admins): anything else is not found. */
export const numericIdParams = (notFound: string) =>
  z.object({ id: z.coerce.number({ error: notFound }).int({ error: notFound }).min(1, { error: notFound }) });

/** A route's text id (booking numbers, session ids). */
export const idParams = z.object({ id: z.string() });

/** DELETE /admin/vip-dates/{id}: the id of a VIP date is its date. */
export const vipDateIdParams = z.object({ id: vipDateDeleteSchema.shape.date });

/** GET /vip/access/{token} */
export const tokenParams = z.object({ token: z.string() });

/** POST /bookings' headers: the optional Idempotency-Key (other headers pass untouched). */
export const bookingHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

/** GET /admin/customers/export and POST /admin/customers/erase: the customer's e-mail. */
/**
 * Kunddata's lookup and erasure: a customer by e-mail, or one known only by phone (a phone order
 * without e-mail, sealed under its number: rule staff-orders). Exactly one of the two.
 */
export const customerQuerySchema = z
  .object({
    email: emailField.optional(),
    phone: z
      .string()
      .trim()
      .refine(hasPhoneDigits, { error: msg.staffOrderPhoneInvalid })
      .optional()
      .meta({ description: 'En kund utan e-postadress (telefonbeställning): numret, med minst 6 siffror' }),
    // Issue 45: a counter or phone order with only a name is found by its number (rule: erasure).
    booking_id: z
      .string()
      .trim()
      .regex(/^\d{8}-\d+$/, { error: msg.customerBookingIdInvalid })
      .optional()
      .meta({ description: 'Ett ordernummer (till exempel 20261207-3): kunden som beställningen gäller' }),
  })
  .superRefine((query, ctx) => {
    const given = [query.email, query.phone, query.booking_id].filter((v) => v !== undefined).length;
    if (given === 0) ctx.addIssue({ code: 'custom', path: ['email'], message: msg.customerQueryRequired });
    else if (given > 1) ctx.addIssue({ code: 'custom', path: ['email'], message: msg.customerQueryOne });
  });

/** GET /admin/customers/orders: a date's orders by (part of) the customer's name (issue 45). */
export const customerOrdersQuerySchema = z.object({
  name: z
    .string({ error: msg.customerOrdersName })
    .trim()
    .min(2, { error: msg.customerOrdersName })
    .max(100, { error: msg.customerOrdersName }),
  date: dateField(),
});
export type CustomerOrdersQuery = z.infer<typeof customerOrdersQuerySchema>;
export type CustomerQuery = z.infer<typeof customerQuerySchema>;

/** POST /waitlist (rule: waitlist): the slot, who, and how many pizzas; vip_token for a VIP day. */
export const waitlistJoinSchema = z.object({
  date: dateField(),
  time: timeField(),
  name: bookingPayloadSchema.shape.name,
  email: emailField,
  requested_pizzas: bookingPayloadSchema.shape.requested_pizzas,
  vip_token: optionalText(200),
});
export type WaitlistJoinPayload = z.infer<typeof waitlistJoinSchema>;

/** POST /waitlist/{token}/book: the booking payload's customer and items (date, time and count come from the offer). */
export const waitlistBookSchema = bookingPayloadSchema.pick({
  name: true,
  email: true,
  phone: true,
  dine_in: true,
  comment: true,
  items: true,
});
export type WaitlistBookPayload = z.infer<typeof waitlistBookSchema>;

/** GET /admin/mails?status=&booking_id=&kind=&limit= : the mail log, newest first. */
export const mailsQuerySchema = z.object({
  status: filter(z.enum(MAIL_STATUSES)),
  booking_id: filter(z.string().max(100)),
  kind: filter(z.enum(MAIL_KINDS)),
  limit: filter(z.coerce.number().int().min(1).max(500)),
});
export type MailsQuery = z.infer<typeof mailsQuerySchema>;

/** GET /admin/waitlist?date= : one date's queues ('today', 'tomorrow' or yyyy-MM-dd); blank: every entry from today on. */
export const waitlistQuerySchema = z.object({
  date: filter(z.union([z.enum(['today', 'tomorrow', 'all']), dateField()])),
});

/**
 * POST /admin/staff-orders (rule: staff-orders): an order staff take at the counter or on the
 * phone. Name optional, e-mail optional (no mail without one), a phone number for phone orders
 * (checked by the decider); `override_capacity` once staff confirmed taking a full slot.
 */
export const staffOrderPayloadSchema = z.object({
  source: z.enum(STAFF_ORDER_SOURCES, { error: msg.staffOrderSourceInvalid }),
  date: dateField(),
  time: timeField(),
  name: optionalText(ORDER_TEXT_MAX.name),
  email: z
    .string({ error: msg.invalidEmail })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(emailField.nullable()),
  phone: optionalText(ORDER_TEXT_MAX.phone),
  dine_in: bool.optional().default(false),
  comment: optionalText(ORDER_TEXT_MAX.comment),
  items: bookingPayloadSchema.shape.items,
  override_capacity: bool.optional().default(false),
});
export type StaffOrderPayload = z.infer<typeof staffOrderPayloadSchema>;

/** GET /admin/stats/overview?period= (rule: no-shows): the period of its no-show and source figures. */
export const statsPeriodQuerySchema = z.object({ period: periodSchema });
/** GET /vat-rate (issue 29): the rate the order summary shows VAT at, for a date and an order type. */
export const vatRateQuerySchema = z.object({ date: dateField(), dine_in: flag() });
