// The customer's answers: open days, availability, VIP access, a placed booking, lookup.
import { z } from 'zod';
import { KITCHEN_STATUSES } from '../kioskDay/kitchen.js';
import { ORDER_SOURCES } from '../kioskDay/orderSource.js';
import { clockTime, instant, isoDate } from './common.js';
import { allergenCodeSchema } from '../menu/allergenSchema.js';
import type { BookingOrder } from '../kioskDay/kioskDay.js';
import { SWISH_FAILURES } from '../kioskDay/swishPayment.js';

export const openDaySchema = z.strictObject({
  date: isoDate,
  openTime: clockTime,
  closeTime: clockTime,
  is_vip: z.boolean(),
  vip_description: z.string().nullable(),
});
export type OpenDay = z.infer<typeof openDaySchema>;

/** Who a valid VIP token greets (no e-mail: anyone holding the link sees this). */
export const vipGreetingSchema = z.strictObject({
  id: z.number().int().nullable(),
  name: z.string(),
  vip_date: isoDate.nullable(),
});
export type VipGreeting = z.infer<typeof vipGreetingSchema>;

/** The VIP customer a token names, as open days and availability tell it. */
export const vipCustomerOfTokenSchema = z.strictObject({
  id: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  vip_date: isoDate.nullable(),
});

/** GET /open-days */
export const openDaysAnswerSchema = z
  .strictObject({
    open_days: z.array(openDaySchema),
    vip_dates: z.array(openDaySchema),
    is_vip: z.boolean(),
    vip_customer: vipCustomerOfTokenSchema.nullable(),
    /** An invalid token: why, and the answer is as without one. */
    error: z.string().optional(),
  })
  .meta({ id: 'OpenDays' });
export type OpenDaysAnswer = z.infer<typeof openDaysAnswerSchema>;

export const slotSchema = z.strictObject({
  time: clockTime,
  available: z.boolean(),
  can_accommodate: z.boolean(),
  capacity_remaining: z.number().int(),
});
export type Slot = z.infer<typeof slotSchema>;

const availabilityShape = {
  available: z.boolean(),
  message: z.string().nullable(),
  slots: z.array(slotSchema),
  fits_request: z.boolean(),
};

/** GET /availability (not shown in SPEC) */
export const availabilityAnswerSchema = z
  .strictObject({ date: isoDate, ...availabilityShape })
  .meta({ id: 'Availability' });
export type Availability = z.infer<typeof availabilityAnswerSchema>;

/** GET /test-availability: the booking page's call */
export const testAvailabilityAnswerSchema = z
  .strictObject({
    ...availabilityShape,
    is_vip: z.boolean(),
    vip_customer: vipCustomerOfTokenSchema.nullable(),
    error: z.string().optional(),
  })
  .meta({ id: 'TestAvailability' });
export type AvailabilityAnswer = z.infer<typeof testAvailabilityAnswerSchema>;

/** GET /vip/access/{token} */
export const vipAccessAnswerSchema = z.strictObject({
  ...vipGreetingSchema.shape,
  customer: vipGreetingSchema,
  message: z.string(),
});
export type VipAccessAnswer = z.infer<typeof vipAccessAnswerSchema>;

export const bookingLineSchema = z.strictObject({
  pizza_id: z.number().int(),
  pizza_name: z.string(),
  qty: z.number().int(),
  price_cents: z.number().int(),
  /**
   * rule: allergen-declaration. The pizza's Annex II allergens as declared when the order was placed
   * ([]: none); null when the pizza had no declaration; absent on lines older than declarations.
   */
  allergens: z.array(allergenCodeSchema).nullable().optional(),
  /** Issue 29: the line's extras (price_cents above includes them); absent when none. */
  extras: z
    .array(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        price_cents: z.number().int(),
        allergens: z.array(allergenCodeSchema),
      }),
    )
    .optional(),
  /** Issue 29: ingredients left out ("lök": utan lök); absent when none. */
  without: z.array(z.string()).optional(),
});
export type BookingLine = z.infer<typeof bookingLineSchema>;

export const bookingStatusSchema = z.enum(['pending', 'confirmed', 'cancelled']);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** Where a confirmed order is in the kitchen (rule: kitchen-steps); null before the oven. */
export const kitchenStatusSchema = z.enum(KITCHEN_STATUSES);
export type KitchenStatus = z.infer<typeof kitchenStatusSchema>;

/** What every booking answer tells of the order: when, who, what and the price. */
const orderShape = {
  booking_date: isoDate,
  booking_time: clockTime,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dine_in: z.boolean(),
  comment: z.string().nullable(),
  items: z.array(bookingLineSchema),
  total_pizzas: z.number().int(),
  original_total_cents: z.number().int(),
  discount_cents: z.number().int(),
  final_total_cents: z.number().int(),
  bonus_code: z.string().nullable(),
  vip_customer_id: z.number().int().nullable(),
  /** rule: staff-orders. Booked online, or taken by staff at the counter or on the phone. */
  source: z.enum(ORDER_SOURCES),
  // The domain's BookingOrder names the fields once: a field added there and not here fails to compile.
} satisfies Record<keyof BookingOrder, z.ZodType>;

