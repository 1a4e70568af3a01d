// The first HTML of /admin/accounts lists the accounts (the owner's screen: +guard sends staff to /admin).
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { ACCOUNTS_PATH, type Account } from '../../../features/accounts/api/accounts.js';

export type AccountsData = AdminData & { accounts: Account[] | null };

export async function data(pageContext: PageContextServer): Promise<AccountsData> {
  const [user, accounts] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<Account[]>(`/api${ACCOUNTS_PATH}`).then(
      (all) => all.map(({ id, name, email, role }) => ({ id, name, email, role })),
      () => null,
    ),
  ]);
  return { user, accounts };
}
