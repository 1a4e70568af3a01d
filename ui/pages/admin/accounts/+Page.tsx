// /admin/accounts 'Konton': the accounts feature with the accounts the server read (+data).
import { useData } from 'vike-react/useData';
import { AccountsScreen } from '../../../features/accounts/components/AccountsScreen.js';
import type { AccountsData } from './+data.js';

export default function Page() {
  const data = useData<AccountsData>();
  return <AccountsScreen accounts={data.accounts} meId={data.user?.id ?? null} />;
}
