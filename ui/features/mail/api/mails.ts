// The mail log's calls (rule: mail), beside the query schema the server checks: GET /admin/mails
// with the screen's filters (the read is shared with a booking's details, components/admin),
// POST /admin/mails/{id}/resend and POST /admin/mails/failed/seen.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import {
  MAILS_PATH,
  listMails,
  mailsQueryString,
  type MailEntry,
  type MailLog,
  type SmsEntry,
} from '../../../components/admin/mailCalls.js';
import { mailsQuerySchema, type MailsQuery } from '../../../../domain/payloads.js';
import type { mailFailedSeenSchema, mailResentSchema } from '../../../../domain/answers/index.js';
import type { MailKind, MailStatus } from '../../../../domain/mail/mailLog.js';

export type { MailEntry, MailLog, SmsEntry };

/** The screen's own address. */
export const MAIL_PAGE = '/admin/mail';

/** The filters as the address keeps them ('' = all). */
export interface MailFilters {
  status: MailStatus | '';
  kind: MailKind | '';
  booking_id: string;
}

export const NO_FILTERS: MailFilters = { status: '', kind: '', booking_id: '' };

/** The address's filters, each one the server would refuse left out (an old link shows the whole log). */
export function mailFilters(search: Record<string, string | undefined>): MailFilters {
  const { shape } = mailsQuerySchema;
  const pick = <T>(schema: z.ZodType<T | undefined>, value: string | undefined) => {
    const parsed = schema.safeParse(value?.trim());
    return parsed.success ? parsed.data : undefined;
  };
  return {
    status: pick(shape.status, search.status) ?? '',
    kind: pick(shape.kind, search.kind) ?? '',
    booking_id: pick(shape.booking_id, search.booking_id) ?? '',
  };
}

const asQuery = ({ status, kind, booking_id }: MailFilters): MailsQuery => ({
  status: status || undefined,
  kind: kind || undefined,
  booking_id: booking_id.trim() || undefined,
});

/** The query for the filters ('' when none is set); the same for the screen's address and the call. */
export const mailFilterQuery = (filters: MailFilters) => mailsQueryString(asQuery(filters));

export const getMails = (filters: MailFilters) => listMails(asQuery(filters));

/** A new pending item sending the same mail again; the old one stays in the log as it was. */
export const resendMail = (id: string) =>
  api<z.infer<typeof mailResentSchema>>(`${MAILS_PATH}/${encodeURIComponent(id)}/resend`, { method: 'POST', body: {} });

/** Staff have looked at the failed mails: those parked so far are no alert or banner any more. */
export const markFailedSeen = () =>
  api<z.infer<typeof mailFailedSeenSchema>>(`${MAILS_PATH}/failed/seen`, { method: 'POST', body: {} });
