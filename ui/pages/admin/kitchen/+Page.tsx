// /admin/kitchen: the kitchen board with the day the server read (+data), and the mail relay's
// banner while it refuses.
import { useData } from 'vike-react/useData';
import { MailRelayBanner } from '../../../components/admin/MailRelayBanner.js';
import { KitchenScreen } from '../../../features/kitchen/components/KitchenScreen.js';
import { NewOrder } from '../../../features/staff-order/components/NewOrder.js';
import type { KitchenData } from './+data.js';

export default function Page() {
  const { day, requested } = useData<KitchenData>();
  return (
    <>
      <MailRelayBanner />
      <KitchenScreen day={day} requested={requested} newOrder={(state) => <NewOrder {...state} />} />
    </>
  );
}
