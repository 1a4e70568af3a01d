// The extras on /admin/pizzas (issue 29): a card per extra (name, price, allergens, active) with
// add, edit and delete, beside the pizzas they go on. Read on the client: the page's first HTML
// carries the pizzas only.
import { useEffect, useState } from 'react';
import { allergensText } from '../../../../domain/menu/allergens.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { formatKr } from '../../../lib/format.js';
import { deleteExtra, listExtras, type AdminExtra } from '../api/extras.js';
import { extraTexts } from '../extrasTexts.js';
import { ExtraFormDialog } from './ExtraFormDialog.js';
import { RowActions } from '../../../components/admin/RowActions.js';

export function ExtrasPanel() {
  const hydrated = useHydrated();
  // null until the first read answers (a failed one says so in a toast, and offers a retry here).
  const { data: extras, reload } = useReloadable<AdminExtra[] | null>(null, listExtras, extraTexts.loadFailed);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void reload().then((answer) => setFailed(answer === undefined));
  }, [reload]);
  const [editing, setEditing] = useState<AdminExtra | 'new' | null>(null);
  const { busy, run } = useAction();

  function remove(extra: AdminExtra) {
    if (!window.confirm(extraTexts.confirmDelete(extra.name))) return;
    void run(`extra-${extra.id}`, () => deleteExtra(extra.id), {
      success: extraTexts.deleted,
      failure: extraTexts.deleteFailed,
      reload,
    });
  }

  return (
    <section className="extras-panel" aria-labelledby="extras-title">
      <div className="admin-title">
        <h2 id="extras-title">{extraTexts.title}</h2>
        <button type="button" className="btn btn--primary" disabled={!hydrated} onClick={() => setEditing('new')}>
          {extraTexts.add}
        </button>
      </div>
      <p className="hint">{extraTexts.intro}</p>
      {extras === null ? (
        failed && <LoadFailed text={extraTexts.loadFailed} disabled={!hydrated} onRetry={() => void reload()} />
      ) : extras.length === 0 ? (
        <p className="card">{extraTexts.empty}</p>
      ) : (
        <ul className="pizza-grid" aria-label={extraTexts.list}>
          {extras.map((extra) => {
            const active = Boolean(extra.active);
            return (
              <li key={extra.id} className={`tile pizza-card${active ? '' : ' pizza-card--inactive'}`}>
                <div className="tile__head">
                  <h3 className="pizza-card__name">{extra.name}</h3>
                  <span className={`badge ${active ? 'badge--on' : 'badge--off'}`}>
                    {active ? extraTexts.active : extraTexts.inactive}
                  </span>
                </div>
                <p className="pizza-card__allergens">
                  <strong>{extraTexts.allergensLabel}:</strong> {allergensText(extra.allergens)}
                </p>
                <p className="pizza-card__price">{extraTexts.priceOf(formatKr(extra.price_cents))}</p>
                <RowActions
                  actions={[
                    {
                      text: extraTexts.edit,
                      label: extraTexts.editNamed(extra.name),
                      onClick: () => setEditing(extra),
                      disabled: !hydrated,
                    },
                    {
                      tone: 'danger',
                      text: extraTexts.remove,
                      label: extraTexts.removeNamed(extra.name),
                      onClick: () => remove(extra),
                      disabled: !hydrated || busy === `extra-${extra.id}`,
                    },
                  ]}
                />
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ExtraFormDialog
          extra={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await reload();
          }}
        />
      )}
    </section>
  );
}
