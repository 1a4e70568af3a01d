// /admin/calendar (SPEC 2): one week from Monday with previous and next week. Per day: open or
// closed, opening hours, VIP status with its description, a VIP link for the day, invitations and
// the booking count. Today is highlighted; a legend explains the marks.
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import dayjs from 'dayjs';
import '../../../styles/admin-planning.css';
import { api, errorText } from '../../../lib/api.js';
import { cal } from '../../../lib/adminPlanningTexts.js';
import { a } from '../../../lib/adminTexts.js';
import { msg } from '../../../../domain/messages.js';
import { LinkResult, Modal } from '../../../components/admin/planning.js';

interface CalendarDay {
  date: string;
  isOpen: boolean;
  openTime: string | null;
  closeTime: string | null;
  isVIP: boolean;
  vipDescription: string | null;
  bookings: number;
}

type Dialog =
  | { kind: 'hours'; day: CalendarDay }
  | { kind: 'vip'; day: CalendarDay }
  | { kind: 'link'; day: CalendarDay; url: string; expiresAt: string };

const DEFAULT_OPEN = '11:00';
const DEFAULT_CLOSE = '22:00';
const ISO = 'YYYY-MM-DD';

/** The Monday of the week holding `date`. */
const mondayOf = (date: dayjs.Dayjs) => date.subtract((date.day() + 6) % 7, 'day');

