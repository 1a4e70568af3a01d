// /admin: the dashboard with the figures the server read (+data).
import { useData } from 'vike-react/useData';
import { DashboardScreen } from '../../features/dashboard/components/DashboardScreen.js';
import type { AdminData } from './+data.js';

export default function Page() {
  const data = useData<AdminData>();
  return <DashboardScreen overview={data.overview ?? null} userName={data.user?.name ?? ''} />;
}
