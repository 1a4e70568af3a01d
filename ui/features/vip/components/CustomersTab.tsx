// The VIP customers: a table (cards on a phone) with edit, a personal link and delete.
import { Instant } from '../../../components/Instant.js';
import { useState } from 'react';
import { useAction } from '../../../components/useAction.js';
import { ContactLink } from '../../../components/ContactLink.js';
import { deleteCustomer, type VipCustomer, type VipDate } from '../api/vip.js';
import { vipTexts } from '../texts.js';
import { CustomerFormDialog } from './CustomerFormDialog.js';
import { CustomerLinkDialog } from './CustomerLinkDialog.js';
import { RowActions } from '../../../components/admin/RowActions.js';
import { AdminTable } from '../../../components/admin/AdminTable.js';

export function CustomersTab({
  customers,
  dates,
  enabled,
  reload,
}: {
  customers: VipCustomer[];
  dates: VipDate[];
  enabled: boolean;
  reload: () => Promise<unknown>;
}) {
  const [editing, setEditing] = useState<VipCustomer | 'new' | null>(null);
  const [linkFor, setLinkFor] = useState<VipCustomer | null>(null);
  const { busy, run } = useAction();

  function remove(customer: VipCustomer) {
    if (!window.confirm(vipTexts.confirmDeleteCustomer(customer.name))) return;
    void run(String(customer.id), () => deleteCustomer(customer.id), {
      success: vipTexts.customerDeleted,
      failure: vipTexts.customerDeleteFailed,
      reload,
    });
  }

  return (
    <>
      <div className="panel-head">
        <h2>{vipTexts.tabs.customers}</h2>
        <button type="button" className="btn btn--primary" disabled={!enabled} onClick={() => setEditing('new')}>
          {vipTexts.addCustomer}
        </button>
      </div>
      {customers.length === 0 ? (
        <p className="card">{vipTexts.noCustomers}</p>
      ) : (
        <AdminTable
          className="planning-table"
          caption={vipTexts.tabs.customers}
          columns={[vipTexts.name, vipTexts.contact, vipTexts.notes, vipTexts.status, vipTexts.actions]}
        >
          {customers.map((c) => (
            <tr key={c.id} data-customer={c.email}>
              <td data-label={vipTexts.name}>
                <strong>{c.name}</strong>
              </td>
              <td data-label={vipTexts.contact}>
                <ContactLink scheme="mailto" value={c.email} />
                {c.phone && (
                  <>
                    <br />
                    <ContactLink scheme="tel" value={c.phone} />
                  </>
                )}
              </td>
              <td data-label={vipTexts.notes}>{c.notes || <span className="muted">{vipTexts.none}</span>}</td>
              <td data-label={vipTexts.status}>
                <span className={`badge ${c.active ? 'badge--confirmed' : 'badge--cancelled'}`}>
                  {c.active ? vipTexts.active : vipTexts.inactive}
                </span>
                {c.unsubscribed_at && (
                  <>
                    {' '}
                    <span className="badge badge--pending">{vipTexts.unsubscribed}</span>
                    <br />
                    <span className="muted">
                      {vipTexts.unsubscribedAt} <Instant iso={c.unsubscribed_at} />
                    </span>
                  </>
                )}
              </td>
              <td data-label={vipTexts.actions}>
                <RowActions
                  actions={[
                    {
                      text: vipTexts.edit,
                      label: vipTexts.editLabel(c.name),
                      onClick: () => setEditing(c),
                      disabled: !enabled,
                    },
                    {
                      tone: 'ok',
                      text: vipTexts.link,
                      label: vipTexts.linkLabel(c.name),
                      onClick: () => setLinkFor(c),
                      disabled: !enabled || !c.active,
                    },
                    {
                      tone: 'danger',
                      text: vipTexts.remove,
                      label: vipTexts.removeLabel(c.name),
                      onClick: () => remove(c),
                      disabled: !enabled || busy === String(c.id),
                    },
                  ]}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {editing && (
        <CustomerFormDialog
          customer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await reload();
          }}
        />
      )}
      {linkFor && <CustomerLinkDialog customer={linkFor} dates={dates} onClose={() => setLinkFor(null)} />}
    </>
  );
}
