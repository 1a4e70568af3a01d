// The accountant's two files for a period: a CSV Excel in Swedish opens as it is, and an SIE 4I
// file (the SIE group's format for unnumbered verifications that a feeder system hands to the
// accounting program, which Fortnox, Visma and every Swedish accounting program import; sie.se,
// "Format": https://sie.se/format/). With the till (rule: sales-recording) both are a
// reconciliation of what the till should show, and the SIE file books none of those sales.
import iconv from 'iconv-lite';
import {
  ratesInForce,
  swishAccountOf,
  type AccountingPeriod,
  type AccountingSettings,
  type VatRate,
} from '../../domain/accounting/accounting.js';
import { financialYearsOf, type Seller } from '../../domain/settings/seller.js';
import { ORDER_SOURCES, type OrderSource } from '../../domain/kioskDay/orderSource.js';
import type { PaymentChannel, SalesRecording } from '../../domain/accounting/salesRecording.js';

/** rule: sales-recording. What the files say of where the sales are recorded. */
export const SALES_RECORDING_NOTE: Record<SalesRecording, string> = {
  till:
    'Försäljningen betalas vid hämtning och registreras i kioskens kassaregister; bokför kassaregistrets dagsrapport (Z-rapport). ' +
    'Detta underlag är en avstämning per dag och momssats av vad kassaregistret ska visa: SIE-filen bokför inte den försäljningen igen.',
  pizzakiosken: 'Försäljningen bokförs från Pizzakiosken: SIE-filen har en verifikation per dag och en per rättelse.',
};

/**
 * rule: sales-recording (issue 49). What the files say of the sales paid online, when the period
 * has any: they are outside the till and always booked from Pizzakiosken.
 */
export const ONLINE_SALES_NOTE =
  'Beställningar betalda med Swish vid bokningen är distansförsäljning utanför kassaregistret: SIE-filen bokför dem alltid, ' +
  'en verifikation per dag ("Swish-försäljning") mot Swish-kontot, på den dag betalningen kom in och med den momssats som gällde då; ' +
  'återbetalningar bokförs som rättelser den dag pengarna gick tillbaka.';

/** rule: staff-orders. The orders of each source among a day's orders ('Antal ordrar'). */
const SOURCE_COLUMNS: Record<OrderSource, string> = {
  online: 'Varav online',
  counter: 'Varav disk',
  phone: 'Varav telefon',
};

