// Bokföringsunderlag: a period's sales per day with net and VAT per rate, what was left out of
// revenue, and the same as a CSV for Excel and an SIE 4I file for the accounting program. With the
// till (rule: sales-recording) the page says it is a reconciliation of what the till should show;
// with sales paid online (Swish when booking, issue 49) it shows them apart from those paid at
// pick-up, per day and in all.
import { useState, type FormEvent } from 'react';
import { ScrollRegion } from '../../../components/ScrollRegion.js';
import { formatDateShort, formatKrOre } from '../../../lib/format.js';
import {
  downloadAccountingCsv,
  downloadAccountingSie,
  getAccountingPeriod,
  type AccountingPeriodAnswer,
} from '../api/accounting.js';
import { ratesInForce } from '../../../../domain/accounting/accounting.js';
import { accountingTexts as texts } from '../texts.js';
import { PeriodFields, usePeriodAction } from './PeriodFields.js';

type Figures = AccountingPeriodAnswer['totals'];

export function AccountingReport() {
  const { hydrated, fields, busy, runFor } = usePeriodAction('accounting-dates');
  const [shown, setShown] = useState<AccountingPeriodAnswer | null>(null);

  function show(event: FormEvent) {
    event.preventDefault();
    runFor('show', async (period) => setShown(await getAccountingPeriod(period)), { failure: texts.loadFailed });
  }

  const download = (kind: 'csv' | 'sie') =>
    runFor(kind, kind === 'csv' ? downloadAccountingCsv : downloadAccountingSie, {
      success: texts.downloaded,
      failure: texts.downloadFailed,
    });

  return (
    <form className="card report-form accounting" noValidate onSubmit={show} aria-labelledby="accounting-title">
      <h2 id="accounting-title">{texts.title}</h2>
      <p className="hint report-form__intro">{texts.intro}</p>
      <PeriodFields id="accounting" disabled={!hydrated} {...fields} />
      <div className="accounting__actions">
        <button type="submit" className="btn btn--primary" disabled={!hydrated || busy !== null}>
          {busy === 'show' ? texts.showing : texts.show}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!hydrated || busy !== null}
          onClick={() => download('csv')}
        >
          {texts.csv}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!hydrated || busy !== null}
          onClick={() => download('sie')}
        >
          {texts.sie}
        </button>
      </div>
      {shown && <AccountingTables books={shown} />}
    </form>
  );
}

function AccountingTables({ books }: { books: AccountingPeriodAnswer }) {
  // Every rate in force on some date of the period, and any its sales were booked at.
  const rates = [
    ...new Set([
      ...ratesInForce(books.settings, books.startDate, books.endDate),
      ...books.totals.rates.map((l) => l.rate),
    ]),
  ].sort((a, b) => b - a);
  const cells = (figures: Figures) => [
    figures.orders,
    formatKrOre(figures.gross_cents),
    formatKrOre(figures.discount_cents),
    formatKrOre(figures.sales_cents),
    ...rates.flatMap((rate) => {
      const line = figures.rates.find((l) => l.rate === rate);
      return [formatKrOre(line?.net_cents ?? 0), formatKrOre(line?.vat_cents ?? 0)];
    }),
  ];
  return (
    <div className="accounting__result" aria-live="polite">
      {books.closed && <p className="notice accounting__closed">{texts.closedNote}</p>}
      <p className="notice accounting__recording" role="note">
        {books.settings.sales_recording === 'till' ? texts.tillNote : texts.pizzakioskenNote}
      </p>
      {books.days.length === 0 ? (
        <p className="notice">{texts.noSales}</p>
      ) : (
        <ScrollRegion className="accounting__scroll" labelledBy="accounting-caption">
          <table className="accounting-table">
            <caption id="accounting-caption">
              {texts.tableCaption(formatDateShort(books.startDate), formatDateShort(books.endDate))}
            </caption>
            <thead>
              <tr>
                {[
                  texts.date,
                  texts.orders,
                  texts.gross,
                  texts.discount,
                  texts.sales,
                  ...rates.flatMap((r) => [texts.net(r), texts.vat(r)]),
                ].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {books.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDateShort(day.date)}</th>
                  {cells(day).map((cell, i) => (
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{texts.total}</th>
                {cells(books.totals).map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      )}
      <PaymentChannels books={books} />
      {books.corrections.length > 0 && (
        <>
          <h3>{texts.correctionsTitle}</h3>
          <p className="hint">{texts.correctionsIntro}</p>
          <ul className="accounting__corrections">
            {books.corrections.map((c) => (
              <li key={`${c.booking_id}-${c.rate}-${c.sales_cents}`}>
                <strong>{formatDateShort(c.date)}</strong>{' '}
                {(c.refund ? texts.refund : texts.correction)(c.booking_id, formatDateShort(c.booking_date), c.rate)}:{' '}
                {formatKrOre(c.sales_cents)} ({texts.vat(c.rate)} {formatKrOre(c.vat_cents)})
                {c.registered_on && c.registered_by && (
                  <>, {texts.registered(formatDateShort(c.registered_on), c.registered_by)}</>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{texts.leftOutTitle}</h3>
      {books.left_out.length === 0 ? (
        <p className="hint">{texts.leftOutNone}</p>
      ) : (
        <ul className="accounting__left-out">
          {books.left_out.map((b) => (
            <li key={b.id}>
              <strong>{texts.reasons[b.reason]}</strong> {b.id}, {formatDateShort(b.booking_date)} {b.booking_time},{' '}
              {b.name}: {formatKrOre(b.final_total_cents)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** rule: sales-recording. Paid online and paid at pick-up apart, per day and in all (periods with a sale paid online). */
function PaymentChannels({ books }: { books: AccountingPeriodAnswer }) {
  const { online, at_pickup } = books.payment_channels;
  if (online.days.length === 0 && online.totals.sales_cents === 0) return null;
  const dates = [...new Set([...online.days, ...at_pickup.days].map((d) => d.date))].sort();
  const paid = (days: typeof online.days, date: string) => days.find((d) => d.date === date)?.sales_cents ?? 0;
  const orders = (date: string) => online.days.find((d) => d.date === date)?.orders ?? 0;
  return (
    <>
      <h3 id="accounting-channels-title">{texts.channelsTitle}</h3>
      <p className="hint">{texts.channelsIntro}</p>
      <ScrollRegion className="accounting__scroll" labelledBy="accounting-channels-caption">
        <table className="accounting-table">
          <caption id="accounting-channels-caption">{texts.channelsCaption}</caption>
          <thead>
            <tr>
              {[texts.date, texts.onlineOrders, texts.paidOnline, texts.paidAtPickup].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date) => (
              <tr key={date}>
                <th scope="row">{formatDateShort(date)}</th>
                <td>{orders(date)}</td>
                <td>{formatKrOre(paid(online.days, date))}</td>
                <td>{formatKrOre(paid(at_pickup.days, date))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{texts.total}</th>
              <td>{online.totals.orders}</td>
              <td>{formatKrOre(online.totals.sales_cents)}</td>
              <td>{formatKrOre(at_pickup.totals.sales_cents)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </>
  );
}
