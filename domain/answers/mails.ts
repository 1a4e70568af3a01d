// GET /api/admin/mails and POST /api/admin/mails/{id}/resend: the mail log (api/mail/outbox.ts).
import { z } from 'zod';
import { MAIL_KINDS, MAIL_STATUSES } from '../mail/mailLog.js';

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

export const mailLogSchema = z.strictObject({ mails: z.array(mailLogEntrySchema) });

export const mailResentSchema = z.strictObject({ mail: mailLogEntrySchema });
