// /admin/reports (SPEC 2, 5, 8): the bookings report for a date range, with quick picks, as a
// PDF saved as bokningsrapport-{start}-{end}.pdf.
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import dayjs from 'dayjs';
import '../../../styles/admin-menu.css';
import { errorText } from '../../../lib/api.js';
import { reportTexts as t } from '../../../lib/adminMenuTexts.js';
import { downloadFile } from '../../../lib/download.js';
import { formatDateShort } from '../../../lib/format.js';

const DAY = 'YYYY-MM-DD';
const QUICK_PICKS: { label: string; from: number; to: number }[] = [
  { label: 'Senaste 7 dagarna', from: -7, to: 0 },
  { label: 'Senaste 30 dagarna', from: -30, to: 0 },
  { label: 'Nästa 7 dagarna', from: 0, to: 7 },
  { label: 'Nästa 14 dagarna', from: 0, to: 14 },
  { label: 'Nästa 30 dagarna', from: 0, to: 30 },
];

export default function Page() {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function pick(from: number, to: number) {
    setStart(dayjs().add(from, 'day').format(DAY));
    setEnd(dayjs().add(to, 'day').format(DAY));
    setError('');
  }

  async function download(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = !start || !end ? t.datesRequired : start > end ? t.startAfterEnd : '';
    setError(problem);
    if (problem) return void toast.error(problem, { id: 'report-dates' });
    setBusy(true);
    try {
      await downloadFile(`/admin/bookings/report?startDate=${start}&endDate=${end}`, `bokningsrapport-${start}-${end}.pdf`);
      toast.success(t.ok);
    } catch (e) {
      toast.error(errorText(e, t.failed));
    } finally {
      setBusy(false);
    }
  }

  const describedBy = error ? 'report-error' : undefined;
  return (
    <>
      <div className="admin-title">
        <h1>Rapporter</h1>
      </div>
      <form className="card report-form" noValidate onSubmit={download} aria-labelledby="report-title">
        <h2 id="report-title">Bokningsrapport</h2>
        <p className="hint report-form__intro">Alla bokningar mellan två datum som PDF: kunder, tider, pizzor och summor.</p>
        <fieldset className="quick-picks">
          <legend className="field__label">Snabbval</legend>
          <div className="quick-picks__buttons">
            {QUICK_PICKS.map((q) => {
              const chosen = start === dayjs().add(q.from, 'day').format(DAY) && end === dayjs().add(q.to, 'day').format(DAY);
              return (
                <button key={q.label} type="button" className={`btn btn--small ${chosen ? 'btn--primary' : 'btn--secondary'}`} aria-pressed={chosen} onClick={() => pick(q.from, q.to)}>
                  {q.label}
                </button>
              );
            })}
          </div>
        </fieldset>
        <div className="form-grid">
          <div className="field">
            <label className="field__label" htmlFor="report-start">
              Startdatum
            </label>
            <input
              id="report-start"
              className="field__control"
              type="date"
              value={start}
              aria-invalid={error && (!start || start > end) ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setStart(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="report-end">
              Slutdatum
            </label>
            <input
              id="report-end"
              className="field__control"
              type="date"
              value={end}
              aria-invalid={error && (!end || start > end) ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setEnd(e.target.value)}
            />
          </div>
        </div>
        {error && (
          <p id="report-error" className="field__error">
            {error}
          </p>
        )}
        {start && end && start <= end && (
          <p className="report-form__range" aria-live="polite">
            {formatDateShort(start)} – {formatDateShort(end)} ({dayjs(end).diff(start, 'day') + 1} dagar)
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--large" disabled={busy}>
          {busy ? 'Hämtar...' : 'Ladda ner PDF'}
        </button>
      </form>
    </>
  );
}
