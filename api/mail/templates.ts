// The Swedish mails the product sends: plain text plus the same text as simple, escaped HTML.
// Pure: no clock and no I/O, so a resent mail has the same content as the first one.
import dayjs from 'dayjs';
import 'dayjs/locale/sv.js';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import type { MailMessage } from './mailer.js';
import { KIOSK_NAME, type Seller } from '../../domain/settings/seller.js';
import {
  NO_RIGHT_OF_WITHDRAWAL,
  paymentTerms,
  vatLineText,
  type ReceiptVat,
} from '../../domain/accounting/saleRecord.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface MailBookingLine {
  pizza_name: string;
  qty: number;
  price_cents: number;
  /** The pizza's allergens when it was ordered (null: undeclared); absent on older bookings. */
  allergens?: readonly string[] | null;
  /** Issue 29: the line's extras and removals; absent when none (and on older bookings). */
  extras?: ReadonlyArray<{ name: string; price_cents: number }>;
  without?: readonly string[];
}

/**
 * The booking a mail describes. The BookingPlaced event carries `booking_id`, the read model `id`;
 * either one is the booking number.
 */
export interface MailBooking {
  booking_id?: string;
  id?: string;
  name: string;
  email: string;
  phone: string | null;
  booking_date: string;
  booking_time: string;
  dine_in: boolean;
  items: MailBookingLine[];
  original_total_cents: number;
  discount_cents: number;
  final_total_cents: number;
  /**
   * rules swish-payment and swish-refund. Its Swish payment, on a booking asked to pay in advance
   * (the read model's; absent on the event).
   */
  payment?: { status: 'requested' | 'paid' | 'failed'; refund?: { amount_cents: number } } | null;
}

import { formatKr } from '../../domain/shared/money.js';
import { ALLERGEN_TEXTS, allergensText } from '../../domain/menu/allergens.js';
import { lineChoicesText } from '../../domain/kioskDay/orderLines.js';
import { msg } from '../../domain/messages.js';

