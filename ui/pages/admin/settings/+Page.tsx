// /admin/settings ('Pizzakioskinställningar', SPEC 2, 5, 8): booking settings, opening hours per
// weekday and the admin e-mail, validated with the server's own schema; save, reset to the
// defaults, and sync the weekday hours to the calendar.
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import '../../../styles/admin-menu.css';
import { api, errorText } from '../../../lib/api.js';
import { settingsTexts as t } from '../../../lib/adminMenuTexts.js';
import { fieldErrors } from '../../../lib/formErrors.js';
import { settingsSchema, type Settings } from '../../../../domain/settings/settings.js';
import { WEEKDAYS, type Weekday } from '../../../../domain/shared/time.js';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Måndag',
  tue: 'Tisdag',
  wed: 'Onsdag',
  thu: 'Torsdag',
  fri: 'Fredag',
  sat: 'Lördag',
  sun: 'Söndag',
};

type NumberKey =
  | 'capacity_per_window'
  | 'window_minutes'
  | 'booking_horizon_days'
  | 'vip_booking_advance_days'
  | 'slot_length_minutes'
  | 'cancellation_deadline_minutes';

const NUMBER_FIELDS: { key: NumberKey; label: string; unit: string; min: number; hint?: string }[] = [
  { key: 'capacity_per_window', label: 'Kapacitet per tidsfönster', unit: 'pizzor', min: 1, hint: 'Hur många pizzor köket hinner göra per tidsfönster.' },
  { key: 'window_minutes', label: 'Tidsfönstrets längd', unit: 'minuter', min: 1, hint: 'Kapaciteten gäller per fönster av den här längden.' },
  { key: 'booking_horizon_days', label: 'Bokningshorisont', unit: 'dagar', min: 1, hint: 'Hur många dagar framåt vanliga kunder kan boka.' },
  {
    key: 'vip_booking_advance_days',
    label: 'VIP-bokningshorisont',
    unit: 'dagar',
    min: 1,
    hint: 'Hur många dagar framåt VIP-kunder kan boka. Bör vara längre än den vanliga bokningshorisonten.',
  },
  { key: 'slot_length_minutes', label: 'Tidsluckans längd', unit: 'minuter', min: 1, hint: 'Avståndet mellan tiderna kunderna kan välja.' },
  { key: 'cancellation_deadline_minutes', label: 'Avbokningsgräns', unit: 'minuter', min: 0, hint: 'Hur många minuter före den bokade tiden en kund senast kan avboka.' },
];

interface Form {
  numbers: Record<NumberKey, string>;
  admin_email: string;
  open_days: Record<Weekday, boolean>;
  opening_hours: Record<Weekday, { start: string; end: string }>;
}

function formOf(s: Partial<Settings>): Form {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f.key, s[f.key] === undefined || s[f.key] === null ? '' : String(s[f.key])])) as Record<NumberKey, string>;
  // SPEC 3: the VIP horizon is 30 in the form when the settings have none.
  if (!numbers.vip_booking_advance_days) numbers.vip_booking_advance_days = '30';
  return {
    numbers,
    admin_email: s.admin_email ?? '',
    open_days: Object.fromEntries(WEEKDAYS.map((d) => [d, Boolean(s.open_days?.[d])])) as Record<Weekday, boolean>,
    opening_hours: Object.fromEntries(
      WEEKDAYS.map((d) => [d, { start: s.opening_hours?.[d]?.start ?? '11:00', end: s.opening_hours?.[d]?.end ?? '22:00' }]),
    ) as Record<Weekday, { start: string; end: string }>,
  };
}

function payloadOf(form: Form) {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f.key, form.numbers[f.key].trim() === '' ? Number.NaN : Number(form.numbers[f.key])]));
  return { ...numbers, admin_email: form.admin_email.trim(), open_days: form.open_days, opening_hours: form.opening_hours };
}

type Busy = null | 'save' | 'reset' | 'sync';

