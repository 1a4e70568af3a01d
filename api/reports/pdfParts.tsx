// Layout shared by both PDF reports: page frame, summary, baking list and the bookings table.
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/sv.js';
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { STATUS_SV, kr, type ReportBooking, type ReportSummary } from './reportData.js';

const styles = StyleSheet.create({
  page: { padding: 36, fontSize: 9, fontFamily: 'Helvetica', color: '#222' },
  title: { fontSize: 20, fontFamily: 'Helvetica-Bold', marginBottom: 2 },
  subtitle: { fontSize: 11, marginBottom: 12, color: '#555' },
  heading: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginTop: 14, marginBottom: 6 },
  summary: { flexDirection: 'row', flexWrap: 'wrap', marginBottom: 4 },
  figure: { width: '33%', marginBottom: 4 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 3 },
  headRow: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: '#222', paddingVertical: 3, fontFamily: 'Helvetica-Bold' },
  cancelled: { color: '#999' },
  footer: { position: 'absolute', bottom: 18, left: 36, right: 36, fontSize: 7, color: '#888', flexDirection: 'row', justifyContent: 'space-between' },
  empty: { marginTop: 12, fontSize: 11 },
});

const COLUMNS: Array<{ label: string; width: string; cell: (b: ReportBooking) => string }> = [
  { label: 'Tid', width: '8%', cell: (b) => b.booking_time },
  { label: 'Nr', width: '12%', cell: (b) => b.id },
  { label: 'Namn', width: '17%', cell: (b) => b.name },
  { label: 'Telefon', width: '13%', cell: (b) => b.phone ?? '' },
  { label: 'Pizzor', width: '24%', cell: (b) => b.items.map((i) => `${i.qty}× ${i.pizza_name}`).join(', ') },
  { label: 'Typ', width: '8%', cell: (b) => (b.dine_in ? 'Äta här' : 'Ta med') },
  { label: 'Status', width: '9%', cell: (b) => STATUS_SV[b.status] },
  { label: 'Totalt', width: '9%', cell: (b) => kr(b.final_total_cents) },
];

export const swedishDate = (date: string) => dayjs(date).locale('sv').format('dddd D MMMM YYYY');

export function ReportDocument(props: { title: string; subtitle: string; generatedAt: string; children: ReactNode }) {
  return (
    <Document title={`${props.title} ${props.subtitle}`} author="Pizzakiosken" language="sv">
      <Page size="A4" style={styles.page} wrap>
        <Text style={styles.title}>{props.title}</Text>
        <Text style={styles.subtitle}>{props.subtitle}</Text>
        {props.children}
        <View style={styles.footer} fixed>
          <Text>Pizzakiosken · skapad {dayjs(props.generatedAt).locale('sv').format('D MMMM YYYY HH:mm')}</Text>
          <Text render={({ pageNumber, totalPages }) => `Sida ${pageNumber} av ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

export function Summary({ summary }: { summary: ReportSummary }) {
  const figures: Array<[string, string | number]> = [
    ['Antal bokningar', summary.bookings],
    ['Bekräftade', summary.confirmed],
    ['Väntande', summary.pending],
    ['Avbokade', summary.cancelled],
    ['Pizzor totalt', summary.pizzas],
    ['Omsättning', kr(summary.revenueCents)],
  ];
  return (
    <View style={styles.summary}>
      {figures.map(([label, value]) => (
        <Text key={label} style={styles.figure}>
          {label}: {value}
        </Text>
      ))}
    </View>
  );
}

export function BakingList({ summary }: { summary: ReportSummary }) {
  if (summary.bakingList.length === 0) return null;
  return (
    <View>
      <Text style={styles.heading}>Bakningslista</Text>
      {summary.bakingList.map((line) => (
        <Text key={line.name}>
          {line.qty} st {line.name}
        </Text>
      ))}
    </View>
  );
}

export function BookingTable({ bookings }: { bookings: ReportBooking[] }) {
  return (
    <View>
      <View style={styles.headRow} fixed>
        {COLUMNS.map((c) => (
          <Text key={c.label} style={{ width: c.width }}>
            {c.label}
          </Text>
        ))}
      </View>
      {bookings.map((b) => (
        <View key={b.id} style={b.status === 'cancelled' ? [styles.row, styles.cancelled] : styles.row} wrap={false}>
          {COLUMNS.map((c) => (
            <Text key={c.label} style={{ width: c.width }}>
              {c.cell(b)}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

export const Heading = ({ children }: { children: ReactNode }) => <Text style={styles.heading}>{children}</Text>;
export const Empty = ({ children }: { children: ReactNode }) => <Text style={styles.empty}>{children}</Text>;