/** Kronor with the suffix ' kr', to the öre where the amount has öre (formatKr). */
export const kr = formatKr;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A line of a mail: plain text, a label followed by a link (clickable in the HTML part), or text
 * set in bold in the HTML part (a line's extras and removals, issue 29).
 */
type Line = string | { label: string; url: string } | { strong: string };

const plainText = (l: Line) => (typeof l === 'string' ? l : 'strong' in l ? `   ${l.strong}` : `${l.label} ${l.url}`);

function message(to: string, subject: string, lines: Line[]): MailMessage {
  const text = lines.map(plainText).join('\n');
  const paragraphs = lines.map((l) => {
    if (typeof l !== 'string' && 'strong' in l) return `<p><strong>${escapeHtml(l.strong)}</strong></p>`;
    if (typeof l !== 'string')
      return `<p>${escapeHtml(l.label)} <a href="${escapeHtml(l.url)}">${escapeHtml(l.url)}</a></p>`;
    return l ? `<p>${escapeHtml(l)}</p>` : '';
  });
  const html = `<!doctype html><html lang="sv"><body><div style="font-family: sans-serif">${paragraphs.join('')}</div></body></html>`;
  return { to, subject, text, html };
}

const numberOf = (b: MailBooking) => b.booking_id ?? b.id ?? '';

function swedishDate(date: string): string {
  const day = dayjs(date);
  return day.isValid() ? day.locale('sv').format('dddd D MMMM YYYY') : date;
}

/** A line's allergens under it (rule: allergen-declaration; EU 1169/2011 art. 14.2: in writing with the order too). */
const allergenLine = (i: MailBooking['items'][number]) =>
  i.allergens !== undefined ? [`   ${ALLERGEN_TEXTS.label}: ${allergensText(i.allergens)}`] : [];

/** A line's extras and removals under it, in bold (issue 29): "+ Extra ost 15 kr, utan lök". */
const choicesLine = (i: MailBookingLine): Line[] => {
  const text = lineChoicesText(i);
  return text ? [{ strong: text }] : [];
};

function orderLines(b: MailBooking): Line[] {
  const lines = [
    `Bokningsnummer: ${numberOf(b)}`,
    `Datum: ${swedishDate(b.booking_date)} kl. ${b.booking_time}`,
    `Namn: ${b.name}`,
    ...(b.phone ? [`Telefon: ${b.phone}`] : []),
    `Typ: ${b.dine_in ? 'Äta här' : 'Ta med'}`,
    '',
    ...b.items.flatMap((i) => [
      `${i.qty}× ${i.pizza_name} – ${kr(i.qty * i.price_cents)}`,
      ...choicesLine(i),
      ...allergenLine(i),
    ]),
  ];
  if (b.discount_cents > 0)
    lines.push(`Ordinarie pris: ${kr(b.original_total_cents)}`, `Rabatt: −${kr(b.discount_cents)}`);
  lines.push(`Totalt: ${kr(b.final_total_cents)}`);
  return lines;
}

/**
 * What a customer mail knows of the sale (rule: sale-record): the seller's details and the VAT of
 * the receipt per rate. Absent (older callers), a mail names the kiosk alone and leaves VAT out.
 */
export interface SaleRecord {
  seller: Seller;
  vat: ReceiptVat[];
}

/** Where orders are picked up: the kiosk, at the seller's address once it is filled in. */
export const pickupPlace = (seller?: Seller) => (seller?.address ? `i kiosken, ${seller.address}` : PICKUP_PLACE);

/**
 * The record of the sale (rule: sale-record): the seller, each line with its price, the total with
 * VAT included and the VAT per rate, pick-up time and place, payment at pick-up and that the right
 * of withdrawal does not apply. Headed 'Din beställning' while the kiosk has not confirmed the
 * order (received, moved), 'Orderbekräftelse' once it has (rule: received-mail).
 */
function saleRecordLines(b: MailBooking, record: SaleRecord, heading: RecordHeading): Line[] {
  const { seller } = record;
  const lines: Line[] = [
    heading,
    `Säljare: ${seller.legal_name || KIOSK_NAME}`,
    ...(seller.org_number ? [`Organisationsnummer: ${seller.org_number}`] : []),
    ...(seller.vat_number ? [`Momsregistreringsnummer: ${seller.vat_number}`] : []),
    ...(seller.address ? [`Adress: ${seller.address}`] : []),
    '',
    `Bokningsnummer: ${numberOf(b)}`,
    `Namn: ${b.name}`,
    ...(b.phone ? [`Telefon: ${b.phone}`] : []),
    `Typ: ${b.dine_in ? 'Äta här' : 'Ta med'}`,
    `${b.dine_in ? 'Tid och plats' : 'Hämtas'}: ${swedishDate(b.booking_date)} kl. ${b.booking_time}, ${pickupPlace(seller)}`,
    '',
    ...b.items.flatMap((i) => [
      `${i.qty} × ${i.pizza_name} à ${kr(i.price_cents)} – ${kr(i.qty * i.price_cents)}`,
      ...choicesLine(i),
      ...allergenLine(i),
    ]),
  ];
  if (b.discount_cents > 0)
    lines.push(`Ordinarie pris: ${kr(b.original_total_cents)}`, `Rabatt: −${kr(b.discount_cents)}`);
  lines.push(`Totalt inkl. moms: ${kr(b.final_total_cents)}`, ...record.vat.map(vatLineText));
  lines.push('', `Betalning: ${paymentTerms(b.payment)}`, NO_RIGHT_OF_WITHDRAWAL);
  return lines;
}

/**
 * The heading of the record of the sale in a mail (rule: received-mail): an order the kiosk has not
 * confirmed yet is 'Din beställning', never 'Orderbekräftelse' (SPEC 2: the order is not valid until
 * staff confirm it; SPEC names no subject for these mails).
 */
export const RECORD_HEADING = { pending: 'Din beställning', confirmed: 'Orderbekräftelse' } as const;
type RecordHeading = (typeof RECORD_HEADING)[keyof typeof RECORD_HEADING];

/** Every customer mail ends with who sent it (rule: seller-details): name, number, address, phone, e-mail. */
function signature(seller: (Seller & { kiosk_name?: string }) | undefined): string[] {
  if (!seller) return [];
  // The kiosk's own name first when it is not the legal name (rule: kiosk-identity).
  const kiosk = seller.kiosk_name && seller.kiosk_name !== seller.legal_name ? [seller.kiosk_name] : [];
  return [
    '',
    '—',
    ...kiosk,
    seller.legal_name || seller.kiosk_name || KIOSK_NAME,
    ...(seller.org_number ? [`Org.nr ${seller.org_number}`] : []),
    ...[seller.address, seller.phone, seller.email].filter(Boolean),
  ];
}

/**
 * The received mail's subject (rule: received-mail): 'Din beställning', not 'Orderbekräftelse', while
 * the kiosk has not confirmed the order.
 */
export const receivedSubject = (bookingId: string) => `Din beställning ${bookingId} – väntar på bekräftelse`;

/** To the customer right after booking: received, but not valid until staff confirm it. */
export function bookingReceivedMail(b: MailBooking, baseUrl: string, record?: SaleRecord): MailMessage {
  const manage = `${baseUrl.replace(/\/+$/, '')}/my-booking?id=${encodeURIComponent(numberOf(b))}&email=${encodeURIComponent(b.email)}`;
  return message(b.email, receivedSubject(numberOf(b)), [
    `Hej ${b.name}!`,
    'Vi har tagit emot din beställning.',
    'Väntar på bekräftelse: beställningen gäller inte förrän personalen har bekräftat den. Du får ett nytt mejl när den är bekräftad.',
    '',
    ...(record ? saleRecordLines(b, record, RECORD_HEADING.pending) : orderLines(b)),
    '',
    { label: 'Se eller avboka din bokning:', url: manage },
    ...signature(record?.seller),
  ]);
}

/** To the kiosk's admin e-mail (settings.admin_email): a new booking waits for confirmation. */
export function newBookingToStaffMail(b: MailBooking, adminEmail: string, adminUrl: string): MailMessage {
  return message(adminEmail, `Ny bokning att bekräfta: ${numberOf(b)}`, [
    'En ny bokning väntar på bekräftelse.',
    '',
    ...orderLines(b),
    `E-post: ${b.email}`,
    '',
    { label: 'Bekräfta här:', url: adminUrl },
  ]);
}

/**
 * To the customer when a move is complete (rule: reschedule): the new time, and the number to use
 * from now on when it changed (the old one keeps working on /my-booking). Pending again.
 */
export function bookingMovedMail(
  b: MailBooking,
  movedFrom: string | null,
  baseUrl: string,
  record?: SaleRecord,
): MailMessage {
  const manage = `${baseUrl.replace(/\/+$/, '')}/my-booking?id=${encodeURIComponent(numberOf(b))}&email=${encodeURIComponent(b.email)}`;
  return message(b.email, `Bokningen är flyttad: ${numberOf(b)}`, [
    `Hej ${b.name}!`,
    `Din bokning är flyttad till ${swedishDate(b.booking_date)} kl. ${b.booking_time}.`,
    ...(movedFrom ? [`Ditt nya bokningsnummer är ${numberOf(b)} (tidigare ${movedFrom}).`] : []),
    'Väntar på bekräftelse: personalen bekräftar den nya tiden. Du får ett nytt mejl när den är bekräftad.',
    '',
    ...(record ? saleRecordLines(b, record, RECORD_HEADING.pending) : orderLines(b)),
    '',
    { label: 'Se, flytta eller avboka din bokning:', url: manage },
    ...signature(record?.seller),
  ]);
}

/** To the kiosk's admin e-mail: a moved booking waits for its new time to be confirmed. */
export function movedBookingToStaffMail(
  b: MailBooking,
  movedFrom: string | null,
  fromTime: string,
  adminEmail: string,
  adminUrl: string,
): MailMessage {
  return message(adminEmail, `Flyttad bokning att bekräfta: ${numberOf(b)}`, [
    `En bokning har flyttats${movedFrom ? ` (tidigare ${movedFrom})` : ''} från ${fromTime} och väntar på bekräftelse av den nya tiden.`,
    '',
    ...orderLines(b),
    `E-post: ${b.email}`,
    '',
    { label: 'Bekräfta här:', url: adminUrl },
  ]);
}

/** Confirmed: the order confirmation, the record of the sale (rule: sale-record). */
export function bookingConfirmedMail(b: MailBooking, record?: SaleRecord): MailMessage {
  return message(b.email, `Din bokning ${numberOf(b)} är bekräftad`, [
    `Hej ${b.name}!`,
    'Din beställning är bekräftad. Välkommen!',
    '',
    ...(record ? saleRecordLines(b, record, RECORD_HEADING.confirmed) : orderLines(b)),
    ...signature(record?.seller),
  ]);
}

/** Where a ready order is collected before the seller's address is filled in: the kiosk, by name. */
export const PICKUP_PLACE = 'i kiosken';

/** The order is ready (rule: ready-notice): where to collect it (the address), or that it is served on the spot. */
export function orderReadyMail(b: MailBooking, seller?: Seller): MailMessage {
  return message(b.email, `Din beställning ${numberOf(b)} är klar – hämta den ${pickupPlace(seller)}`, [
    `Hej ${b.name}!`,
    readyText(b, seller),
    '',
    `Bokningsnummer: ${numberOf(b)}`,
    `Typ: ${b.dine_in ? 'Äta här' : 'Ta med'}`,
    ...signature(seller),
  ]);
}

/** One sentence: the order is ready, and where to collect it (the ready mail and push say the same). */
export function readyText(
  b: Pick<MailBooking, 'dine_in'> & { booking_id?: string; id?: string },
  seller?: Seller,
): string {
  const number = b.booking_id ?? b.id ?? '';
  const place = pickupPlace(seller);
  return b.dine_in
    ? `Din beställning ${number} är klar! Hämta den ${place} – du äter på plats.`
    : `Din beställning ${number} är klar! Hämta den ${place} och ta med den.`;
}

/**
 * `reason` is the staff's reason, or the system's when it cancelled a booking nobody confirmed in
 * time or whose Swish payment failed (`by: 'system'`); null when the customer cancelled the booking themselves.
 */
export function bookingCancelledMail(
  b: MailBooking,
  reason: string | null,
  by: 'staff' | 'customer' | 'system' = reason ? 'staff' : 'customer',
  seller?: Seller,
): MailMessage {
  const why = reason?.trim();
  const said =
    // rule: swish-payment. The payment asked for in advance never came: no money was taken.
    by === 'system' && why === msg.swishPaymentFailedReason
      ? [
          'Din bokning har avbokats eftersom betalningen med Swish inte gick igenom. Inga pengar har dragits.',
          'Tiden är frigjord. Välkommen att boka igen!',
        ]
      : by === 'system'
        ? [
            `Din bokning har avbokats automatiskt eftersom kiosken inte hann bekräfta den. Anledning: ${why || 'Ej bekräftad i tid'}.`,
            'Tiden är frigjord. Välkommen att boka en ny tid!',
          ]
        : [
            why
              ? `Din bokning har avbokats av kiosken. Anledning: ${why}`
              : 'Din bokning har avbokats enligt din begäran.',
          ];
  // rule: swish-refund. Paid with Swish: the money goes back with the cancellation.
  const refund = b.payment?.refund
    ? [
        `Du betalade med Swish: vi betalar tillbaka ${kr(b.payment.refund.amount_cents)} till ditt Swish-konto och mejlar dig när pengarna är tillbaka.`,
      ]
    : [];
  return message(b.email, `Din bokning ${numberOf(b)} är avbokad`, [
    `Hej ${b.name}!`,
    ...said,
    ...refund,
    '',
    ...orderLines(b),
    ...signature(seller),
  ]);
}

/**
 * rule: swish-refund. The money of a cancelled booking paid with Swish is back: sent once Swish
 * says the refund is paid (SwishRefunded), to the customer's own Swish account.
 */
export function swishRefundedMail(b: MailBooking, amountCents: number, seller?: Seller): MailMessage {
  return message(b.email, `Återbetalning för bokning ${numberOf(b)}`, [
    `Hej ${b.name}!`,
    `Vi har betalat tillbaka ${kr(amountCents)} till ditt Swish-konto för den avbokade bokningen ${numberOf(b)}. Pengarna syns i Swish-appen och på ditt bankkonto.`,
    '',
    ...orderLines(b),
    ...signature(seller),
  ]);
}

/** Before the slot (rule: reminder): the time, whether to pick up or eat in, and the order. */
export function bookingReminderMail(b: MailBooking, seller?: Seller): MailMessage {
  const when = `${swedishDate(b.booking_date)} kl. ${b.booking_time}`;
  return message(b.email, `Påminnelse: din beställning ${numberOf(b)} kl. ${b.booking_time}`, [
    `Hej ${b.name}!`,
    b.dine_in
      ? `En påminnelse: vi väntar på dig ${when}. Din beställning ${numberOf(b)} äter du här på plats.`
      : `En påminnelse: din beställning ${numberOf(b)} är klar att hämta ${when}${seller?.address ? `, ${pickupPlace(seller)}` : ''}.`,
    '',
    ...orderLines(b),
    ...signature(seller),
  ]);
}

/** What the link to stop VIP invitations says, in every invitation (rule: vip-unsubscribe). */
export const VIP_UNSUBSCRIBE_LABEL = 'Vill du inte få fler VIP-inbjudningar? Avregistrera dig med ett klick:';

/**
 * A VIP invitation: the admin's message with every {name} replaced, then the personal link and
 * when it expires, shown in the kiosk's time zone, and the link that stops further invitations
 * (rule: vip-unsubscribe: an invitation is direct marketing; marknadsföringslagen 2008:486 19 §
 * asks each such mail to offer a simple, free way out). The caller adds the recipient.
 */
export function vipInvitationMail(input: {
  customerName: string;
  subject: string;
  message: string;
  url: string;
  /** The page where the customer unsubscribes from invitations (/vip/avregistrera/{token}). */
  unsubscribeUrl: string;
  expiresAt: Date | string;
  timeZone: string;
  seller?: Seller;
}): Omit<MailMessage, 'to'> {
  // A function replacer: a name is text, never a replacement pattern such as `$&`.
  const body = input.message.replaceAll('{name}', () => input.customerName);
  const until = dayjs(input.expiresAt).tz(input.timeZone).locale('sv').format('D MMMM YYYY HH:mm');
  const { text, html } = message('', input.subject, [
    ...body.split(/\r?\n/),
    '',
    { label: 'Din personliga VIP-länk:', url: input.url },
    `Länken gäller till ${until}.`,
    '',
    { label: VIP_UNSUBSCRIBE_LABEL, url: input.unsubscribeUrl },
    ...signature(input.seller),
  ]);
  return { subject: input.subject, text, html };
}

/** The waitlist entry a waitlist mail is about (rule: waitlist). */
export interface MailWaitlistEntry {
  name: string;
  email: string;
  date: string;
  time: string;
  requested_pizzas: number;
}

const pizzasText = (n: number) => `${n} ${n === 1 ? 'pizza' : 'pizzor'}`;

/** A receipt on joining: the place in the queue and how the offer comes. */
export function waitlistJoinedMail(w: MailWaitlistEntry, leaveUrl: string, seller?: Seller): MailMessage {
  return message(w.email, `Du står i kö för ${swedishDate(w.date)} kl ${w.time}`, [
    `Hej ${w.name}!`,
    `Du står i kö för ${pizzasText(w.requested_pizzas)} ${swedishDate(w.date)} kl ${w.time}.`,
    'Blir det plats mejlar vi dig en personlig länk. Platsen hålls då åt dig en kort stund.',
    '',
    { label: 'Vill du inte stå kvar i kön? Lämna den här:', url: leaveUrl },
    ...signature(seller),
  ]);
}

/** The offer: freed capacity held for the entry until the hold ends, with the personal link. */
export function waitlistOfferMail(
  w: MailWaitlistEntry,
  offer: { url: string; pizzas: number; holdExpiresAt: string; timeZone: string },
  seller?: Seller,
): MailMessage {
  const until = dayjs(offer.holdExpiresAt).tz(offer.timeZone).format('HH:mm');
  return message(w.email, `Det finns plats för dig ${swedishDate(w.date)} kl ${w.time}`, [
    `Hej ${w.name}!`,
    `Det finns nu plats för ${pizzasText(offer.pizzas)} ${swedishDate(w.date)} kl ${w.time}.`,
    `Platsen hålls åt dig till kl ${until}. Boka innan dess, annars går den vidare till nästa i kön.`,
    '',
    { label: 'Välj pizzor och boka här:', url: offer.url },
    ...signature(seller),
  ]);
}

/** The counter's evening (rule: slot-delay): the kitchen runs late, the order is ready later. */
export function bookingDelayedMail(
  b: MailBooking,
  delay: { minutes: number; delayed_to: string },
  seller?: Seller,
): MailMessage {
  return message(b.email, `Din beställning ${numberOf(b)} blir ${delay.minutes} minuter försenad`, [
    `Hej ${b.name}!`,
    `Vi ligger efter i köket ikväll. Din beställning blir klar kl. ${delay.delayed_to} i stället för kl. ${b.booking_time}. Förlåt för väntan!`,
    '',
    ...orderLines(b),
    ...signature(seller),
  ]);
}

/** A delay undone (rule: slot-delay): the booked time stands again. */
export function bookingDelayUndoneMail(b: MailBooking, seller?: Seller): MailMessage {
  return message(b.email, `Din beställning ${numberOf(b)} blir klar kl. ${b.booking_time} som bokat`, [
    `Hej ${b.name}!`,
    `Vi hann ikapp: din beställning blir klar kl. ${b.booking_time} som du bokade, inte senare som vi skrev nyss.`,
    '',
    ...orderLines(b),
    ...signature(seller),
  ]);
}

/** A pizza of the order sold out (rule: sold-out): a swap or a cancellation, the customer chooses. */
export function soldOutOfferMail(b: MailBooking, pizzaName: string, baseUrl: string, seller?: Seller): MailMessage {
  const manage = `${baseUrl.replace(/\/+$/, '')}/my-booking?id=${encodeURIComponent(numberOf(b))}&email=${encodeURIComponent(b.email)}`;
  const reach = [seller?.phone ? `ring ${seller.phone}` : null, 'svara på det här mejlet']
    .filter(Boolean)
    .join(' eller ');
  return message(b.email, `${pizzaName} är slut – vill du byta eller avboka?`, [
    `Hej ${b.name}!`,
    `Tyvärr är ${pizzaName} slut idag. Vill du byta till en annan pizza, eller avboka? Hör av dig: ${reach}, så ordnar vi det.`,
    '',
    ...orderLines(b),
    '',
    { label: 'Se eller avboka din bokning:', url: manage },
    ...signature(seller),
  ]);
}

/**
 * The owner's test of the mail relay (rule: go-live), to the admin e-mail: its arrival is the
 * checklist's step "Skicka testmejl" (the mail log shows it sent).
 */
export function testMail(to: string, kioskName: string, adminUrl: string): MailMessage {
  return message(to, `Testmejl från ${kioskName}`, [
    'Hej!',
    `Det här är ett testmejl från ${kioskName}. Kommer det fram kan kiosken skicka mejl till kunderna: bekräftelser, påminnelser och avbokningar.`,
    '',
    { label: 'Tillbaka till checklistan:', url: adminUrl },
    '',
    '—',
    kioskName,
  ]);
}
