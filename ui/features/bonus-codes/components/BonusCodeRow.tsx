// One code in the table (a card on a phone): the code, description, discount, uses, expiry, the
// active badge as a toggle beside the expired and limit badges, edit and delete.
import type { BonusCode } from '../api/bonusCodes.js';
import { bonusCodeTexts } from '../texts.js';
import { Instant } from '../../../components/Instant.js';
import { RowActions, type RowAction } from '../../../components/admin/RowActions.js';

const percent = (n: number) => `${n.toLocaleString('sv-SE', { maximumFractionDigits: 1 })} %`;
const isExpired = (c: BonusCode) => c.expires_at !== null && Date.parse(c.expires_at) <= Date.now();
const limitReached = (c: BonusCode) => c.usage_limit !== null && c.used_count >= c.usage_limit;

export interface BonusCodeRowProps {
  code: BonusCode;
  /** False until the page is hydrated. */
  hydrated: boolean;
  /** A change of this code is running. */
  busy: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function BonusCodeRow({ code: c, hydrated, busy, onToggle, onEdit, onDelete }: BonusCodeRowProps) {
  const { columns } = bonusCodeTexts;
  const actions: RowAction[] = [
    { text: bonusCodeTexts.edit, label: bonusCodeTexts.editNamed(c.code), onClick: onEdit, disabled: !hydrated },
    {
      tone: 'danger',
      text: bonusCodeTexts.remove,
      label: bonusCodeTexts.removeNamed(c.code),
      onClick: onDelete,
      disabled: !hydrated || busy,
    },
  ];
  return (
    <tr data-code={c.code}>
      <td data-label={columns.code}>
        <code className="code-chip">{c.code}</code>
      </td>
      <td data-label={columns.description}>{c.description || <span className="muted">–</span>}</td>
      <td data-label={columns.discount}>{percent(c.discount_percentage)}</td>
      <td data-label={columns.uses}>
        {c.used_count} / {c.usage_limit ?? <span aria-label={bonusCodeTexts.unlimited}>∞</span>}
      </td>
      <td data-label={columns.expires}>
        {c.expires_at ? (
          <Instant iso={c.expires_at} format={bonusCodeTexts.expiryFormat} />
        ) : (
          bonusCodeTexts.untilFurtherNotice
        )}
      </td>
      <td data-label={columns.status}>
        <div className="status-badges">
          <button
            type="button"
            className={`badge badge-toggle ${c.is_active ? 'badge--on' : 'badge--off'}`}
            title={c.is_active ? bonusCodeTexts.clickToDeactivate : bonusCodeTexts.clickToActivate}
            disabled={!hydrated || busy}
            onClick={onToggle}
          >
            {c.is_active ? bonusCodeTexts.active : bonusCodeTexts.inactive}
            <span className="visually-hidden">
              {' '}
              – {c.is_active ? bonusCodeTexts.deactivateNamed(c.code) : bonusCodeTexts.activateNamed(c.code)}
            </span>
          </button>
          {isExpired(c) && <span className="badge badge--warn">{bonusCodeTexts.expired}</span>}
          {limitReached(c) && <span className="badge badge--warn">{bonusCodeTexts.limitReached}</span>}
        </div>
      </td>
      <td data-label={columns.actions}>
        <RowActions actions={actions} />
      </td>
    </tr>
  );
}
