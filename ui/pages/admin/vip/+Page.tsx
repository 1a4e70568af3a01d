// /admin/vip (SPEC 2, 5): three tabs. VIP customers (add, edit, delete, a personal link), VIP
// dates (add, delete) and invitations (choose customers, subject, a message with {name}, validity,
// an optional VIP date) with the invitations sent so far. ?tab=invitations&date=yyyy-MM-dd opens
// the invitation form for a date (the calendar links here).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import dayjs from 'dayjs';
import '../../../styles/admin-planning.css';
import { api, errorText } from '../../../lib/api.js';
import { vip } from '../../../lib/adminPlanningTexts.js';
import { a } from '../../../lib/adminTexts.js';
import { formatDateLong, formatDateShort } from '../../../lib/format.js';
import { msg } from '../../../../domain/messages.js';
import { LinkResult, Modal, formatExpiry } from '../../../components/admin/planning.js';

interface VipCustomer {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  notes: string | null;
  active: number | boolean;
  created_at?: string;
}
interface VipDate {
  id: string;
  date: string;
  description: string | null;
  active: number;
  created_by: string | null;
}
interface Invitation {
  id: string;
  vip_customer_id: number;
  email: string;
  name: string;
  subject: string;
  vip_date: string | null;
  expires_at: string;
  sent_at: string;
}

const TABS = [
  { id: 'customers', label: 'VIP-kunder' },
  { id: 'dates', label: 'VIP-datum' },
  { id: 'invitations', label: 'Inbjudningar' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const LINK_HOURS = { min: 1, max: 240, default: 72 };
const INVITATION_HOURS = { min: 1, max: 168, default: 72 };
const clamp = (n: number, min: number, max: number, fallback: number) => (Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function Page() {
  const [tab, setTab] = useState<Tab>('customers');
  const [presetDate, setPresetDate] = useState('');
  const [customers, setCustomers] = useState<VipCustomer[] | null>(null);
  const [dates, setDates] = useState<VipDate[] | null>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const asked = params.get('tab');
    if (asked && TABS.some((t) => t.id === asked)) setTab(asked as Tab);
    setPresetDate(params.get('date') ?? '');
  }, []);

  const loadCustomers = useCallback(async () => {
    try {
      setCustomers(await api<VipCustomer[]>('/admin/vip-customers'));
    } catch {
      toast.error(vip.customersFailed);
    }
  }, []);
  const loadDates = useCallback(async () => {
    try {
      setDates(await api<VipDate[]>('/admin/vip-dates'));
    } catch {
      toast.error(vip.datesFailed);
    }
  }, []);
  useEffect(() => {
    void loadCustomers();
    void loadDates();
  }, [loadCustomers, loadDates]);

  function choose(next: Tab, focus = false) {
    setTab(next);
    const query = new URLSearchParams(window.location.search);
    query.set('tab', next);
    window.history.replaceState(window.history.state, '', `/admin/vip?${query}`);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((t) => t.id === tab);
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(TABS[(to + TABS.length) % TABS.length]!.id, true);
  }

  const count = (id: Tab) => (id === 'customers' ? customers?.length : id === 'dates' ? dates?.length : undefined);
  return (
    <>
      <div className="admin-title">
        <h1>{vip.title}</h1>
      </div>
      <div className="tabs" role="tablist" aria-label="VIP">
        {TABS.map((t) => {
          const n = count(t.id);
          return (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              className="tabs__tab"
              onClick={() => choose(t.id)}
              onKeyDown={onTabKey}
            >
              {t.label}
              {t.id !== 'invitations' && ` (${n ?? 0})`}
            </button>
          );
        })}
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0}>
        {tab === 'customers' && <CustomersTab customers={customers} dates={dates} reload={loadCustomers} />}
        {tab === 'dates' && <DatesTab dates={dates} reload={loadDates} />}
        {tab === 'invitations' && <InvitationsTab customers={customers} dates={dates} presetDate={presetDate} />}
      </div>
    </>
  );
}

// ---- customers ----

