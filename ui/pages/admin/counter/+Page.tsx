// /admin/counter: the counter's evening (issue 29), for the address's ?date= (none: today), and
// the mail relay's banner while it refuses (delays and swap offers go by mail).
import { usePageContext } from 'vike-react/usePageContext';
import { MailRelayBanner } from '../../../components/admin/MailRelayBanner.js';
import { CounterScreen } from '../../../features/counter/components/CounterScreen.js';

export default function Page() {
  const { urlParsed } = usePageContext();
  return (
    <>
      <MailRelayBanner />
      <CounterScreen requested={urlParsed.search.date || null} />
    </>
  );
}
