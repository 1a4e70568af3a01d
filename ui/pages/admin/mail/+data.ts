// The first HTML of /admin/mail lists the mails (and the SMS beside them) of the address's filters.
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { MAILS_PATH } from '../../../components/admin/mailCalls.js';
import { mailFilterQuery, mailFilters, type MailFilters, type MailLog } from '../../../features/mail/api/mails.js';

export type MailData = AdminData & { filters: MailFilters; log: MailLog | null };

export async function data(pageContext: PageContextServer): Promise<MailData> {
  const filters = mailFilters(pageContext.urlParsed.search);
  const [user, log] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<MailLog>(`/api${MAILS_PATH}${mailFilterQuery(filters)}`).catch(() => null),
  ]);
  return { user, filters, log };
}
