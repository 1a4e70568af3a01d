// /admin/reports: the reports feature, with the accounting settings and periods the server read (+data).
import { useData } from 'vike-react/useData';
import { ReportsScreen } from '../../../features/reports/components/ReportsScreen.js';
import type { ReportsData } from './+data.js';

export default function Page() {
  const { accountingSettings, accountingPeriods } = useData<ReportsData>();
  return <ReportsScreen accountingSettings={accountingSettings} accountingPeriods={accountingPeriods} />;
}