export default function Page() {
  const [start, setStart] = useState<string | null>(null);
  const [today, setToday] = useState('');
  const [days, setDays] = useState<CalendarDay[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // A second click before React re-renders must not send the change twice.
  const working = useRef(false);
  const begin = (date: string) => {
    if (working.current) return false;
    working.current = true;
    setBusy(date);
    return true;
  };
  const done = () => {
    working.current = false;
    setBusy(null);
  };

  useEffect(() => {
    setToday(dayjs().format(ISO));
    const asked = new URLSearchParams(window.location.search).get('date');
    const from = asked && dayjs(asked, ISO).isValid() ? dayjs(asked) : dayjs();
    setStart(mondayOf(from).format(ISO));
  }, []);

  const load = useCallback(async (monday: string) => {
    const end = dayjs(monday).add(6, 'day').format(ISO);
    try {
      const { schedule } = await api<{ schedule: Record<string, CalendarDay> }>(`/admin/calendar/week?start=${monday}&end=${end}`);
      setDays(Object.values(schedule).sort((x, y) => x.date.localeCompare(y.date)));
      setFailed(false);
    } catch {
      setFailed(true);
      toast.error(cal.loadFailed);
    }
  }, []);
  useEffect(() => {
    if (start) void load(start);
  }, [start, load]);

  function go(weeks: number) {
    if (!start) return;
    const next = weeks === 0 ? mondayOf(dayjs()).format(ISO) : dayjs(start).add(weeks, 'week').format(ISO);
    setDays(null);
    setStart(next);
    window.history.replaceState(window.history.state, '', `/admin/calendar?date=${next}`);
  }

  /** Runs one change for a day: busy while it runs, a toast either way, then the week again. */
  async function run(date: string, work: () => Promise<unknown>, ok: string, fallback: string): Promise<boolean> {
    if (!begin(date)) return false;
    try {
      await work();
      toast.success(ok);
      if (start) await load(start);
      return true;
    } catch (error) {
      toast.error(errorText(error, fallback));
      return false;
    } finally {
      done();
    }
  }

  const toggle = (day: CalendarDay) =>
    run(
      day.date,
      () =>
        api('/admin/calendar/day', {
          body: { date: day.date, isOpen: !day.isOpen, openTime: day.openTime ?? DEFAULT_OPEN, closeTime: day.closeTime ?? DEFAULT_CLOSE },
        }),
      cal.dayOk,
      cal.dayFailed,
    );

  const removeVip = (day: CalendarDay) => run(day.date, () => api('/admin/vip-dates', { method: 'DELETE', body: { date: day.date } }), cal.vipRemoved, cal.vipRemoveFailed);

  async function generateLink(day: CalendarDay) {
    if (!begin(day.date)) return;
    try {
      const link = await api<{ url: string; expires_at: string }>('/admin/vip-links/generate-for-date', { body: { vip_date_id: day.date, expires_hours: 168 } });
      toast.success(cal.linkOk);
      setDialog({ kind: 'link', day, url: link.url, expiresAt: link.expires_at });
    } catch {
      toast.error(cal.linkFailed);
    } finally {
      done();
    }
  }

  const end = start ? dayjs(start).add(6, 'day') : null;
  return (
    <>
      <div className="admin-title">
        <h1>{cal.title}</h1>
      </div>
      <nav className="week-nav card" aria-label="Välj vecka">
        <button type="button" className="btn btn--secondary week-nav__prev" onClick={() => go(-1)} disabled={!start} aria-label="Föregående vecka">
          <span aria-hidden="true">←</span> Föregående<span className="week-nav__word"> vecka</span>
        </button>
        <div className="week-nav__range">
          <p aria-live="polite">
            {start && end ? (
              <>
                <strong>Vecka {isoWeek(dayjs(start))}</strong>{' '}
                <span>
                  {dayjs(start).format('D MMM')} – {end.format('D MMM YYYY')}
                </span>
              </>
            ) : (
              a.loading
            )}
          </p>
          {start && start !== mondayOf(dayjs()).format(ISO) && (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => go(0)}>
              Till denna vecka
            </button>
          )}
        </div>
        <button type="button" className="btn btn--secondary week-nav__next" onClick={() => go(1)} disabled={!start} aria-label="Nästa vecka">
          Nästa<span className="week-nav__word"> vecka</span> <span aria-hidden="true">→</span>
        </button>
      </nav>

      <Legend />

      {days === null ? (
        failed ? (
          <p className="notice">{cal.loadFailed}</p>
        ) : (
          <p role="status">{a.loading}</p>
        )
      ) : (
        <ol className="week" aria-label="Veckans dagar">
          {days.map((day) => (
            <DayCard
              key={day.date}
              day={day}
              today={day.date === today}
              past={day.date < today}
              busy={busy === day.date}
              anyBusy={busy !== null}
              onToggle={() => void toggle(day)}
              onHours={() => setDialog({ kind: 'hours', day })}
              onVip={() => setDialog({ kind: 'vip', day })}
              onRemoveVip={() => void removeVip(day)}
              onLink={() => void generateLink(day)}
            />
          ))}
        </ol>
      )}

      {dialog?.kind === 'hours' && (
        <HoursDialog
          day={dialog.day}
          busy={busy !== null}
          onClose={() => setDialog(null)}
          onSave={async (openTime, closeTime) => {
            const day = dialog.day;
            const ok = await run(day.date, () => api('/admin/calendar/day', { body: { date: day.date, isOpen: day.isOpen, openTime, closeTime } }), cal.hoursOk, cal.hoursFailed);
            if (ok) setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'vip' && (
        <VipDialog
          day={dialog.day}
          busy={busy !== null}
          onClose={() => setDialog(null)}
          onSave={async (description) => {
            const day = dialog.day;
            const ok = await run(day.date, () => api('/admin/vip-dates', { body: { date: day.date, description } }), cal.vipOk, cal.vipFailed);
            if (ok) setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'link' && (
        <Modal title={`VIP-länk för ${dayjs(dialog.day.date).format('dddd D MMMM')}`} onClose={() => setDialog(null)}>
          <p>Alla som har länken kan boka denna VIP-dag.</p>
          <LinkResult url={dialog.url} expiresAt={dialog.expiresAt} copiedText={cal.copied} copyFailedText={cal.copyFailed} />
          <div className="actions">
            <a className="btn btn--secondary" href={`/admin/vip?tab=invitations&date=${dialog.day.date}`}>
              Skicka inbjudningar
            </a>
            <button type="button" className="btn btn--ghost" onClick={() => setDialog(null)}>
              Stäng
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

/** ISO 8601 week number (Monday weeks; week 1 holds the first Thursday). */
function isoWeek(date: dayjs.Dayjs): number {
  const thursday = mondayOf(date).add(3, 'day');
  const firstThursday = mondayOf(thursday.startOf('year').add(3, 'day')).add(3, 'day');
  return Math.round(thursday.diff(firstThursday, 'day') / 7) + 1;
}

function Legend() {
  return (
    <ul className="legend" aria-label="Teckenförklaring">
      <li>
        <span className="legend__mark legend__mark--open" aria-hidden="true" /> Öppet
      </li>
      <li>
        <span className="legend__mark legend__mark--closed" aria-hidden="true" /> Stängt
      </li>
      <li>
        <span className="legend__mark legend__mark--vip" aria-hidden="true" /> VIP-dag (klicka på VIP-märket för att ta bort)
      </li>
      <li>
        <span className="legend__mark legend__mark--today" aria-hidden="true" /> Idag
      </li>
    </ul>
  );
}

function DayCard(props: {
  day: CalendarDay;
  today: boolean;
  past: boolean;
  busy: boolean;
  anyBusy: boolean;
  onToggle: () => void;
  onHours: () => void;
  onVip: () => void;
  onRemoveVip: () => void;
  onLink: () => void;
}) {
  const { day, today, past, busy, anyBusy } = props;
  const when = dayjs(day.date);
  const label = when.format('dddd D MMMM');
  const classes = ['day', day.isOpen ? 'day--open' : 'day--closed', day.isVIP ? 'day--vip' : '', today ? 'day--today' : '', past ? 'day--past' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes} data-date={day.date} aria-current={today ? 'date' : undefined} aria-busy={busy || undefined}>
      <div className="day__head">
        <h2 className="day__name">
          <span className="day__weekday">{when.format('dddd')}</span>
          <span className="day__date">{when.format('D MMMM')}</span>
        </h2>
        {today && <span className="badge day__today">Idag</span>}
      </div>

      <button
        type="button"
        role="switch"
        aria-checked={day.isOpen}
        aria-label={`Öppet ${label}`}
        className={`day-switch${day.isOpen ? ' day-switch--on' : ''}`}
        disabled={anyBusy}
        onClick={props.onToggle}
      >
        <span className="day-switch__track" aria-hidden="true">
          <span className="day-switch__thumb" />
        </span>
        <span className="day-switch__text">{day.isOpen ? 'Öppet' : 'Stängt'}</span>
      </button>

      {day.isOpen && (
        <p className="day__hours">
          <span className="visually-hidden">Öppettider </span>
          {day.openTime ?? DEFAULT_OPEN}–{day.closeTime ?? DEFAULT_CLOSE}
        </p>
      )}
      <button type="button" className="btn btn--secondary btn--small" disabled={anyBusy} onClick={props.onHours} aria-label={`Öppettider ${label}`}>
        Öppettider
      </button>

      {day.isVIP ? (
        <>
          <button
            type="button"
            className="badge vip-badge"
            disabled={anyBusy}
            onClick={props.onRemoveVip}
            aria-label={`Ta bort VIP-status ${label}`}
            title="Klicka för att ta bort VIP-status"
          >
            <span aria-hidden="true">★</span> VIP <span aria-hidden="true">✕</span>
          </button>
          {day.vipDescription && <p className="day__vip-text">{day.vipDescription}</p>}
          <button type="button" className="btn btn--primary btn--small" disabled={anyBusy} onClick={props.onLink} aria-label={`Generera VIP-länk ${label}`}>
            Generera VIP-länk
          </button>
          <a className="btn btn--ghost btn--small" href={`/admin/vip?tab=invitations&date=${day.date}`} aria-label={`Skicka inbjudningar ${label}`}>
            Skicka inbjudningar
          </a>
        </>
      ) : (
        day.isOpen && (
          <button type="button" className="btn btn--ghost btn--small" disabled={anyBusy} onClick={props.onVip} aria-label={`Markera som VIP ${label}`}>
            <span aria-hidden="true">★</span> Markera som VIP
          </button>
        )
      )}

      <p className="day__bookings">
        <strong>{day.bookings}</strong> {day.bookings === 1 ? 'bokning' : 'bokningar'}
      </p>
    </li>
  );
}

function HoursDialog({ day, busy, onClose, onSave }: { day: CalendarDay; busy: boolean; onClose: () => void; onSave: (open: string, close: string) => Promise<void> }) {
  const [openTime, setOpenTime] = useState(day.openTime ?? DEFAULT_OPEN);
  const [closeTime, setCloseTime] = useState(day.closeTime ?? DEFAULT_CLOSE);
  const [error, setError] = useState('');
  return (
    <Modal title={`Öppettider ${dayjs(day.date).format('dddd D MMMM')}`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!openTime || !closeTime) return setError(msg.timeRequired);
          if (closeTime <= openTime) return setError(msg.invalidOpeningHours);
          setError('');
          void onSave(openTime, closeTime);
        }}
      >
        <div className="form-grid planning-times">
          <div className="field">
            <label className="field__label" htmlFor="hours-open">
              Öppnar
            </label>
            <input id="hours-open" className="field__control" type="time" required value={openTime} onChange={(e) => setOpenTime(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'hours-error' : undefined} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="hours-close">
              Stänger
            </label>
            <input id="hours-close" className="field__control" type="time" required value={closeTime} onChange={(e) => setCloseTime(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'hours-error' : undefined} />
          </div>
        </div>
        {error && (
          <p id="hours-error" className="field__error" role="alert">
            {error}
          </p>
        )}
        {!day.isOpen && <p className="hint">Dagen är stängd: tiderna gäller när den öppnas.</p>}
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Sparar...' : 'Spara öppettider'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Avbryt
          </button>
        </div>
      </form>
    </Modal>
  );
}

function VipDialog({ day, busy, onClose, onSave }: { day: CalendarDay; busy: boolean; onClose: () => void; onSave: (description: string) => Promise<void> }) {
  const [description, setDescription] = useState('');
  return (
    <Modal title={`Markera ${dayjs(day.date).format('dddd D MMMM')} som VIP`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSave(description.trim());
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="vip-description">
            Beskrivning (valfritt)
          </label>
          <textarea id="vip-description" className="field__control" rows={3} maxLength={300} value={description} onChange={(e) => setDescription(e.target.value)} placeholder="T.ex. Provsmakning av nya pizzor" />
        </div>
        <p className="hint">Bara kunder med en VIP-länk kan boka en VIP-dag.</p>
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Sparar...' : 'Markera som VIP'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Avbryt
          </button>
        </div>
      </form>
    </Modal>
  );
}
