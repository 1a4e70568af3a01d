// /admin/reports: the reports feature.
import { ReportsScreen } from '../../../features/reports/components/ReportsScreen.js';

export default function Page() {
  return <ReportsScreen />;
}
