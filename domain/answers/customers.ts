// GET /admin/customers/export: every datum held about one customer (GDPR article 15).
import { z } from 'zod';
import { bookingSchema } from './booking.js';
import { bookingHistorySchema, vipCustomerSchema, vipInvitationSchema } from './admin.js';
import { instant } from './common.js';

export const customerExportSchema = z
  .strictObject({
    email: z.string(),
    generated_at: instant,
    bookings: z.array(z.strictObject({ booking: bookingSchema, history: bookingHistorySchema })),
    vip_customers: z.array(vipCustomerSchema),
    vip_invitations: z.array(vipInvitationSchema),
    mails: z.array(z.strictObject({ to: z.string(), subject: z.string(), event_type: z.string(), sent_at: instant })),
  })
  .meta({ id: 'CustomerExport' });
export type CustomerExport = z.infer<typeof customerExportSchema>;