/** rule: swish-payment. A booking's Swish payment, asked for in advance (rule: swish-prepay). */
export const bookingPaymentSchema = z
  .strictObject({
    method: z.literal('swish'),
    /** requested: waiting for the payer (staff cannot confirm yet); paid; failed: the booking was cancelled. */
    status: z.enum(['requested', 'paid', 'failed']),
    amount_cents: z.number().int(),
    /** While requested: when the kiosk stops waiting and cancels the booking. */
    expires_at: instant.optional(),
    /** Once paid: the bank's reference of the payment. */
    payment_reference: z.string().optional(),
    paid_at: instant.optional(),
    /** Once failed: DECLINED, ERROR, CANCELLED (Swish's) or EXPIRED (no payment in time). */
    failure: z.enum(SWISH_FAILURES).optional(),
    /** rule: swish-refund. Once a paid booking was cancelled: its money asked back from Swish, and how that ended. */
    refund: z
      .strictObject({
        status: z.enum(['requested', 'refunded', 'failed']).meta({
          description:
            'requested (återbetalning begärd hos Swish), refunded (återbetald), failed (misslyckades, se error_code)',
        }),
        amount_cents: z.number().int(),
        requested_at: instant,
        refunded_at: instant.optional(),
        /** Swish's error code once failed (RF02, RF07, RF08, …); null when Swish gave none. */
        error_code: z.string().nullable().optional(),
      })
      .meta({ id: 'BookingRefund' })
      .optional(),
  })
  .meta({ id: 'BookingPayment' });

/** A booking as the read model keeps it: lookup, the admin list and details. */
export const bookingSchema = z
  .strictObject({
    id: z.string(),
    ...orderShape,
    status: bookingStatusSchema,
    kitchen_status: kitchenStatusSchema.nullable(),
    pizza_summary: z.string(),
    created_at: instant,
    confirmed_at: instant.nullable(),
    cancelled_at: instant.nullable(),
    cancelled_by: z.enum(['staff', 'customer', 'system']).nullable(),
    cancel_reason: z.string().nullable(),
    /** rule: reschedule. The number this booking was moved from (absent on bookings older than moves). */
    moved_from: z.string().nullable().optional(),
    /** rule: reschedule. The number it was moved to; it then shows as cancelled. */
    moved_to: z.string().nullable().optional(),
    /**
     * rule: slot-delay. When staff pushed the slot back: the time the order is now ready
     * (booking_time stays the booked time); null when not delayed or the delay was undone.
     */
    delayed_to: clockTime.nullable().optional(),
    /** rule: swish-payment. Absent when the booking was never asked to pay in advance. */
    payment: bookingPaymentSchema.optional(),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

/** POST /bookings: 201, the booking as placed (pending). */
/** The VAT a receipt contains at one rate (rule: sale-record), in öre. */
export const receiptVatSchema = z
  .strictObject({ rate: z.union([z.literal(25), z.literal(12), z.literal(6)]), vat_cents: z.number().int() })
  .meta({ id: 'ReceiptVat' });

export const bookingCreatedSchema = z
  .strictObject({
    booking_id: z.string(),
    status: z.literal('pending'),
    /** The order confirmation's VAT per rate, by the books' rule (rules sale-record, vat-per-receipt). */
    vat: z.array(receiptVatSchema),
    booking: z.strictObject({
      id: z.string(),
      booking_id: z.string(),
      status: z.literal('pending'),
      ...orderShape,
      discount_percentage: z.number(),
      placed_at: instant,
      /** Ticked "SMS när pizzan är klar" (rule: sms-notices); absent when not ticked. */
      sms_when_ready: z.boolean().optional(),
    }),
    /**
     * rule: swish-payment. Present when the customer is asked to pay with Swish in advance: the
     * booking waits (its capacity held) until the payment ends; a failed payment cancels it.
     */
    payment: z
      .strictObject({
        method: z.literal('swish'),
        status: z.literal('requested'),
        amount_cents: z.number().int(),
        expires_at: instant,
        /** Swish's m-commerce token (absent when the request could not be made yet). */
        token: z.string().optional(),
        /** Opens the Swish app on a phone: swish://paymentrequest?token=…&callbackurl=… */
        app_url: z.string().optional(),
        /** The token as a QR code (SVG) for a computer: scanned with the Swish app. */
        qr_svg_url: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'BookingCreated' });
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

/** POST /bookings/lookup */
export const lookupAnswerSchema = z.strictObject({
  booking: bookingSchema,
  items: z.array(bookingLineSchema),
  can_cancel: z.boolean(),
  hours_until_booking: z.number(),
});
export type LookupAnswer = z.infer<typeof lookupAnswerSchema>;

/** POST /bookings/{id}/reschedule: the booking as it now is (a new number when the date changed). */
export const rescheduleAnswerSchema = z.strictObject({ booking: bookingSchema }).meta({ id: 'Rescheduled' });
export type RescheduleAnswer = z.infer<typeof rescheduleAnswerSchema>;

/** POST /bookings/{id}/cancel-public */
export const publicCancelAnswerSchema = z.strictObject({ success: z.literal(true), message: z.string() });

/** POST /validate-bonus-code: 200 */
export const bonusCodeCheckAnswerSchema = z.strictObject({
  valid: z.literal(true),
  code: z.string(),
  description: z.string(),
  discount_percentage: z.number(),
});
export type BonusCodeCheckAnswer = z.infer<typeof bonusCodeCheckAnswerSchema>;
/** POST /validate-bonus-code: 400 */
export const bonusCodeRefusedSchema = z.strictObject({ valid: z.literal(false), error: z.string() });

/** POST /notifications/subscribe: 201 */
export const pushSubscribedSchema = z.strictObject({ success: z.literal(true), id: z.string() });

/** GET /notifications/vapid-public-key: the server's VAPID public key (base64url, 65 bytes), for pushManager.subscribe. */
export const vapidPublicKeySchema = z.strictObject({ key: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;
