// The dashboard's daily report (SPEC 2, 5): a date up to today with 'Idag' and 'Igår'
// shortcuts; downloads palombo-rapport-{date}.pdf. The date is checked with the server's schema.
import { useState } from 'react';
import dayjs from '../../../lib/dayjs.js';
import { FormDialog } from '../../../components/Dialog.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { useAction } from '../../../components/useAction.js';
import { check } from '../../../lib/formErrors.js';
import { dailyReportQuerySchema, downloadDailyReport } from '../api/dashboard.js';
import { dashboardTexts } from '../texts.js';

export function DailyReportDialog({ onClose }: { onClose: () => void }) {
  const today = dayjs().format('YYYY-MM-DD');
  const [date, setDate] = useState(today);
  const [error, setError] = useState('');
  const { busy, run } = useAction();

  function download() {
    const checked = check(dailyReportQuerySchema, { date });
    if (!checked.ok || date > today) return setError(dashboardTexts.invalidReportDate);
    setError('');
    void run('report', () => downloadDailyReport(checked.data.date), {
      success: dashboardTexts.reportOk,
      failure: dashboardTexts.reportFailed,
      reload: onClose,
    });
  }

  return (
    <FormDialog
      title={dashboardTexts.reportTitle}
      titleId="daily-report-title"
      submitLabel={dashboardTexts.reportDownload}
      busyLabel={dashboardTexts.reportDownloading}
      busy={busy !== null}
      onSubmit={download}
      onClose={onClose}
    >
      <Field id="daily-report-date" label={dashboardTexts.reportDate} error={error}>
        <input
          {...fieldControl('daily-report-date', error)}
          type="date"
          max={today}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </Field>
      <div className="actions">
        <button type="button" className="btn btn--secondary" onClick={() => setDate(today)}>
          {dashboardTexts.today}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => setDate(dayjs().subtract(1, 'day').format('YYYY-MM-DD'))}
        >
          {dashboardTexts.yesterday}
        </button>
      </div>
    </FormDialog>
  );
}
