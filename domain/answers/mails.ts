// GET /api/admin/mails and POST /api/admin/mails/{id}/resend: the mail log (api/mail/outbox.ts).
import { z } from 'zod';
import { MAIL_KINDS, MAIL_STATUSES } from '../mail/mailLog.js';
import { DELIVERY_STATUSES } from '../sms/deliveryReport.js';

export const mailLogEntrySchema = z.strictObject({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string().nullable().describe('Mottagaren; null innan meddelandet har skrivits'),
  subject: z.string().nullable(),
  booking_id: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable().describe('E-postserverns svar vid senaste misslyckade försöket'),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type MailLogEntryAnswer = z.infer<typeof mailLogEntrySchema>;

/** An SMS notice beside the mails (rule: sms-delivery-reports): its state and 46elks' report. */
export const smsLogEntrySchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['order_ready', 'booking_reminder', 'booking_delayed', 'booking_delay_undone']),
  booking_id: z.string(),
  status: z.enum(['pending', 'sent', 'failed']).describe('sent: 46elks tog emot SMS:et'),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  delivery_status: z
    .enum(DELIVERY_STATUSES)
    .nullable()
    .describe('46elks leveransrapport: sent (hos operatören), delivered eller failed; null utan rapport'),
  delivered_at: z.string().nullable().describe('När telefonen tog emot SMS:et (UTC)'),
});
export type SmsLogEntryAnswer = z.infer<typeof smsLogEntrySchema>;

export const mailLogSchema = z.strictObject({
  mails: z.array(mailLogEntrySchema),
  sms: z.array(smsLogEntrySchema).describe('SMS-notiserna (46elks) med leveransrapport, nyast först'),
});

export const mailResentSchema = z.strictObject({ mail: mailLogEntrySchema });

/** GET /api/admin/stats/sms: the kiosk's current month. */
export const smsMonthSchema = z.strictObject({
  month: z.string().describe('yyyy-MM i kioskens tidszon'),
  sent: z.number().int().describe('SMS som 46elks tog emot denna månad'),
  delivered: z.number().int(),
  failed: z.number().int(),
});
export type SmsMonthAnswer = z.infer<typeof smsMonthSchema>;

/** POST /api/admin/mails/failed/seen: the failed mails parked so far are no longer an alert. */
export const mailFailedSeenSchema = z.strictObject({ failed_unseen: z.literal(0) });
