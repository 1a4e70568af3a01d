// The first HTML of /admin/reports shows the accounting settings filled in.
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import type { AccountingSettingsAnswer } from '../../../features/reports/api/accounting.js';

export type ReportsData = AdminData & { accountingSettings: AccountingSettingsAnswer | null };

export async function data(pageContext: PageContextServer): Promise<ReportsData> {
  const [user, accountingSettings] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<AccountingSettingsAnswer>('/api/admin/accounting/settings').catch(() => null),
  ]);
  return { user, accountingSettings };
}
