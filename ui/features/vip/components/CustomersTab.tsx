// The VIP customers: a table (cards on a phone) with edit, a personal link and delete.
import { useState } from 'react';
import { useAction } from '../../../components/useAction.js';
import { ContactLink } from '../../../components/ContactLink.js';
import { deleteCustomer, type VipCustomer, type VipDate } from '../api/vip.js';
import { vipTexts } from '../texts.js';
import { CustomerFormDialog } from './CustomerFormDialog.js';
import { CustomerLinkDialog } from './CustomerLinkDialog.js';

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
        <table className="bookings-table planning-table">
          <caption className="visually-hidden">{vipTexts.tabs.customers}</caption>
          <thead>
            <tr>
              <th scope="col">{vipTexts.name}</th>
              <th scope="col">{vipTexts.contact}</th>
              <th scope="col">{vipTexts.notes}</th>
              <th scope="col">{vipTexts.status}</th>
              <th scope="col">{vipTexts.actions}</th>
            </tr>
          </thead>
          <tbody>
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
                </td>
                <td data-label={vipTexts.actions}>
                  <div className="row-actions">
                    <button
                      type="button"
                      className="btn btn--secondary btn--small"
                      disabled={!enabled}
                      onClick={() => setEditing(c)}
                      aria-label={vipTexts.editLabel(c.name)}
                    >
                      {vipTexts.edit}
                    </button>
                    <button
                      type="button"
                      className="btn btn--ok btn--small"
                      disabled={!enabled || !c.active}
                      onClick={() => setLinkFor(c)}
                      aria-label={vipTexts.linkLabel(c.name)}
                    >
                      {vipTexts.link}
                    </button>
                    <button
                      type="button"
                      className="btn btn--danger btn--small"
                      disabled={!enabled || busy === String(c.id)}
                      onClick={() => remove(c)}
                      aria-label={vipTexts.removeLabel(c.name)}
                    >
                      {vipTexts.remove}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
