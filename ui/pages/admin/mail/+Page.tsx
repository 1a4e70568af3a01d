// /admin/mail: the mail log with the list the server read for the address's filters (+data).
import { useData } from 'vike-react/useData';
import { MailScreen } from '../../../features/mail/components/MailScreen.js';
import type { MailData } from './+data.js';

export default function Page() {
  const { filters, log } = useData<MailData>();
  return <MailScreen filters={filters} log={log} />;
}
