// /admin/pizzas (SPEC 2, 5, 8): the menu as a grid of cards, every pizza (inactive ones too),
// with add, edit and delete. Prices are typed in kronor and stored as öre (price_cents).
import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import '../../../styles/admin-menu.css';
import { api, errorText } from '../../../lib/api.js';
import { pizzaTexts as t } from '../../../lib/adminMenuTexts.js';
import { formatKr } from '../../../lib/format.js';
import { FormDialog } from '../../../components/admin/FormDialog.js';

interface AdminPizza {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  active: number | boolean;
}

interface Draft {
  name: string;
  description: string;
  /** As typed, in kronor. */
  price: string;
  active: boolean;
}

const emptyDraft: Draft = { name: '', description: '', price: '', active: true };

/** Kronor as typed ('89,50' or '89.5') to öre; NaN when it is not a number. */
function krToCents(kr: string): number {
  const text = kr.trim().replace(',', '.');
  if (!text) return Number.NaN;
  return Math.round(Number(text) * 100);
}

export default function Page() {
  const [pizzas, setPizzas] = useState<AdminPizza[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<AdminPizza | 'new' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setPizzas(await api<AdminPizza[]>('/admin/pizzas'));
      setFailed(false);
    } catch {
      setFailed(true);
      toast.error(t.loadFailed);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function remove(pizza: AdminPizza) {
    if (!window.confirm(t.confirmDelete(pizza.name))) return;
    setDeleting(pizza.id);
    try {
      await api(`/admin/pizzas/${pizza.id}`, { method: 'DELETE', body: {} });
      toast.success(t.deleted);
      await load();
    } catch (error) {
      toast.error(errorText(error, t.deleteFailed));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <>
      <div className="admin-title">
        <h1>Pizzor</h1>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          + Ny pizza
        </button>
      </div>
      {pizzas === null ? (
        failed ? (
          <p className="card">
            {t.loadFailed}.{' '}
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void load()}>
              Försök igen
            </button>
          </p>
        ) : (
          <p role="status">Laddar pizzor...</p>
        )
      ) : pizzas.length === 0 ? (
        <p className="card">Menyn är tom. Lägg till den första pizzan med knappen ovan.</p>
      ) : (
        <ul className="pizza-grid" aria-label="Menyn">
          {pizzas.map((pizza) => {
            const active = Boolean(pizza.active);
            return (
              <li key={pizza.id} className={`pizza-card${active ? '' : ' pizza-card--inactive'}`} data-pizza={pizza.id}>
                <div className="pizza-card__head">
                  <h2 className="pizza-card__name">{pizza.name}</h2>
                  <span className={`badge ${active ? 'badge--on' : 'badge--off'}`}>{active ? 'Aktiv' : 'Inaktiv'}</span>
                </div>
                <p className="pizza-card__desc">{pizza.description || <span className="muted">Ingen beskrivning</span>}</p>
                <p className="pizza-card__price">{formatKr(pizza.price_cents)}</p>
                <div className="row-actions">
                  <button type="button" className="btn btn--secondary btn--small" onClick={() => setEditing(pizza)} aria-label={`Redigera ${pizza.name}`}>
                    Redigera
                  </button>
                  <button
                    type="button"
                    className="btn btn--danger btn--small"
                    disabled={deleting === pizza.id}
                    onClick={() => void remove(pizza)}
                    aria-label={`Ta bort ${pizza.name}`}
                  >
                    {deleting === pizza.id ? 'Tar bort...' : 'Ta bort'}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <PizzaForm
          pizza={editing === 'new' ? null : editing}
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

function PizzaForm({ pizza, onClose, onSaved }: { pizza: AdminPizza | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const [draft, setDraft] = useState<Draft>(() =>
    pizza ? { name: pizza.name, description: pizza.description ?? '', price: String(pizza.price_cents / 100), active: Boolean(pizza.active) } : emptyDraft,
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function save() {
    const price_cents = krToCents(draft.price);
    if (!draft.name.trim() || !(price_cents > 0)) return setError(t.nameAndPrice);
    setError('');
    setBusy(true);
    const body = { name: draft.name.trim(), description: draft.description.trim(), price_cents, active: draft.active ? 1 : 0 };
    try {
      if (pizza) await api(`/admin/pizzas/${pizza.id}`, { method: 'PUT', body });
      else await api('/admin/pizzas', { method: 'POST', body });
      toast.success(pizza ? t.updated : t.created);
      await onSaved();
    } catch (e) {
      const text = errorText(e, t.saveFailed);
      setError(text);
      toast.error(text);
      setBusy(false);
    }
  }

  const invalid = error === t.nameAndPrice;
  return (
    <FormDialog
      id="pizza-form"
      title={pizza ? `Redigera ${pizza.name}` : 'Ny pizza'}
      submitLabel={pizza ? 'Spara ändringar' : 'Skapa pizza'}
      busy={busy}
      error={error}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <div className="field">
        <label className="field__label" htmlFor="pizza-name">
          Namn
        </label>
        <input
          id="pizza-name"
          className="field__control"
          value={draft.name}
          maxLength={100}
          autoComplete="off"
          required
          aria-invalid={invalid && !draft.name.trim() ? true : undefined}
          aria-describedby={invalid ? 'pizza-form-error' : undefined}
          onChange={(e) => set({ name: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="pizza-description">
          Beskrivning
        </label>
        <textarea
          id="pizza-description"
          className="field__control"
          rows={3}
          maxLength={500}
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="pizza-price">
          Pris (kr)
        </label>
        <input
          id="pizza-price"
          className="field__control"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          required
          value={draft.price}
          aria-invalid={invalid && !(krToCents(draft.price) > 0) ? true : undefined}
          aria-describedby={invalid ? 'pizza-form-error' : undefined}
          onChange={(e) => set({ price: e.target.value })}
        />
      </div>
      <label className="check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
        <span>Aktiv (visas på menyn)</span>
      </label>
    </FormDialog>
  );
}
