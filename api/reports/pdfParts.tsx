// Layout shared by both PDF reports: page frame, summary, pizza quantities and the bookings table.
//
// Only the PDF standard fonts (Helvetica family) are used: they need no font files, so nothing is
// fetched or bundled, and their WinAnsi encoding covers å ä ö Å Ä Ö as well as × – and ·.
// Emoji and other characters outside WinAnsi would come out garbled, so none are used.
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/sv.js';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { KIOSK_NAME, type Seller } from '../../domain/settings/seller.js';
import { lineChoicesText } from '../../domain/kioskDay/orderLines.js';
import { ORDER_SOURCES, sourceOf } from '../../domain/kioskDay/orderSource.js';
import { SOURCE_SV, STATUS_SV, dineInSv, kr, type ReportBooking, type ReportSummary } from './reportData.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const DEFAULT_TIME_ZONE = 'Europe/Stockholm';

/** 'måndag 23 november 2026' */
export const swedishDate = (date: string) => dayjs(date).locale('sv').format('dddd D MMMM YYYY');

const swedishInstant = (iso: string, timeZone: string) =>
  dayjs(iso).tz(timeZone).locale('sv').format('D MMMM YYYY HH:mm');

const styles = StyleSheet.create({
  // The bottom padding keeps flowing content clear of the absolutely placed footer.
  page: {
    paddingTop: 36,
    paddingHorizontal: 36,
    paddingBottom: 48,
    fontSize: 9,
    fontFamily: 'Helvetica',
    color: '#222',
  },
  title: { fontSize: 20, fontFamily: 'Helvetica-Bold', marginBottom: 2 },
  subtitle: { fontSize: 11, marginBottom: 4, color: '#555' },
  seller: { fontSize: 8, marginBottom: 12, color: '#555' },
  heading: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginTop: 14, marginBottom: 6 },
  summary: { flexDirection: 'row', flexWrap: 'wrap', marginBottom: 4 },
  figure: { width: '33%', marginBottom: 4, fontSize: 10 },
  figureValue: { fontFamily: 'Helvetica-Bold' },
  quantityRow: {
    flexDirection: 'row',
    width: 220,
    borderBottomWidth: 0.5,
    borderBottomColor: '#ddd',
    paddingVertical: 2,
  },
  quantityName: { flexGrow: 1 },
  quantityValue: { width: 50, textAlign: 'right', fontFamily: 'Helvetica-Bold' },
  table: { marginTop: 14 },
  caption: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  headRow: {
    flexDirection: 'row',
    borderBottomWidth: 1,
    borderBottomColor: '#222',
    paddingVertical: 3,
    fontFamily: 'Helvetica-Bold',
  },
  row: { borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 3 },
  cells: { flexDirection: 'row' },
  cell: { paddingRight: 4 },
  cancelled: { color: '#999' },
  choices: { fontFamily: 'Helvetica-Bold' },
  note: { marginTop: 1, paddingLeft: '7%', fontSize: 8, fontFamily: 'Helvetica-Oblique', color: '#555' },
  footer: {
    position: 'absolute',
    bottom: 20,
    left: 36,
    right: 36,
    fontSize: 7,
    color: '#888',
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
  notice: { marginTop: 12, fontSize: 11 },
  fineprint: { fontSize: 7, color: '#888' },
});

/** Caption, column header and one booking row with a note line, with some slack. */
const TABLE_LEAD_PT = 90;

interface Column {
  label: string;
  width: string;
  align?: 'right';
  cell: (b: ReportBooking) => ReactNode;
}

/** The pizzas of a booking, each line's extras and removals in bold (issue 29). */
function PizzaLines({ booking }: { booking: ReportBooking }) {
  return booking.items.map((item, i) => {
    const choices = lineChoicesText(item);
    return (
      <Text key={i}>
        {i > 0 ? ', ' : ''}
        {`${item.qty}× ${item.pizza_name}`}
        {choices && <Text style={styles.choices}>{` (${choices})`}</Text>}
      </Text>
    );
  });
}

const COLUMNS: Column[] = [
  { label: 'Tid', width: '7%', cell: (b) => b.booking_time },
  { label: 'Namn', width: '19%', cell: (b) => b.name },
  { label: 'Telefon', width: '12%', cell: (b) => b.phone ?? '' },
  // rule: staff-orders: each booking row says where the order came from.
  { label: 'Källa', width: '7%', cell: (b) => SOURCE_SV[sourceOf(b)] },
  { label: 'Pizzor', width: '22%', cell: (b) => <PizzaLines booking={b} /> },
  { label: 'Äta här/ta med', width: '13%', cell: (b) => dineInSv(b.dine_in) },
  { label: 'Status', width: '10%', cell: (b) => STATUS_SV[b.status] },
  { label: 'Totalt', width: '10%', align: 'right', cell: (b) => kr(b.final_total_cents) },
];

const cellStyle = (c: Column) => [
  styles.cell,
  { width: c.width },
  c.align === 'right' ? { textAlign: 'right' as const, paddingRight: 0 } : {},
];

