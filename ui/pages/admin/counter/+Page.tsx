// /admin/counter: the counter's evening (issue 29), for the address's ?date= (none: today), and
// the mail relay's banner while it refuses (delays and swap offers go by mail).
import { useData } from 'vike-react/useData';
import { MailRelayBanner } from '../../../components/admin/MailRelayBanner.js';
import { CounterScreen } from '../../../features/counter/components/CounterScreen.js';
import type { CounterData } from './+data.js';

export default function Page() {
  const { requested } = useData<CounterData>();
  return (
    <>
      <MailRelayBanner />
      <CounterScreen requested={requested} />
    </>
  );
}
