// Bokföringsperioder (rule: closed-periods): the books' months, newest first, open or closed (by
// whom, when); "Stäng period" on a month that may close now asks first, then closes it. A month
// that may not close yet says why, in the server's own words.
import { useState } from 'react';
import { FormDialog } from '../../../components/Dialog.js';
import { Instant } from '../../../components/Instant.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { formatMonth } from '../../../lib/format.js';
import { closeAccountingPeriod, getAccountingPeriods, type AccountingPeriodRow } from '../api/accounting.js';
import { accountingTexts as texts } from '../texts.js';

export function AccountingPeriods({ periods: initial }: { periods: AccountingPeriodRow[] | null }) {
  const hydrated = useHydrated();
  const [periods, setPeriods] = useState(initial);
  const [asking, setAsking] = useState<AccountingPeriodRow | null>(null);
  const { busy, run } = useAction();
  const reload = async () => setPeriods((await getAccountingPeriods()).periods);

  if (!periods) {
    const retry = () => void run('load', reload, { failure: texts.periodsLoadFailed });
    return <LoadFailed text={texts.periodsLoadFailed} onRetry={retry} disabled={!hydrated || busy !== null} />;
  }

  async function close(row: AccountingPeriodRow) {
    const closed = await run('close', () => closeAccountingPeriod(row.period), {
      success: texts.closed(formatMonth(row.period)),
      failure: texts.closeFailed,
      reload,
    });
    if (closed) setAsking(null);
  }

  return (
    <section className="card report-form periods" aria-labelledby="periods-title">
      <h2 id="periods-title">{texts.periodsTitle}</h2>
      <p className="hint report-form__intro">{texts.periodsIntro}</p>
      <ul className="periods__list">
        {periods.map((row) => {
          const month = formatMonth(row.period);
          const hintId = `period-${row.period}-hint`;
          return (
            <li key={row.period} className={`period period--${row.status}`}>
              <div className="period__head">
                <h3 className="period__month">{month}</h3>
                <span className={`badge ${row.status === 'closed' ? 'badge--period-closed' : 'badge--period-open'}`}>
                  {row.status === 'closed' ? texts.statusClosed : texts.statusOpen}
                </span>
              </div>
              {row.status === 'closed' ? (
                <p className="period__detail">
                  {texts.closedBy(row.closed_by ?? '')}, <Instant iso={row.closed_at ?? ''} />
                </p>
              ) : row.close_refusal ? (
                <p className="period__detail hint" id={hintId}>
                  {row.close_refusal}
                </p>
              ) : (
                <button
                  type="button"
                  className="btn btn--primary period__close"
                  aria-label={texts.closePeriodNamed(month)}
                  disabled={!hydrated || busy !== null}
                  onClick={() => setAsking(row)}
                >
                  {texts.closePeriod}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {asking && (
        <FormDialog
          title={texts.confirmTitle(formatMonth(asking.period))}
          submitLabel={texts.confirmClose}
          busyLabel={texts.closing}
          busy={busy === 'close'}
          focusTitle
          onClose={() => setAsking(null)}
          onSubmit={() => void close(asking)}
        >
          <p>{texts.confirmText(formatMonth(asking.period))}</p>
        </FormDialog>
      )}
    </section>
  );
}
