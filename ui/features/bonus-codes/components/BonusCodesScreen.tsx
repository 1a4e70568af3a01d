// /admin/bonus-codes (SPEC 2, 4, 5, 8): four summary cards, the codes in a table (cards on a
// phone) with their badges, and the create and edit dialog. The first list comes in the page's
// HTML (+data).
import { useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { deleteBonusCode, listBonusCodes, setBonusCodeActive, type BonusCode } from '../api/bonusCodes.js';
import { bonusCodeTexts } from '../texts.js';
import { BonusCodeFormDialog } from './BonusCodeFormDialog.js';
import { BonusCodeRow } from './BonusCodeRow.js';
import { BonusCodeSummary } from './BonusCodeSummary.js';
import '../../../styles/admin-menu.css';
import '../bonus-codes.css';
import { AdminTable } from '../../../components/admin/AdminTable.js';

/** codes: as the server read them for the first HTML; null when that failed. */
export function BonusCodesScreen({ codes: initial }: { codes: BonusCode[] | null }) {
  const hydrated = useHydrated();
  const { data: codes, reload } = useReloadable(initial, listBonusCodes, bonusCodeTexts.loadFailed);
  const [editing, setEditing] = useState<BonusCode | 'new' | null>(null);
  const { busy, run } = useAction();

  function toggle(code: BonusCode) {
    const next = !code.is_active;
    void run(String(code.id), () => setBonusCodeActive(code, next), {
      success: next ? bonusCodeTexts.activated : bonusCodeTexts.deactivated,
      failure: bonusCodeTexts.toggleFailed,
      reload,
    });
  }

  function remove(code: BonusCode) {
    if (!window.confirm(bonusCodeTexts.confirmDelete(code.code))) return;
    void run(String(code.id), () => deleteBonusCode(code.id), {
      success: bonusCodeTexts.deleted,
      failure: bonusCodeTexts.deleteFailed,
      reload,
    });
  }

  return (
    <>
      <div className="admin-title">
        <h1>{bonusCodeTexts.title}</h1>
        <button type="button" className="btn btn--primary" disabled={!hydrated} onClick={() => setEditing('new')}>
          {bonusCodeTexts.add}
        </button>
      </div>
      <BonusCodeSummary codes={codes} />
      {codes === null ? (
        <LoadFailed text={bonusCodeTexts.loadFailed} disabled={!hydrated} onRetry={() => void reload()} />
      ) : codes.length === 0 ? (
        <p className="card">{bonusCodeTexts.empty}</p>
      ) : (
        <AdminTable
          className="codes-table"
          caption={bonusCodeTexts.caption}
          columns={Object.values(bonusCodeTexts.columns)}
        >
          {codes.map((code) => (
            <BonusCodeRow
              key={code.id}
              code={code}
              hydrated={hydrated}
              busy={busy === String(code.id)}
              onToggle={() => toggle(code)}
              onEdit={() => setEditing(code)}
              onDelete={() => remove(code)}
            />
          ))}
        </AdminTable>
      )}
      {editing && (
        <BonusCodeFormDialog
          code={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await reload();
          }}
        />
      )}
    </>
  );
}
