// /admin/accounts 'Konton' (the owner's; rule: admin-accounts): every account with its role, add
// one, set a colleague's password, change a role, remove an account (its sessions end at once).
// The first list comes in the page's HTML (+data).
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { AdminTable } from '../../../components/admin/AdminTable.js';
import { BackToOverview } from '../../../components/admin/AdminFrame.js';
import { RowActions, type RowAction } from '../../../components/admin/RowActions.js';
import { userAtom } from '../../../state/auth.js';
import { listAccounts, removeAccount, setRole, type Account } from '../api/accounts.js';
import { accountTexts } from '../texts.js';
import { AddAccountDialog } from './AddAccountDialog.js';
import { ResetPasswordDialog } from './PasswordDialog.js';

/** accounts: as the server read them for the first HTML; null when that failed. */
export function AccountsScreen({ accounts: initial, meId }: { accounts: Account[] | null; meId: number | null }) {
  const hydrated = useHydrated();
  const me = useAtomValue(userAtom)?.id ?? meId;
  const { data: accounts, reload } = useReloadable(initial, listAccounts, accountTexts.loadFailed);
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<Account | null>(null);
  const { busy, run } = useAction();

  function remove(account: Account) {
    if (!window.confirm(accountTexts.confirmRemove(account.name))) return;
    void run(String(account.id), () => removeAccount(account.id), {
      success: accountTexts.removed,
      failure: accountTexts.removeFailed,
      reload,
    });
  }

  function toggleRole(account: Account) {
    void run(String(account.id), () => setRole(account.id, account.role === 'owner' ? 'staff' : 'owner'), {
      success: accountTexts.roleChanged,
      failure: accountTexts.roleFailed,
      reload,
    });
  }

  const { columns } = accountTexts;
  return (
    <>
      <BackToOverview />
      <div className="admin-title">
        <h1>{accountTexts.title}</h1>
        <button type="button" className="btn btn--primary" disabled={!hydrated} onClick={() => setAdding(true)}>
          {accountTexts.add}
        </button>
      </div>
      <p className="muted">{accountTexts.intro}</p>
      {accounts === null ? (
        <LoadFailed text={accountTexts.loadFailed} disabled={!hydrated} onRetry={() => void reload()} />
      ) : accounts.length === 0 ? (
        <p className="card">{accountTexts.empty}</p>
      ) : (
        <AdminTable className="accounts-table" caption={accountTexts.caption} columns={Object.values(columns)}>
          {accounts.map((account) => {
            const self = account.id === me;
            const roleAction = account.role === 'owner' ? accountTexts.makeStaff : accountTexts.makeOwner;
            const rowBusy = busy === String(account.id);
            const actions: RowAction[] = self
              ? []
              : [
                  {
                    text: accountTexts.resetPassword,
                    label: accountTexts.resetNamed(account.name),
                    onClick: () => setResetting(account),
                    disabled: !hydrated,
                  },
                  {
                    text: roleAction,
                    label: accountTexts.roleNamed(roleAction, account.name),
                    onClick: () => toggleRole(account),
                    disabled: !hydrated || rowBusy,
                  },
                  {
                    tone: 'danger',
                    text: accountTexts.remove,
                    label: accountTexts.removeNamed(account.name),
                    onClick: () => remove(account),
                    disabled: !hydrated || rowBusy,
                  },
                ];
            return (
              <tr key={account.id} data-account={account.email}>
                <td data-label={columns.name}>
                  {account.name} {self && <span className="muted">{accountTexts.you}</span>}
                </td>
                <td data-label={columns.email}>{account.email}</td>
                <td data-label={columns.role}>
                  <span className={`badge ${account.role === 'owner' ? 'badge--confirmed' : 'badge--kitchen'}`}>
                    {accountTexts.roles[account.role]}
                  </span>
                </td>
                <td data-label={columns.actions}>
                  {self ? <span className="muted">{accountTexts.ownRow}</span> : <RowActions actions={actions} />}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      {adding && (
        <AddAccountDialog
          onClose={() => setAdding(false)}
          onSaved={async () => {
            setAdding(false);
            await reload();
          }}
        />
      )}
      {resetting && <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}
