// The first HTML of /admin/reports shows the accounting settings filled in and the books' periods.
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import type {
  AccountingPeriodsAnswer,
  AccountingSettingsAnswer,
  AccountingPeriodRow,
} from '../../../features/reports/api/accounting.js';

export type ReportsData = AdminData & {
  accountingSettings: AccountingSettingsAnswer | null;
  accountingPeriods: AccountingPeriodRow[] | null;
};

export async function data(pageContext: PageContextServer): Promise<ReportsData> {
  const [user, accountingSettings, accountingPeriods] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<AccountingSettingsAnswer>('/api/admin/accounting/settings').catch(() => null),
    pageContext
      .apiGet<AccountingPeriodsAnswer>('/api/admin/accounting/periods')
      .then((a) => a.periods)
      .catch(() => null),
  ]);
  return { user, accountingSettings, accountingPeriods };
}