/** What the kitchen and the till need to know beyond the columns: the comment and any discount. */
function noteOf(b: ReportBooking): string | null {
  const parts: string[] = [];
  if (b.discount_cents > 0) {
    const code = b.bonus_code ? ` (${b.bonus_code})` : '';
    parts.push(`Rabatt ${kr(b.discount_cents)}${code}, ordinarie ${kr(b.original_total_cents)}`);
  }
  const comment = b.comment?.trim();
  if (comment) parts.push(`Kommentar: ${comment}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function ReportDocument(props: {
  title: string;
  subtitle: string;
  generatedAt: string;
  timeZone?: string;
  seller?: Seller & { kiosk_name?: string };
  children: ReactNode;
}) {
  const generated = swedishInstant(props.generatedAt, props.timeZone ?? DEFAULT_TIME_ZONE);
  // The kiosk's own name where set (rule: kiosk-identity), else the legal one.
  const name = props.seller?.kiosk_name || props.seller?.legal_name || KIOSK_NAME;
  return (
    <Document title={`${props.title} ${props.subtitle}`} author={name} creator="Pizzakiosken" language="sv">
      <Page size="A4" style={styles.page} wrap>
        <Text style={styles.title}>{props.title}</Text>
        <Text style={styles.subtitle}>{props.subtitle}</Text>
        <Text style={styles.seller}>{sellerLine(props.seller)}</Text>
        {props.children}
        {/* Repeats the title on every page so loose printed pages can still be told apart. */}
        <View style={styles.footer} fixed>
          <Text>
            {name} · {props.title} {props.subtitle} · skapad {generated}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Sida ${pageNumber} av ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** Whose report it is (rule: seller-details): name, numbers and address, or that they are not filled in. */
function sellerLine(seller: (Seller & { kiosk_name?: string }) | undefined): string {
  if (!seller?.legal_name)
    return `${seller?.kiosk_name || KIOSK_NAME} · Säljarens uppgifter är inte ifyllda (Inställningar)`;
  return [
    seller.legal_name,
    seller.org_number && `Org.nr ${seller.org_number}`,
    seller.vat_number && `Momsreg.nr ${seller.vat_number}`,
    seller.address,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function Summary({ summary }: { summary: ReportSummary }) {
  const figures: Array<[string, string]> = [
    ['Antal bokningar', String(summary.total)],
    ['Bekräftade', String(summary.confirmed)],
    ['Väntande', String(summary.pending)],
    ['Avbokade', String(summary.cancelled)],
    ['Pizzor totalt', String(summary.pizzas)],
    ['Omsättning', kr(summary.revenueCents)],
    // rule: staff-orders: where the orders came from.
    ...ORDER_SOURCES.map((s): [string, string] => [SOURCE_SV[s], String(summary.bySource[s])]),
  ];
  return (
    <View wrap={false}>
      <Text style={styles.heading}>Sammanfattning</Text>
      <View style={styles.summary}>
        {figures.map(([label, value]) => (
          <Text key={label} style={styles.figure}>
            {label}: <Text style={styles.figureValue}>{value}</Text>
          </Text>
        ))}
      </View>
      <Text style={styles.fineprint}>Pizzor och omsättning räknar inte avbokade bokningar.</Text>
    </View>
  );
}

/** Quantity per pizza; the daily report calls it the baking list. */
export function PizzaQuantities({ title, summary }: { title: string; summary: ReportSummary }) {
  return (
    <View>
      <Text style={styles.heading} minPresenceAhead={40}>
        {title}
      </Text>
      {summary.pizzaQuantities.length === 0 ? (
        <Text>Inga pizzor: avbokade bokningar räknas inte.</Text>
      ) : (
        summary.pizzaQuantities.map((p) => (
          <View key={p.pizza_name} style={styles.quantityRow} wrap={false}>
            <Text style={styles.quantityName}>{p.pizza_name}</Text>
            <Text style={styles.quantityValue}>{p.qty} st</Text>
          </View>
        ))
      )}
    </View>
  );
}

/**
 * The bookings in the order given, under a caption. Caption and column header are fixed, so
 * react-pdf repeats them on every page the table continues onto (a page that starts mid-table
 * still says which day it is); rows never wrap, so a booking is never split over two pages.
 */
export function BookingTable({ caption, bookings }: { caption: string; bookings: readonly ReportBooking[] }) {
  return (
    <>
      {/* Fixed nodes never move to the next page, so a table starting near the bottom would leave
          its caption and header there without a row. This empty marker asks for room for caption,
          header and a first row below it; without that room react-pdf moves the table on. */}
      <View minPresenceAhead={TABLE_LEAD_PT} />
      <View style={styles.table}>
        <View fixed>
          <Text style={styles.caption}>{caption}</Text>
          <View style={styles.headRow}>
            {COLUMNS.map((c) => (
              <Text key={c.label} style={cellStyle(c)}>
                {c.label}
              </Text>
            ))}
          </View>
        </View>
        {bookings.map((b) => {
          const note = noteOf(b);
          return (
            <View
              key={b.id}
              style={b.status === 'cancelled' ? [styles.row, styles.cancelled] : styles.row}
              wrap={false}
            >
              <View style={styles.cells}>
                {COLUMNS.map((c) => (
                  <Text key={c.label} style={cellStyle(c)}>
                    {c.cell(b)}
                  </Text>
                ))}
              </View>
              {note && <Text style={styles.note}>{note}</Text>}
            </View>
          );
        })}
      </View>
    </>
  );
}

export const Notice = ({ children }: { children: ReactNode }) => <Text style={styles.notice}>{children}</Text>;
