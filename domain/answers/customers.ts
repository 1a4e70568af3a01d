// GET /admin/customers/export: every datum held about one customer (GDPR article 15); POST
// /admin/customers/erase: what an erasure did (rule: erasure).
import { z } from 'zod';
import { bookingSchema } from './booking.js';
import { bookingHistorySchema, vipCustomerSchema, vipInvitationSchema } from './admin.js';
import { instant } from './common.js';
import { waitlistEntrySchema } from './waitlist.js';

export const customerExportSchema = z
  .strictObject({
    /** The e-mail asked about; '' for a customer asked about by phone. */
    email: z.string(),
    /** The phone number asked about, for a customer known only by phone (a phone order without e-mail). */
    phone: z.string().optional(),
    /** The order number asked about, for a counter or phone order with only a name (issue 45). */
    booking_id: z.string().optional(),
    generated_at: instant,
    bookings: z.array(z.strictObject({ booking: bookingSchema, history: bookingHistorySchema })),
    waitlist: z.array(waitlistEntrySchema),
    push_subscriptions: z.array(
      z.strictObject({ endpoint: z.string(), subscribed_at: instant, booking_ids: z.array(z.string()) }),
    ),
    vip_customers: z.array(vipCustomerSchema),
    vip_invitations: z.array(vipInvitationSchema),
    mails: z.array(z.strictObject({ to: z.string(), subject: z.string(), event_type: z.string(), sent_at: instant })),
  })
  .meta({ id: 'CustomerExport' });
export type CustomerExport = z.infer<typeof customerExportSchema>;

export const customerErasureSchema = z
  .strictObject({
    /** The customer's bookings whose personal fields now read "[raderad]" (0 when none were held). */
    erased_bookings: z.number().int().min(0),
    erased_at: instant,
  })
  .meta({ id: 'CustomerErasure' });
export type CustomerErasure = z.infer<typeof customerErasureSchema>;

/** GET /admin/customers/orders: the orders of a date whose name holds the text typed (issue 45). */
export const namedOrdersSchema = z
  .array(
    z.strictObject({
      booking_id: z.string(),
      name: z.string(),
      booking_date: z.string(),
      booking_time: z.string(),
      pizza_summary: z.string(),
      /** How the order names its customer: e-mail, phone number, or only a name. */
      contact: z.enum(['email', 'phone', 'name']),
    }),
  )
  .meta({ id: 'NamedOrders' });
export type NamedOrders = z.infer<typeof namedOrdersSchema>;