function CustomersTab({ customers, dates, reload }: { customers: VipCustomer[] | null; dates: VipDate[] | null; reload: () => Promise<void> }) {
  const [editing, setEditing] = useState<VipCustomer | 'new' | null>(null);
  const [linkFor, setLinkFor] = useState<VipCustomer | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(customer: VipCustomer) {
    if (busy !== null || !window.confirm(vip.confirmDeleteCustomer(customer.name))) return;
    setBusy(customer.id);
    try {
      await api(`/admin/vip-customers/${customer.id}`, { method: 'DELETE', body: {} });
      toast.success(vip.customerDeleted);
      await reload();
    } catch (error) {
      toast.error(errorText(error, vip.customerDeleteFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <div className="panel-head">
        <h2>VIP-kunder</h2>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          + Lägg till VIP-kund
        </button>
      </div>
      {customers === null ? (
        <p role="status">{a.loading}</p>
      ) : customers.length === 0 ? (
        <p className="card">Inga VIP-kunder ännu.</p>
      ) : (
        <table className="bookings-table planning-table">
          <caption className="visually-hidden">VIP-kunder</caption>
          <thead>
            <tr>
              <th scope="col">Namn</th>
              <th scope="col">Kontakt</th>
              <th scope="col">Anteckningar</th>
              <th scope="col">Status</th>
              <th scope="col">Åtgärder</th>
            </tr>
          </thead>
          <tbody>
            {customers.map((c) => (
              <tr key={c.id} data-customer={c.email}>
                <td data-label="Namn">
                  <strong>{c.name}</strong>
                </td>
                <td data-label="Kontakt">
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                  {c.phone && (
                    <>
                      <br />
                      <a href={`tel:${c.phone}`}>{c.phone}</a>
                    </>
                  )}
                </td>
                <td data-label="Anteckningar">{c.notes || <span className="muted">–</span>}</td>
                <td data-label="Status">
                  <span className={`badge ${c.active ? 'badge--confirmed' : 'badge--cancelled'}`}>{c.active ? 'Aktiv' : 'Inaktiv'}</span>
                </td>
                <td data-label="Åtgärder">
                  <div className="row-actions">
                    <button type="button" className="btn btn--secondary btn--small" onClick={() => setEditing(c)} aria-label={`Redigera ${c.name}`}>
                      Redigera
                    </button>
                    <button type="button" className="btn btn--ok btn--small" disabled={!c.active} onClick={() => setLinkFor(c)} aria-label={`VIP-länk för ${c.name}`}>
                      VIP-länk
                    </button>
                    <button type="button" className="btn btn--danger btn--small" disabled={busy === c.id} onClick={() => void remove(c)} aria-label={`Ta bort ${c.name}`}>
                      Ta bort
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && (
        <CustomerDialog
          customer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await reload();
          }}
        />
      )}
      {linkFor && <CustomerLinkDialog customer={linkFor} dates={dates ?? []} onClose={() => setLinkFor(null)} />}
    </>
  );
}

function CustomerDialog({ customer, onClose, onSaved }: { customer: VipCustomer | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const [form, setForm] = useState({
    email: customer?.email ?? '',
    name: customer?.name ?? '',
    phone: customer?.phone ?? '',
    notes: customer?.notes ?? '',
    active: customer ? Boolean(customer.active) : true,
  });
  const [errors, setErrors] = useState<{ email?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (saving.current) return;
    const next: typeof errors = {};
    if (!form.email.trim()) next.email = msg.vipCustomerRequired;
    else if (!EMAIL.test(form.email.trim())) next.email = msg.invalidEmail;
    if (!form.name.trim()) next.name = msg.vipCustomerRequired;
    setErrors(next);
    if (next.email || next.name) {
      document.getElementById(next.email ? 'vip-email' : 'vip-name')?.focus();
      return;
    }
    saving.current = true;
    setBusy(true);
    const body = { email: form.email.trim(), name: form.name.trim(), phone: form.phone.trim(), notes: form.notes.trim(), active: form.active };
    try {
      if (customer) await api(`/admin/vip-customers/${customer.id}`, { method: 'PUT', body });
      else await api('/admin/vip-customers', { method: 'POST', body });
      toast.success(customer ? vip.customerUpdated : vip.customerCreated);
      await onSaved();
    } catch (error) {
      toast.error(errorText(error, vip.saveFailed));
      saving.current = false;
      setBusy(false);
    }
  }

  const field = (key: 'email' | 'name', id: string, label: string, type: string, autoComplete: string) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        className="field__control"
        type={type}
        autoComplete={autoComplete}
        required
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-error` : undefined}
      />
      {errors[key] && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <Modal title={customer ? `Redigera ${customer.name}` : 'Ny VIP-kund'} onClose={onClose}>
      <form noValidate onSubmit={save}>
        {field('email', 'vip-email', 'E-post', 'email', 'off')}
        {field('name', 'vip-name', 'Namn', 'text', 'off')}
        <div className="field">
          <label className="field__label" htmlFor="vip-phone">
            Telefon (valfritt)
          </label>
          <input id="vip-phone" className="field__control" type="tel" autoComplete="off" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="vip-notes">
            Anteckningar (valfritt)
          </label>
          <textarea id="vip-notes" className="field__control" rows={3} value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
        </div>
        <label className="check">
          <input type="checkbox" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />
          <span>Aktiv</span>
        </label>
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Sparar...' : customer ? 'Spara ändringar' : 'Skapa VIP-kund'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Avbryt
          </button>
        </div>
      </form>
    </Modal>
  );
}

function CustomerLinkDialog({ customer, dates, onClose }: { customer: VipCustomer; dates: VipDate[]; onClose: () => void }) {
  const [hours, setHours] = useState(String(LINK_HOURS.default));
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const expires_hours = clamp(Number(hours), LINK_HOURS.min, LINK_HOURS.max, LINK_HOURS.default);
    setHours(String(expires_hours));
    setBusy(true);
    try {
      setLink(await api<{ url: string; expires_at: string }>('/admin/vip-links/generate', { body: { vip_customer_id: customer.id, expires_hours, vip_date_id: date || null } }));
      toast.success(vip.linkCreated);
    } catch (error) {
      toast.error(errorText(error, vip.linkFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={`VIP-länk för ${customer.name}`} onClose={onClose}>
      <form noValidate onSubmit={create}>
        <div className="form-grid">
          <div className="field">
            <label className="field__label" htmlFor="link-hours">
              Giltig i timmar (1–240)
            </label>
            <input id="link-hours" className="field__control" type="number" inputMode="numeric" min={LINK_HOURS.min} max={LINK_HOURS.max} step={1} value={hours} onChange={(e) => setHours(e.target.value)} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="link-date">
              VIP-datum (valfritt)
            </label>
            <select id="link-date" className="field__control" value={date} onChange={(e) => setDate(e.target.value)}>
              <option value="">Alla öppna dagar</option>
              {dates.map((d) => (
                <option key={d.id} value={d.id}>
                  {formatDateLong(d.date)}
                  {d.description ? ` – ${d.description}` : ''}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Skapar...' : link ? 'Skapa ny länk' : 'Skapa länk'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Stäng
          </button>
        </div>
      </form>
      {link && <LinkResult url={link.url} expiresAt={link.expires_at} copiedText={vip.copied} copyFailedText={vip.copyFailed} />}
    </Modal>
  );
}

// ---- dates ----

function DatesTab({ dates, reload }: { dates: VipDate[] | null; reload: () => Promise<void> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  const [today, setToday] = useState('');
  useEffect(() => setToday(dayjs().format('YYYY-MM-DD')), []);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!date) return setError(msg.dateRequired);
    setError('');
    setBusy('new');
    try {
      await api('/admin/vip-dates', { body: { date, description: description.trim() } });
      toast.success(vip.dateCreated);
      setDate('');
      setDescription('');
      await reload();
    } catch (e) {
      toast.error(errorText(e, 'Kunde inte skapa VIP-datum'));
    } finally {
      setBusy(null);
    }
  }

  async function remove(d: VipDate) {
    if (busy || !window.confirm(vip.confirmDeleteDate(formatDateLong(d.date)))) return;
    setBusy(d.id);
    try {
      await api(`/admin/vip-dates/${encodeURIComponent(d.id)}`, { method: 'DELETE', body: {} });
      toast.success(vip.dateDeleted);
      await reload();
    } catch (e) {
      toast.error(errorText(e, vip.dateDeleteFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <h2>VIP-datum</h2>
      <form className="card planning-inline-form" noValidate onSubmit={add} aria-label="Nytt VIP-datum">
        <div className="field">
          <label className="field__label" htmlFor="new-vip-date">
            Datum
          </label>
          <input id="new-vip-date" className="field__control" type="date" min={today} value={date} onChange={(e) => setDate(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'new-vip-date-error' : undefined} />
          {error && (
            <p id="new-vip-date-error" className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="field planning-inline-form__grow">
          <label className="field__label" htmlFor="new-vip-description">
            Beskrivning (valfritt)
          </label>
          <input id="new-vip-description" className="field__control" maxLength={300} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy !== null}>
          Lägg till VIP-datum
        </button>
      </form>
      <p className="hint">Endast öppna dagar kan markeras som VIP. Öppettiderna ändras i kalendern.</p>
      {dates === null ? (
        <p role="status">{a.loading}</p>
      ) : dates.length === 0 ? (
        <p className="card">Inga VIP-datum.</p>
      ) : (
        <ul className="vip-dates">
          {dates.map((d) => (
            <li key={d.id} className="vip-date card" data-date={d.date}>
              <div>
                <strong className="vip-date__when">
                  <span aria-hidden="true">👑 </span>
                  {formatDateLong(d.date)}
                </strong>
                {d.description && <p className="vip-date__text">{d.description}</p>}
                {d.created_by && <p className="hint">Skapad av {d.created_by}</p>}
              </div>
              <div className="row-actions">
                <a className="btn btn--secondary btn--small" href={`/admin/vip?tab=invitations&date=${d.date}`} aria-label={`Bjud in till ${formatDateLong(d.date)}`}>
                  Bjud in
                </a>
                <button type="button" className="btn btn--danger btn--small" disabled={busy === d.id} onClick={() => void remove(d)} aria-label={`Ta bort VIP-datum ${formatDateLong(d.date)}`}>
                  Ta bort
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

// ---- invitations ----

function InvitationsTab({ customers, dates, presetDate }: { customers: VipCustomer[] | null; dates: VipDate[] | null; presetDate: string }) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [subject, setSubject] = useState(vip.defaultSubject);
  const [message, setMessage] = useState(vip.defaultMessage);
  const [hours, setHours] = useState(String(INVITATION_HOURS.default));
  const [date, setDate] = useState(presetDate);
  const [errors, setErrors] = useState<{ customers?: string; subject?: string; message?: string; hours?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Invitation[] | null>(null);
  // A double click must not send the mails twice.
  const sending = useRef(false);
  useEffect(() => setDate(presetDate), [presetDate]);

  const loadSent = useCallback(async () => {
    try {
      setSent(await api<Invitation[]>('/admin/vip-invitations'));
    } catch {
      setSent([]);
    }
  }, []);
  useEffect(() => void loadSent(), [loadSent]);

  const active = (customers ?? []).filter((c) => c.active);
  const allChosen = active.length > 0 && active.every((c) => chosen.has(c.id));

  function toggle(id: number, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  }

  async function send(event: React.FormEvent) {
    event.preventDefault();
    if (sending.current) return;
    const h = Number(hours);
    const next: typeof errors = {};
    if (chosen.size === 0) next.customers = msg.invitationCustomersRequired;
    if (!subject.trim()) next.subject = msg.invitationSubjectRequired;
    if (!message.trim()) next.message = msg.invitationMessageRequired;
    if (!Number.isInteger(h) || h < INVITATION_HOURS.min || h > INVITATION_HOURS.max) next.hours = msg.invitationHours;
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) {
      document.getElementById(first === 'customers' ? 'invite-customers' : `invite-${first}`)?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const answer = await api<{ sent: number; invitations: unknown[] }>('/admin/vip-invitations/send', {
        body: { customer_ids: [...chosen], subject: subject.trim(), message: message.trim(), expires_hours: h, vip_date_id: date || null },
      });
      toast.success(vip.invitationsSent(answer.sent ?? answer.invitations?.length ?? chosen.size));
      setChosen(new Set());
      await loadSent();
    } catch (error) {
      toast.error(errorText(error, vip.sendFailed));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <h2>Skicka VIP-inbjudningar</h2>
      <form className="card invite-form" noValidate onSubmit={send}>
        <fieldset className="invite-customers" aria-describedby={errors.customers ? 'invite-customers-error' : undefined}>
          <legend className="field__label">Mottagare</legend>
          {customers === null ? (
            <p role="status">{a.loading}</p>
          ) : active.length === 0 ? (
            <p className="hint">Lägg till en aktiv VIP-kund först (fliken VIP-kunder).</p>
          ) : (
            <>
              <label className="check invite-customers__all" id="invite-customers" tabIndex={-1}>
                <input type="checkbox" checked={allChosen} onChange={(e) => setChosen(e.target.checked ? new Set(active.map((c) => c.id)) : new Set())} />
                <span>Välj alla ({active.length})</span>
              </label>
              <ul className="invite-customers__list">
                {active.map((c) => (
                  <li key={c.id}>
                    <label className="check">
                      <input type="checkbox" checked={chosen.has(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
                      <span>
                        {c.name} <span className="muted">{c.email}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </>
          )}
          {errors.customers && (
            <p id="invite-customers-error" className="field__error" role="alert">
              {errors.customers}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="invite-subject">
            Ämne
          </label>
          <input id="invite-subject" className="field__control" maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} aria-invalid={errors.subject ? true : undefined} aria-describedby={errors.subject ? 'invite-subject-error' : undefined} />
          {errors.subject && (
            <p id="invite-subject-error" className="field__error" role="alert">
              {errors.subject}
            </p>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="invite-message">
            Meddelande
          </label>
          <textarea
            id="invite-message"
            className="field__control"
            rows={6}
            maxLength={5000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? 'invite-message-hint invite-message-error' : 'invite-message-hint'}
          />
          <p id="invite-message-hint" className="hint">
            Skriv {'{name}'} där kundens namn ska stå. Den personliga VIP-länken läggs till i mejlet.
          </p>
          {errors.message && (
            <p id="invite-message-error" className="field__error" role="alert">
              {errors.message}
            </p>
          )}
        </div>
        <div className="form-grid">
          <div className="field">
            <label className="field__label" htmlFor="invite-hours">
              Giltig i timmar (1–168)
            </label>
            <input
              id="invite-hours"
              className="field__control"
              type="number"
              inputMode="numeric"
              min={INVITATION_HOURS.min}
              max={INVITATION_HOURS.max}
              step={1}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              aria-invalid={errors.hours ? true : undefined}
              aria-describedby={errors.hours ? 'invite-hours-error' : undefined}
            />
            {errors.hours && (
              <p id="invite-hours-error" className="field__error" role="alert">
                {errors.hours}
              </p>
            )}
          </div>
          <div className="field">
            <label className="field__label" htmlFor="invite-date">
              VIP-datum (valfritt)
            </label>
            <select id="invite-date" className="field__control" value={date} onChange={(e) => setDate(e.target.value)}>
              <option value="">Inget särskilt datum</option>
              {date && dates && !dates.some((d) => d.id === date) && <option value={date}>{formatDateLong(date)}</option>}
              {(dates ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {formatDateLong(d.date)}
                  {d.description ? ` – ${d.description}` : ''}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Skickar...' : chosen.size > 0 ? `Skicka inbjudningar (${chosen.size})` : 'Skicka inbjudningar'}
          </button>
        </div>
      </form>

      <h2>Skickade inbjudningar</h2>
      {sent === null ? (
        <p role="status">{a.loading}</p>
      ) : sent.length === 0 ? (
        <p className="card">Inga inbjudningar skickade ännu.</p>
      ) : (
        <table className="bookings-table planning-table">
          <caption className="visually-hidden">Skickade inbjudningar</caption>
          <thead>
            <tr>
              <th scope="col">Kund</th>
              <th scope="col">Ämne</th>
              <th scope="col">VIP-datum</th>
              <th scope="col">Skickad</th>
              <th scope="col">Giltig till</th>
            </tr>
          </thead>
          <tbody>
            {sent.map((i) => (
              <tr key={i.id}>
                <td data-label="Kund">
                  <strong>{i.name}</strong>
                  <br />
                  <span className="muted">{i.email}</span>
                </td>
                <td data-label="Ämne">{i.subject}</td>
                <td data-label="VIP-datum">{i.vip_date ? formatDateShort(i.vip_date) : '–'}</td>
                <td data-label="Skickad">{formatExpiry(i.sent_at)}</td>
                <td data-label="Giltig till">{formatExpiry(i.expires_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
