// /admin/bonus-codes (SPEC 2, 4, 5, 8): four summary cards, the codes in a table (cards on a
// phone) with their badges (active/inactive as a toggle, expired, limit reached), and a create
// and edit dialog validated with the server's own schema.
import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import dayjs from 'dayjs';
import '../../../styles/admin-menu.css';
import { api, errorText } from '../../../lib/api.js';
import { bonusTexts as t } from '../../../lib/adminMenuTexts.js';
import { fieldErrors } from '../../../lib/formErrors.js';
import '../../../lib/format.js'; // dayjs in Swedish
import { FormDialog } from '../../../components/admin/FormDialog.js';
import { bonusCodeInputSchema } from '../../../../domain/bonusCodes/bonusCodes.js';

interface BonusCode {
  id: number;
  code: string;
  description: string;
  discount_percentage: number;
  usage_limit: number | null;
  used_count: number;
  expires_at: string | null;
  is_active: number | boolean;
}

const oneDecimal = (n: number) => n.toLocaleString('sv-SE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percent = (n: number) => `${n.toLocaleString('sv-SE', { maximumFractionDigits: 1 })} %`;
const isExpired = (c: BonusCode) => c.expires_at !== null && Date.parse(c.expires_at) <= Date.now();
const limitReached = (c: BonusCode) => c.usage_limit !== null && c.used_count >= c.usage_limit;
const bodyOf = (c: BonusCode, is_active: boolean) => ({
  code: c.code,
  description: c.description,
  discount_percentage: c.discount_percentage,
  usage_limit: c.usage_limit,
  expires_at: c.expires_at,
  is_active,
});

export default function Page() {
  const [codes, setCodes] = useState<BonusCode[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<BonusCode | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setCodes(await api<BonusCode[]>('/admin/bonus-codes'));
      setFailed(false);
    } catch {
      setFailed(true);
      toast.error(t.loadFailed);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function toggle(code: BonusCode) {
    const next = !code.is_active;
    setBusy(code.id);
    try {
      await api(`/admin/bonus-codes/${code.id}`, { method: 'PUT', body: bodyOf(code, next) });
      toast.success(next ? t.activated : t.deactivated);
      await load();
    } catch (error) {
      toast.error(errorText(error, t.toggleFailed));
    } finally {
      setBusy(null);
    }
  }

  async function remove(code: BonusCode) {
    if (!window.confirm(t.confirmDelete(code.code))) return;
    setBusy(code.id);
    try {
      await api(`/admin/bonus-codes/${code.id}`, { method: 'DELETE', body: {} });
      toast.success(t.deleted);
      await load();
    } catch (error) {
      toast.error(errorText(error, t.deleteFailed));
    } finally {
      setBusy(null);
    }
  }

  const list = codes ?? [];
  const totalUses = list.reduce((sum, c) => sum + c.used_count, 0);
  const average = list.length ? list.reduce((sum, c) => sum + c.discount_percentage, 0) / list.length : 0;

  return (
    <>
      <div className="admin-title">
        <h1>Bonuskoder</h1>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          + Ny bonuskod
        </button>
      </div>
      <section aria-label="Sammanfattning" className="stat-cards">
        <div className="stat-card">
          <span className="stat-card__label">Totalt antal koder</span>
          <span className="stat-card__value">{codes ? list.length : '–'}</span>
        </div>
        <div className="stat-card stat-card--ok">
          <span className="stat-card__label">Aktiva koder</span>
          <span className="stat-card__value">{codes ? list.filter((c) => c.is_active).length : '–'}</span>
        </div>
        <div className="stat-card stat-card--warn">
          <span className="stat-card__label">Totalt antal användningar</span>
          <span className="stat-card__value">{codes ? totalUses : '–'}</span>
        </div>
        <div className="stat-card">
          <span className="stat-card__label">Genomsnittlig rabatt</span>
          <span className="stat-card__value">{codes ? `${oneDecimal(average)} %` : '–'}</span>
        </div>
      </section>
      {codes === null ? (
        failed ? (
          <p className="card">
            {t.loadFailed}.{' '}
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void load()}>
              Försök igen
            </button>
          </p>
        ) : (
          <p role="status">Laddar bonuskoder...</p>
        )
      ) : codes.length === 0 ? (
        <p className="card">Inga bonuskoder ännu. Skapa den första med knappen ovan.</p>
      ) : (
        <table className="bookings-table codes-table">
          <caption className="visually-hidden">Bonuskoder</caption>
          <thead>
            <tr>
              <th scope="col">Kod</th>
              <th scope="col">Beskrivning</th>
              <th scope="col">Rabatt</th>
              <th scope="col">Användningar</th>
              <th scope="col">Giltig till</th>
              <th scope="col">Status</th>
              <th scope="col">Åtgärder</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((c) => (
              <tr key={c.id} data-code={c.code}>
                <td data-label="Kod">
                  <code className="code-chip">{c.code}</code>
                </td>
                <td data-label="Beskrivning">{c.description || <span className="muted">–</span>}</td>
                <td data-label="Rabatt">{percent(c.discount_percentage)}</td>
                <td data-label="Användningar">
                  {c.used_count} / {c.usage_limit ?? <span aria-label="obegränsat">∞</span>}
                </td>
                <td data-label="Giltig till">{c.expires_at ? dayjs(c.expires_at).format('D MMM YYYY [kl] HH:mm') : 'Tills vidare'}</td>
                <td data-label="Status">
                  <div className="status-badges">
                    <button
                      type="button"
                      className={`badge badge-toggle ${c.is_active ? 'badge--on' : 'badge--off'}`}
                      title={c.is_active ? 'Klicka för att inaktivera' : 'Klicka för att aktivera'}
                      disabled={busy === c.id}
                      onClick={() => void toggle(c)}
                    >
                      {c.is_active ? 'Aktiv' : 'Inaktiv'}
                      <span className="visually-hidden">
                        {' '}
                        – {c.is_active ? 'inaktivera' : 'aktivera'} {c.code}
                      </span>
                    </button>
                    {isExpired(c) && <span className="badge badge--warn">{t.expired}</span>}
                    {limitReached(c) && <span className="badge badge--warn">{t.limitReached}</span>}
                  </div>
                </td>
                <td data-label="Åtgärder">
                  <div className="row-actions">
                    <button type="button" className="btn btn--secondary btn--small" onClick={() => setEditing(c)} aria-label={`Redigera ${c.code}`}>
                      Redigera
                    </button>
                    <button type="button" className="btn btn--danger btn--small" disabled={busy === c.id} onClick={() => void remove(c)} aria-label={`Radera ${c.code}`}>
                      Radera
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && (
        <BonusCodeForm
          code={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await load();
          }}
        />
      )}
    </>
  );
}

interface Draft {
  code: string;
  description: string;
  discount_percentage: string;
  usage_limit: string;
  expires_at: string;
  is_active: boolean;
}

function draftOf(code: BonusCode | null): Draft {
  if (!code) return { code: '', description: '', discount_percentage: '10', usage_limit: '', expires_at: '', is_active: true };
  return {
    code: code.code,
    description: code.description ?? '',
    discount_percentage: String(code.discount_percentage),
    usage_limit: code.usage_limit === null ? '' : String(code.usage_limit),
    expires_at: code.expires_at ? dayjs(code.expires_at).format('YYYY-MM-DDTHH:mm') : '',
    is_active: Boolean(code.is_active),
  };
}

function BonusCodeForm({ code, onClose, onSaved }: { code: BonusCode | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(code));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function save() {
    const body = {
      code: draft.code.trim().toUpperCase(),
      description: draft.description.trim(),
      discount_percentage: draft.discount_percentage.trim() === '' ? Number.NaN : Number(draft.discount_percentage.replace(',', '.')),
      usage_limit: draft.usage_limit.trim() === '' ? null : Number(draft.usage_limit),
      expires_at: draft.expires_at || null,
      is_active: draft.is_active,
    };
    const checked = bonusCodeInputSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      setError('');
      return;
    }
    setErrors({});
    setError('');
    setBusy(true);
    try {
      if (code) await api(`/admin/bonus-codes/${code.id}`, { method: 'PUT', body });
      else await api('/admin/bonus-codes', { method: 'POST', body });
      toast.success(code ? t.updated : t.created);
      await onSaved();
    } catch (e) {
      const text = errorText(e, t.saveFailed);
      setError(text);
      toast.error(text);
      setBusy(false);
    }
  }

  const fieldProps = (name: keyof Draft) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `bonus-${name}-error` : '', `bonus-${name}-hint`].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (name: keyof Draft) =>
    errors[name] ? (
      <p id={`bonus-${name}-error`} className="field__error" role="alert">
        {errors[name]}
      </p>
    ) : null;

  return (
    <FormDialog
      id="bonus-form"
      title={code ? `Redigera ${code.code}` : 'Ny bonuskod'}
      submitLabel={code ? 'Spara ändringar' : 'Skapa bonuskod'}
      busy={busy}
      error={error}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <div className="field">
        <label className="field__label" htmlFor="bonus-code">
          Kod
        </label>
        <input
          id="bonus-code"
          className="field__control code-input"
          value={draft.code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          {...fieldProps('code')}
          onChange={(e) => set({ code: e.target.value.toUpperCase() })}
        />
        {fieldError('code')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="bonus-description">
          Beskrivning
        </label>
        <input id="bonus-description" className="field__control" value={draft.description} maxLength={500} onChange={(e) => set({ description: e.target.value })} />
      </div>
      <div className="form-grid">
        <div className="field">
          <label className="field__label" htmlFor="bonus-discount_percentage">
            Rabatt (%)
          </label>
          <input
            id="bonus-discount_percentage"
            className="field__control"
            type="number"
            inputMode="decimal"
            min="0"
            max="100"
            step="0.1"
            required
            value={draft.discount_percentage}
            {...fieldProps('discount_percentage')}
            onChange={(e) => set({ discount_percentage: e.target.value })}
          />
          <p id="bonus-discount_percentage-hint" className="hint">
            0–100, en decimal
          </p>
          {fieldError('discount_percentage')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="bonus-usage_limit">
            Max antal användningar
          </label>
          <input
            id="bonus-usage_limit"
            className="field__control"
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            value={draft.usage_limit}
            {...fieldProps('usage_limit')}
            onChange={(e) => set({ usage_limit: e.target.value })}
          />
          <p id="bonus-usage_limit-hint" className="hint">
            Tomt = obegränsat
          </p>
          {fieldError('usage_limit')}
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="bonus-expires_at">
          Giltig till
        </label>
        <input
          id="bonus-expires_at"
          className="field__control"
          type="datetime-local"
          value={draft.expires_at}
          {...fieldProps('expires_at')}
          onChange={(e) => set({ expires_at: e.target.value })}
        />
        <p id="bonus-expires_at-hint" className="hint">
          Tomt = gäller tills vidare
        </p>
        {fieldError('expires_at')}
      </div>
      <label className="check">
        <input type="checkbox" checked={draft.is_active} onChange={(e) => set({ is_active: e.target.checked })} />
        <span>Aktiv</span>
      </label>
    </FormDialog>
  );
}