/** Öre as kronor with a decimal comma and no thousands separator: 123456 → '1234,56'. */
const kronorComma = (cents: number) => kronor(cents).replace('.', ',');
/** Öre as kronor with a decimal point, as SIE writes amounts: -123456 → '-1234.56'. */
function kronor(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The rate columns of a period, high to low: every rate the table has in force on some date of
 * the period, and any rate its sales were booked at.
 */
export function periodRates(
  period: AccountingPeriod,
  settings: AccountingSettings,
  startDate: string,
  endDate: string,
): VatRate[] {
  const rates = [...ratesInForce(settings, startDate, endDate), ...period.totals.rates.map((l) => l.rate)];
  return [...new Set(rates)].sort((a, b) => b - a);
}

/**
 * One line per day: date, orders, gross, discount, paid, net and VAT per rate, and how many
 * orders were cancelled or not collected (listed apart, never in the sums), and the orders per
 * source (online, counter, phone; rule: staff-orders); then one line per
 * correction of a sale in a closed period (rule: closed-periods: its date, signed amounts at the
 * sale's own rate, and in a last column 'Rättelse av' the booking and date it corrects, a column
 * only files with corrections have); a total line last.
 * Semicolons, decimal commas and a UTF-8 byte order mark: what Excel in Swedish expects.
 */
export function accountingCsv(
  period: AccountingPeriod,
  settings: AccountingSettings,
  startDate: string,
  endDate: string,
  seller: Seller,
  byChannel?: Record<PaymentChannel, AccountingPeriod>,
): Buffer {
  const rates = periodRates(period, settings, startDate, endDate);
  // rule: sales-recording. Paid online and paid at pick-up apart: two columns of what was paid
  // each way, in files whose period has a sale paid online (others read as before).
  const online = byChannel && (byChannel.online.days.length > 0 || byChannel.online.corrections.length > 0);
  const paidCells = (date: string | null): string[] => {
    if (!online) return [];
    const sum = (channel: PaymentChannel) =>
      date === null
        ? byChannel[channel].totals.sales_cents
        : (byChannel[channel].days.find((d) => d.date === date)?.sales_cents ?? 0);
    return [kronorComma(sum('online')), kronorComma(sum('at_pickup'))];
  };
  const header = [
    'Datum',
    'Antal ordrar',
    'Brutto',
    'Rabatt',
    'Försäljning',
    ...rates.flatMap((r) => [`Netto ${r} %`, `Moms ${r} %`]),
    'Avbokade',
    'Uteblivna',
    'Ej hämtade',
    ...ORDER_SOURCES.map((s) => SOURCE_COLUMNS[s]),
    ...(online ? [PAID_COLUMNS.online, PAID_COLUMNS.at_pickup] : []),
    ...(period.corrections.length ? ['Rättelse av'] : []),
  ];
  const blank = period.corrections.length ? [''] : [];
  const leftOut = (date: string | null, reason: string) =>
    period.left_out.filter((b) => (date === null || b.booking_date === date) && b.reason === reason).length;
  const row = (date: string | null, day: Omit<AccountingPeriod['days'][number], 'date'>) => {
    const rate = (r: VatRate) => day.rates.find((l) => l.rate === r);
    return [
      date ?? 'Summa',
      String(day.orders),
      kronorComma(day.gross_cents),
      kronorComma(day.discount_cents),
      kronorComma(day.sales_cents),
      ...rates.flatMap((r) => [kronorComma(rate(r)?.net_cents ?? 0), kronorComma(rate(r)?.vat_cents ?? 0)]),
      String(leftOut(date, 'cancelled')),
      String(leftOut(date, 'no_show')),
      String(leftOut(date, 'not_collected')),
      ...ORDER_SOURCES.map((s) => String(day.sources[s])),
      ...paidCells(date),
      ...blank,
    ];
  };
  const correction = (c: AccountingPeriod['corrections'][number]) => [
    c.date,
    '0',
    kronorComma(c.gross_cents),
    kronorComma(c.discount_cents),
    kronorComma(c.sales_cents),
    ...rates.flatMap((r) => (r === c.rate ? [kronorComma(c.net_cents), kronorComma(c.vat_cents)] : ['0,00', '0,00'])),
    '',
    '',
    '',
    ...ORDER_SOURCES.map(() => ''),
    ...(online
      ? c.channel === 'online'
        ? [kronorComma(c.sales_cents), '0,00']
        : ['0,00', kronorComma(c.sales_cents)]
      : []),
    correctionOf(c),
  ];
  // Days with only left-out orders get a line too, so every day of activity shows.
  const dates = [...new Set([...period.days.map((d) => d.date), ...period.left_out.map((b) => b.booking_date)])].sort();
  const lines = [
    header,
    ...dates.map((date) =>
      row(
        date,
        period.days.find((d) => d.date === date) ?? {
          orders: 0,
          gross_cents: 0,
          discount_cents: 0,
          sales_cents: 0,
          rates: [],
          sources: { online: 0, counter: 0, phone: 0 },
        },
      ),
    ),
    ...period.corrections.map(correction),
    row(null, period.totals),
    // Whose books these are (rule: seller-details), below the figures so the columns stay first.
    [],
    ...sellerLines(seller),
    // rule: sales-recording: whether these figures are booked or only reconcile the till.
    ['Försäljningen registreras', SALES_RECORDING_NOTE[settings.sales_recording]],
    ...(online ? [['Betalt med Swish vid bokningen', ONLINE_SALES_NOTE]] : []),
  ];
  return Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(lines.map((l) => l.map(csvCell).join(';')).join('\r\n') + '\r\n', 'utf8'),
  ]);
}

