// The mail log's read (rule: mail) that more than one screen makes: the mail log itself
// (/admin/mail) and a booking's details (its mails), and /api/ready's mail part for the relay's
// banner on the dashboard and the kitchen board.
import type { z } from 'zod';
import { api, ApiError } from '../../lib/api.js';
import type { mailLogSchema, readinessSchema } from '../../../domain/answers/index.js';
import type { MailsQuery } from '../../../domain/payloads.js';

export type MailLog = z.infer<typeof mailLogSchema>;
export type MailEntry = MailLog['mails'][number];
/** An SMS notice beside the mails (rule: sms-delivery-reports). */
export type SmsEntry = MailLog['sms'][number];
export type MailHealth = NonNullable<z.infer<typeof readinessSchema>['mail']>;

export const MAILS_PATH = '/admin/mails';

/** The query of GET /admin/mails ('' when no filter is set); blank values are left out. */
export function mailsQueryString(query: MailsQuery): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'kind', 'booking_id', 'limit'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.size ? `?${params}` : '';
}

/** GET /admin/mails: newest first, the server's 100 latest unless a limit is given. */
export const listMails = (query: MailsQuery = {}) => api<MailLog>(`${MAILS_PATH}${mailsQueryString(query)}`);

/**
 * GET /api/ready's mail part; null when the outbox's store did not answer. A server that is not
 * ready (503) still tells how mail stands; a request that got no answer rejects.
 */
export async function readMailHealth(signal?: AbortSignal): Promise<MailHealth | null> {
  try {
    return (await api<z.infer<typeof readinessSchema>>('/ready', { signal })).mail;
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as { mail?: MailHealth | null } | null) : null;
    if (body && typeof body === 'object' && 'mail' in body) return body.mail ?? null;
    throw error;
  }
}
