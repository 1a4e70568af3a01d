// /admin: the dashboard with the figures the server read (+data), the mail relay's banner while it
// refuses, the failed mails' banner until staff have looked at them in the mail log, and the Swish
// certificate's banner in its last 30 days (rule: swish-certificate).
import { useData } from 'vike-react/useData';
import { MailRelayBanner } from '../../components/admin/MailRelayBanner.js';
import { DashboardScreen } from '../../features/dashboard/components/DashboardScreen.js';
import type { AdminData } from './+data.js';
import { GoLiveChecklist } from '../../features/dashboard/components/GoLiveChecklist.js';
import { SwishCertificateBanner } from '../../features/dashboard/components/SwishCertificateBanner.js';

export default function Page() {
  const data = useData<AdminData>();
  return (
    <>
      <MailRelayBanner failed />
      <SwishCertificateBanner ending={data.swishCertificate} />
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
