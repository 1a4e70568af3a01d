// GET /admin/bookings/{id}/confirmation.pdf: the record of a sale for an order taken at the counter
// or on the phone without an e-mail (rule: staff-order-record), the same record a web order gets by
// mail (rule: sale-record): the seller, each line with its price, the total with VAT included and
// the VAT in it per rate, pick-up time and place, payment at pick-up and the right of withdrawal.
// It is not a receipt: Pizzakiosken is not a cash register, the till prints the receipt (rule:
// sales-recording).
import { renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  NO_RIGHT_OF_WITHDRAWAL,
  paymentTerms,
  vatLineText,
  type ReceiptVat,
} from '../../domain/accounting/saleRecord.js';
import { lineChoicesText } from '../../domain/kioskDay/orderLines.js';
import type { Seller } from '../../domain/settings/seller.js';
import { ReportDocument, swedishDate } from './pdfParts.js';
import { kr, type ReportBooking } from './reportData.js';

/** The heading: 'Orderbekräftelse' once the kiosk has confirmed the order, 'Din beställning' before. */
export const CONFIRMATION_TITLE = { confirmed: 'Orderbekräftelse', pending: 'Din beställning' } as const;

/** What the page says it is not (rule: sales-recording). */
export const NOT_A_RECEIPT = 'Detta är inget kvitto: kvittot får du från kioskens kassaregister när du betalar.';

export interface OrderConfirmationInput {
  booking: ReportBooking & { status: 'pending' | 'confirmed' };
  /** The receipt's VAT per rate (receiptVat: the books' own rule). */
  vat: ReceiptVat[];
  seller: Seller;
  /** ISO instant */
  generatedAt: string;
  timeZone: string;
}

const styles = StyleSheet.create({
  details: { marginTop: 6, marginBottom: 10, fontSize: 10 },
  line: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#ccc', paddingVertical: 3, fontSize: 10 },
  lineText: { flexGrow: 1, paddingRight: 8 },
  lineSum: { width: 90, textAlign: 'right' },
  choices: { fontSize: 8, color: '#555' },
  total: { marginTop: 8, fontSize: 12, fontFamily: 'Helvetica-Bold' },
  vat: { fontSize: 10 },
  terms: { marginTop: 14, fontSize: 9 },
  notice: { marginTop: 10, fontSize: 9, fontFamily: 'Helvetica-Oblique' },
});

export async function renderOrderConfirmation(input: OrderConfirmationInput): Promise<Buffer> {
  const { booking: b, seller } = input;
  const place = seller.address ? `i kiosken, ${seller.address}` : 'i kiosken';
  const when = `${swedishDate(b.booking_date)} kl. ${b.booking_time}, ${place}`;
  return renderToBuffer(
    <ReportDocument
      title={CONFIRMATION_TITLE[b.status]}
      subtitle={`Order ${b.id}`}
      generatedAt={input.generatedAt}
      timeZone={input.timeZone}
      seller={seller}
    >
      <View style={styles.details}>
        <Text>Ordernummer: {b.id}</Text>
        <Text>Namn: {b.name}</Text>
        {b.phone ? <Text>Telefon: {b.phone}</Text> : null}
        <Text>Typ: {b.dine_in ? 'Äta här' : 'Ta med'}</Text>
        <Text>
          {b.dine_in ? 'Tid och plats' : 'Hämtas'}: {when}
        </Text>
      </View>
      {b.items.map((item, i) => {
        const choices = lineChoicesText(item);
        return (
          <View key={i} style={styles.line} wrap={false}>
            <View style={styles.lineText}>
              <Text>{`${item.qty} × ${item.pizza_name} à ${kr(item.price_cents)}`}</Text>
              {choices ? <Text style={styles.choices}>{choices}</Text> : null}
            </View>
            <Text style={styles.lineSum}>{kr(item.qty * item.price_cents)}</Text>
          </View>
        );
      })}
      {b.discount_cents > 0 ? (
        <View style={styles.details}>
          <Text>Ordinarie pris: {kr(b.original_total_cents)}</Text>
          <Text>Rabatt: –{kr(b.discount_cents)}</Text>
        </View>
      ) : null}
      <Text style={styles.total}>Totalt inkl. moms: {kr(b.final_total_cents)}</Text>
      {input.vat.map((line) => (
        <Text key={line.rate} style={styles.vat}>
          {vatLineText(line)}
        </Text>
      ))}
      <View style={styles.terms}>
        <Text>Betalning: {paymentTerms(b.payment)}</Text>
        <Text>{NO_RIGHT_OF_WITHDRAWAL}</Text>
      </View>
      {/* Paid in advance, it is never rung up at the till (rule: sales-recording): no other receipt comes. */}
      {b.payment?.status === 'paid' ? null : <Text style={styles.notice}>{NOT_A_RECEIPT}</Text>}
    </ReportDocument>,
  );
}