export default function Page() {
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState<string>('');
  const [failed, setFailed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<Busy>(null);

  function show(settings: Settings) {
    const next = formOf(settings);
    setForm(next);
    setSaved(JSON.stringify(next));
    setErrors({});
  }

  async function load() {
    setFailed(false);
    try {
      show(await api<Settings>('/admin/settings'));
    } catch {
      setFailed(true);
      toast.error(t.loadFailed);
    }
  }
  useEffect(() => void load(), []);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form || busy) return;
    const body = payloadOf(form);
    const checked = settingsSchema.safeParse(body);
    // The schema checks the opening hours only once every field is valid: check them here too,
    // so every problem shows at once.
    const hours: Record<string, string> = {};
    for (const day of WEEKDAYS) {
      if (form.open_days[day] && (!form.opening_hours[day].start || !form.opening_hours[day].end)) hours[`opening_hours.${day}`] = t.openingHoursRequired;
    }
    if (!checked.success || Object.keys(hours).length) {
      const found = { ...(checked.success ? {} : fieldErrors(checked.error.issues)), ...hours };
      setErrors(found);
      const first = Object.keys(found)[0]!;
      const id = first.startsWith('opening_hours.') ? `hours-${first.split('.')[1]}-start` : `setting-${first}`;
      document.getElementById(id)?.focus();
      return;
    }
    setErrors({});
    setBusy('save');
    try {
      await api('/admin/settings', { method: 'PUT', body });
      toast.success(t.saved);
      // SPEC 8: saved, then the page reloads (every screen reads the new settings).
      setTimeout(() => window.location.reload(), 800);
    } catch (e) {
      toast.error(errorText(e, t.saveFailed));
      setBusy(null);
    }
  }

  async function reset() {
    if (busy || !window.confirm(t.confirmReset)) return;
    setBusy('reset');
    try {
      const answer = await api<{ settings: Settings }>('/admin/settings/reset', { method: 'POST', body: {} });
      show(answer.settings);
      toast.success(t.reset);
    } catch (e) {
      toast.error(errorText(e, t.resetFailed));
    } finally {
      setBusy(null);
    }
  }

  async function sync() {
    if (busy || !window.confirm(t.confirmSync)) return;
    setBusy('sync');
    try {
      await api('/admin/settings/sync-calendar', { method: 'POST', body: {} });
      toast.success(t.synced);
    } catch (e) {
      toast.error(errorText(e, t.syncFailed));
    } finally {
      setBusy(null);
    }
  }

  const dirty = form !== null && JSON.stringify(form) !== saved;
  const setNumber = (key: NumberKey, value: string) => setForm((f) => f && { ...f, numbers: { ...f.numbers, [key]: value } });
  const setOpen = (day: Weekday, open: boolean) => setForm((f) => f && { ...f, open_days: { ...f.open_days, [day]: open } });
  const setHours = (day: Weekday, part: 'start' | 'end', value: string) =>
    setForm((f) => f && { ...f, opening_hours: { ...f.opening_hours, [day]: { ...f.opening_hours[day], [part]: value } } });

  return (
    <>
      <p className="back-link">
        <a href="/admin">← Tillbaka till översikten</a>
      </p>
      <div className="admin-title">
        <h1>{t.title}</h1>
        <button type="button" className="btn btn--secondary" disabled={!form || busy !== null} onClick={() => void reset()}>
          {busy === 'reset' ? 'Återställer...' : 'Återställ'}
        </button>
      </div>
      {!form ? (
        failed ? (
          <p className="card">
            {t.loadFailed}.{' '}
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void load()}>
              Försök igen
            </button>
          </p>
        ) : (
          <p role="status" className="admin-loading settings-loading">
            <span className="spinner" aria-hidden="true" /> {t.loading}
          </p>
        )
      ) : (
        <form className="settings-form" noValidate onSubmit={save}>
          <section className="card" aria-labelledby="booking-settings-title">
            <h2 id="booking-settings-title">Bokningsinställningar</h2>
            <div className="settings-grid">
              {NUMBER_FIELDS.map((f) => {
                const error = errors[f.key];
                return (
                  <div className="field" key={f.key}>
                    <label className="field__label" htmlFor={`setting-${f.key}`}>
                      {f.label} ({f.unit})
                    </label>
                    <input
                      id={`setting-${f.key}`}
                      className="field__control"
                      type="number"
                      inputMode="numeric"
                      min={f.min}
                      step="1"
                      required
                      value={form.numbers[f.key]}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={[error ? `setting-${f.key}-error` : '', f.hint ? `setting-${f.key}-hint` : ''].filter(Boolean).join(' ') || undefined}
                      onChange={(e) => setNumber(f.key, e.target.value)}
                    />
                    {f.hint && (
                      <p id={`setting-${f.key}-hint`} className="hint">
                        {f.hint}
                      </p>
                    )}
                    {error && (
                      <p id={`setting-${f.key}-error`} className="field__error">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
          </section>

          <section className="card" aria-labelledby="hours-title">
            <h2 id="hours-title">Öppettider</h2>
            <p className="hint hours-intro">Gäller varje datum som inte har egna öppettider i kalendern.</p>
            <ul className="hours-list">
              {WEEKDAYS.map((day) => {
                const open = form.open_days[day];
                const error = errors[`opening_hours.${day}`];
                return (
                  <li key={day} className={`hours-row${open ? '' : ' hours-row--closed'}`}>
                    <label className="check hours-row__day">
                      <input type="checkbox" checked={open} onChange={(e) => setOpen(day, e.target.checked)} />
                      <span>{DAY_NAMES[day]}</span>
                    </label>
                    {open ? (
                      <div className="hours-row__times">
                        <div className="hours-row__time">
                          <label htmlFor={`hours-${day}-start`}>
                            <span className="visually-hidden">{DAY_NAMES[day]} </span>Öppnar
                          </label>
                          <input
                            id={`hours-${day}-start`}
                            className="field__control"
                            type="time"
                            required
                            value={form.opening_hours[day].start}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `hours-${day}-error` : undefined}
                            onChange={(e) => setHours(day, 'start', e.target.value)}
                          />
                        </div>
                        <div className="hours-row__time">
                          <label htmlFor={`hours-${day}-end`}>
                            <span className="visually-hidden">{DAY_NAMES[day]} </span>Stänger
                          </label>
                          <input
                            id={`hours-${day}-end`}
                            className="field__control"
                            type="time"
                            required
                            value={form.opening_hours[day].end}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `hours-${day}-error` : undefined}
                            onChange={(e) => setHours(day, 'end', e.target.value)}
                          />
                        </div>
                      </div>
                    ) : (
                      <span className="muted hours-row__closed">Stängt</span>
                    )}
                    {error && (
                      <p id={`hours-${day}-error`} className="field__error hours-row__error">
                        {error}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>

          <section className="card" aria-labelledby="system-title">
            <h2 id="system-title">Systemkonfiguration</h2>
            <div className="field">
              <label className="field__label" htmlFor="setting-admin_email">
                Admin-e-post
              </label>
              <input
                id="setting-admin_email"
                className="field__control"
                type="email"
                autoComplete="email"
                required
                value={form.admin_email}
                aria-invalid={errors.admin_email ? true : undefined}
                aria-describedby={`setting-admin_email-hint${errors.admin_email ? ' setting-admin_email-error' : ''}`}
                onChange={(e) => setForm((f) => f && { ...f, admin_email: e.target.value })}
              />
              <p id="setting-admin_email-hint" className="hint">
                {t.adminEmailHint}
              </p>
              {errors.admin_email && (
                <p id="setting-admin_email-error" className="field__error">
                  {errors.admin_email}
                </p>
              )}
            </div>
          </section>

          <div className="settings-actions">
            {Object.keys(errors).length > 0 && (
              <p className="field__error settings-actions__error" role="alert">
                Rätta de markerade fälten.
              </p>
            )}
            {dirty && !Object.keys(errors).length && <p className="hint settings-actions__hint">Du har ändringar som inte är sparade. Spara dem innan du synkar till kalendern.</p>}
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy !== null || dirty}
              title={dirty ? 'Spara först: synkningen använder de sparade öppettiderna' : undefined}
              onClick={() => void sync()}
            >
              {busy === 'sync' ? 'Synkar...' : 'Synka till kalender'}
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy !== null}>
              {busy === 'save' ? t.saving : t.save}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
