// How the kiosk's sales reach the books (rule: sales-recording in domain/README.md).
//
// A business that sells goods or services for cash or card payment must register every such sale
// in a certified cash register (kassaregister): skatteförfarandelagen (2011:1244) 39 kap. 4 §, with
// exemptions in 39 kap. 5 § (e.g. a small yearly turnover). Skatteverket counts every form of
// electronic payment, Swish among them, as payment by card. Sources: Skatteverket, "Kassaregister",
// https://skatteverket.se/kassaregister, and Rättslig vägledning, "Skyldighet att använda
// kassaregister", https://www4.skatteverket.se/rattsligvagledning/edition/2016.5/339817.html
//
// A sale paid at pick-up (card, Swish or cash at the counter) therefore goes through the kiosk's
// till, and the accountant books the till's daily Z-report: Pizzakiosken is not a cash register,
// and its books of those sales are then a reconciliation of what the till should show, never a
// second booking of the same sales and VAT. A kiosk without a till obligation books its sales from
// Pizzakiosken. A sale paid online (a web order paid with Swish when it is booked, issue 49: a
// distance sale, outside the till, never rung up at pick-up) is always booked from Pizzakiosken,
// debited to Swish's settlement account (`swish_account`), on the day and at the rate of rule
// vat-on-prepayment (./prepayment.ts).

/** Where the kiosk records its sales paid at pick-up: its till (the default) or Pizzakiosken. */
export const SALES_RECORDINGS = ['till', 'pizzakiosken'] as const;
export type SalesRecording = (typeof SALES_RECORDINGS)[number];

/** A kiosk that sells for cash or card has a till obligation: the till is the default. */
export const DEFAULT_SALES_RECORDING: SalesRecording = 'till';

/**
 * Books closed before the setting existed were made with a verification per day (what
 * 'pizzakiosken' still does): their files read the same ever after.
 */
export const CLOSED_BOOKS_SALES_RECORDING: SalesRecording = 'pizzakiosken';

/**
 * How a sale is paid: at pick-up (card, Swish or cash at the counter: SPEC's payment at pick-up),
 * or online (Swish in the booking, issue 49: a distance sale outside the till).
 */
export const PAYMENT_CHANNELS = ['at_pickup', 'online'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/**
 * The channel a sale (or a correction of one) was paid through: the receipt says so for a sale
 * paid online; a receipt without it (every one before issue 49) was paid at pick-up.
 */
export const paymentChannelOf = (sale: { booking_id?: string; channel?: PaymentChannel }): PaymentChannel =>
  sale.channel ?? 'at_pickup';

/**
 * Whether Pizzakiosken's SIE file books a sale paid through `channel` as a verification: a sale
 * paid at pick-up only when the kiosk records its sales in Pizzakiosken (with a till, the till's
 * Z-report is booked instead, and booking both would count the sales and VAT twice); a sale paid
 * online always (the till never sees it).
 */
export function bookedFromPizzakiosken(recording: SalesRecording, channel: PaymentChannel): boolean {
  switch (channel) {
    case 'at_pickup':
      return recording === 'pizzakiosken';
    case 'online':
      return true;
    default: {
      const never: never = channel;
      return never;
    }
  }
}

/** Whether a sale (or a correction of one) is booked by a verification in Pizzakiosken's SIE file. */
export const verifiedByPizzakiosken = (
  recording: SalesRecording,
  sale: { booking_id?: string; channel?: PaymentChannel },
): boolean => bookedFromPizzakiosken(recording, paymentChannelOf(sale));
