// The dashboard's daily report (SPEC 2, 5): a date up to today with 'Idag' and 'Igår'
// shortcuts; downloads palombo-rapport-{date}.pdf.
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import dayjs from 'dayjs';
import { errorText } from '../../lib/api.js';
import { a } from '../../lib/adminTexts.js';
import { downloadFile } from '../../lib/download.js';

export function DailyReportDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const [date, setDate] = useState(today);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function download(event: React.FormEvent) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !dayjs(date).isValid()) return setError(a.invalidReportDate);
    setError('');
    setBusy(true);
    try {
      await downloadFile(`/admin/daily-report?date=${date}`, `palombo-rapport-${date}.pdf`);
      toast.success(a.reportOk);
      onClose();
    } catch (e) {
      toast.error(errorText(e, a.reportFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="daily-report-title" onClose={onClose}>
      <form className="modal__body" noValidate onSubmit={download}>
        <h2 id="daily-report-title">Dagsrapport</h2>
        <div className="field">
          <label className="field__label" htmlFor="daily-report-date">
            Datum
          </label>
          <input
            id="daily-report-date"
            className="field__control"
            type="date"
            max={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'daily-report-error' : undefined}
          />
          {error && (
            <p id="daily-report-error" className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="button" className="btn btn--secondary" onClick={() => setDate(today)}>
            Idag
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => setDate(dayjs().subtract(1, 'day').format('YYYY-MM-DD'))}>
            Igår
          </button>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Hämtar...' : 'Ladda ner PDF'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Avbryt
          </button>
        </div>
      </form>
    </dialog>
  );
}