/** rule: sales-recording. The CSV's columns of what was paid each way (files with a sale paid online). */
const PAID_COLUMNS: Record<PaymentChannel, string> = {
  online: 'Betalt med Swish vid bokningen',
  at_pickup: 'Betalt vid hämtning',
};

/** What a correction corrects, as both files name it: a refund of a sale paid online says so. */
export const correctionOf = (c: AccountingPeriod['corrections'][number]) =>
  c.refund
    ? `Återbetalning med Swish av bokning ${c.booking_id} (${c.booking_date}, ${c.rate} % moms)`
    : `Rättelse av bokning ${c.booking_id} (${c.booking_date}, ${c.rate} % moms)`;

/** The seller's lines of the CSV: label and value, a blank field as 'Ej ifyllt'. */
function sellerLines(seller: Seller): string[][] {
  const value = (v: string) => v || 'Ej ifyllt';
  return [
    ['Säljare', value(seller.legal_name)],
    ['Organisationsnummer', value(seller.org_number)],
    ['Momsregistreringsnummer', value(seller.vat_number)],
    ['Adress', value(seller.address)],
  ];
}

const csvCell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export interface SieMeta {
  /** rule: sales-recording. Where the sales of the period's open days are recorded (the header says it). */
  salesRecording: SalesRecording;
  /** The seller's legal name (#FNAMN). */
  companyName: string;
  /** NNNNNN-NNNN (#ORGNR); blank leaves the label out. */
  orgNumber: string;
  /** The month (1–12) each financial year starts in (#RAR). */
  financialYearStartMonth: number;
  program: string;
  version: string;
  /** The day the file is made, yyyy-MM-dd in the kiosk's zone. */
  generatedOn: string;
  startDate: string;
  endDate: string;
}

/** BAS account classes: 1 assets (T), 2 liabilities (S), 3 revenue (I), 4–8 costs (K). */
const accountType = (account: string) => ({ '1': 'T', '2': 'S', '3': 'I' })[account[0] as '1' | '2' | '3'] ?? 'K';

const sieDate = (isoDate: string) => isoDate.replaceAll('-', '');
/** A quoted SIE field: quotes inside are escaped with a backslash. */
const sieText = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/**
 * SIE type 4I (unnumbered verifications for import: #SIETYP 4, served as a .si file): one
 * balanced #VER per day, the takings debited to the cash account and credited to sales (net) and
 * output VAT per rate. Verification numbers are left out, so the receiving program numbers them in
 * its own series. Encoded as the format requires: #FORMAT PC8, code page 437.
 *
 * `period` is the books of what Pizzakiosken books (Books.verified, rule: sales-recording): with
 * the till, the sales paid at pick-up are not in it, and the file holds no verification for them.
 */
