// /admin: the dashboard with the figures the server read (+data), the mail relay's banner while it
// refuses, and the failed mails' banner until staff have looked at them in the mail log.
import { useData } from 'vike-react/useData';
import { MailRelayBanner } from '../../components/admin/MailRelayBanner.js';
import { DashboardScreen } from '../../features/dashboard/components/DashboardScreen.js';
import type { AdminData } from './+data.js';
import { GoLiveChecklist } from '../../features/dashboard/components/GoLiveChecklist.js';

export default function Page() {
  const data = useData<AdminData>();
  return (
    <>
      <MailRelayBanner failed />
      <DashboardScreen
        overview={data.overview ?? null}
        userName={data.user?.name ?? ''}
        role={data.user?.role}
        sellerMissing={data.sellerMissing ?? []}
        notice={<GoLiveChecklist goLive={data.goLive} />}
      />
    </>
  );
}