export function accountingSie(
  period: AccountingPeriod,
  settings: AccountingSettings,
  meta: SieMeta,
  online?: AccountingPeriod,
): Buffer {
  const used = new Map<string, string>();
  const use = (account: string, name: string) => (used.set(account, name), account);
  // rule: sales-recording. Where the money of a sale is: the cash account for one paid at pick-up,
  // Swish's settlement account for one paid online (issue 49).
  const received = (channel: PaymentChannel) =>
    channel === 'online' ? use(swishAccountOf(settings), 'Swish (företagskonto)') : use(settings.cash_account, 'Kassa');
  const dayText: Record<PaymentChannel, string> = { at_pickup: 'Försäljning', online: 'Swish-försäljning' };
  const days = (books: AccountingPeriod, channel: PaymentChannel) =>
    books.days.map((day) => {
      const trans = [`   #TRANS ${received(channel)} {} ${kronor(day.sales_cents)}`];
      for (const line of day.rates) {
        trans.push(
          `   #TRANS ${use(settings.sales_accounts[`${line.rate}`], `Försäljning ${line.rate} % moms`)} {} ${kronor(-line.net_cents)}`,
        );
        trans.push(
          `   #TRANS ${use(settings.vat_accounts[`${line.rate}`], `Utgående moms ${line.rate} %`)} {} ${kronor(-line.vat_cents)}`,
        );
      }
      return {
        date: day.date,
        lines: [
          `#VER A "" ${sieDate(day.date)} ${sieText(`${dayText[channel]} ${day.date} (${day.orders} ordrar)`)}`,
          '{',
          ...trans,
          '}',
        ],
      };
    });
  // A correction reverses (or books again) one sale of a closed period at its own rate: its own
  // verification, dated the day of the change, naming the booking and date it corrects, when the
  // change was registered and by whom (Bokföringslagen 5 kap. 5 §; SIE's
  // `#VER serie vernr verdatum vertext regdatum sign`; rule: correction-dating). A refund of a sale
  // paid online is one too, on the refund's day: the settlement account credited, sales and VAT
  // debited at the sale's rate (rule: vat-on-prepayment).
  const registration = (c: AccountingPeriod['corrections'][number]) =>
    c.registered_on && c.registered_by ? ` ${sieDate(c.registered_on)} ${sieText(c.registered_by)}` : '';
  const corrections = (books: AccountingPeriod, channel: PaymentChannel) =>
    books.corrections.map((c) => ({
      date: c.date,
      lines: [
        `#VER A "" ${sieDate(c.date)} ${sieText(correctionOf(c))}${registration(c)}`,
        '{',
        `   #TRANS ${received(channel)} {} ${kronor(c.sales_cents)}`,
        `   #TRANS ${use(settings.sales_accounts[`${c.rate}`], `Försäljning ${c.rate} % moms`)} {} ${kronor(-c.net_cents)}`,
        `   #TRANS ${use(settings.vat_accounts[`${c.rate}`], `Utgående moms ${c.rate} %`)} {} ${kronor(-c.vat_cents)}`,
        '}',
      ],
    }));
  // The days first, then the corrections, each in date order (a day paid at pick-up before the
  // same day's sales paid online); a period without sales paid online reads as it always has.
  const byDate = (list: Array<{ date: string; lines: string[] }>) =>
    list.sort((a, b) => a.date.localeCompare(b.date)).map((v) => v.lines);
  const none: AccountingPeriod = { days: [], corrections: [], totals: period.totals, left_out: [] };
  const verifications = [
    ...byDate([...days(period, 'at_pickup'), ...days(online ?? none, 'online')]),
    ...byDate([...corrections(period, 'at_pickup'), ...corrections(online ?? none, 'online')]),
  ];
  // The financial years the period touches, the latest first (0, then -1, …), from the kiosk's
  // first month of the year: a broken year (e.g. May–April) is written as it is, not as calendar
  // years (SIE filformat 4B, #RAR; bokföringslagen 3 kap. 1 §).
  const years = financialYearsOf(meta.startDate, meta.endDate, meta.financialYearStartMonth);
  const lines = [
    '#FLAGGA 0',
    '#FORMAT PC8',
    '#SIETYP 4',
    `#PROGRAM ${sieText(meta.program)} ${meta.version}`,
    `#GEN ${sieDate(meta.generatedOn)}`,
    `#FNAMN ${sieText(meta.companyName)}`,
    // The organisation number as the SIE format writes it: NNNNNN-NNNN.
    ...(meta.orgNumber ? [`#ORGNR ${meta.orgNumber}`] : []),
    ...years.map((year, i) => `#RAR ${-i} ${sieDate(year.start)} ${sieDate(year.end)}`),
    `#PROSA ${sieText(`Bokföringsunderlag ${meta.startDate} till ${meta.endDate}. ${SALES_RECORDING_NOTE[meta.salesRecording]}${online?.days.length || online?.corrections.length ? ` ${ONLINE_SALES_NOTE}` : ''}`)}`,
    ...[...used]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([account, name]) => [`#KONTO ${account} ${sieText(name)}`, `#KTYP ${account} ${accountType(account)}`]),
    ...verifications.flat(),
  ];
  return iconv.encode(lines.join('\r\n') + '\r\n', 'cp437');
}
