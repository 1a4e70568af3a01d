// The Swedish mails the product sends: plain text plus the same text as simple, escaped HTML.
import dayjs from 'dayjs';
import 'dayjs/locale/sv.js';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import type { BookingLine } from '../../domain/kioskDay/kioskDay.js';
import type { MailMessage } from './mailer.js';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface MailBooking {
  booking_id?: string;
  id?: string;
  name: string;
  email: string;
  phone: string | null;
  booking_date: string;
  booking_time: string;
  dine_in: boolean;
  items: BookingLine[];
  original_total_cents: number;
  discount_cents: number;
  final_total_cents: number;
}

export const kr = (cents: number) => `${Math.round(cents / 100)} kr`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function message(to: string, subject: string, lines: string[]): MailMessage {
  const text = lines.join('\n');
  const html = `<div style="font-family: sans-serif">${lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('')}</div>`;
  return { to, subject, text, html };
}

const numberOf = (b: MailBooking) => b.booking_id ?? b.id ?? '';
const swedishDate = (date: string) => dayjs(date).locale('sv').format('dddd D MMMM YYYY');

function orderLines(b: MailBooking): string[] {
  const lines = [
    `Bokningsnummer: ${numberOf(b)}`,
    `Datum: ${swedishDate(b.booking_date)} kl. ${b.booking_time}`,
    `Namn: ${b.name}`,
    ...(b.phone ? [`Telefon: ${b.phone}`] : []),
    `Typ: ${b.dine_in ? 'Äta här' : 'Ta med'}`,
    '',
    ...b.items.map((i) => `${i.qty}× ${i.pizza_name} – ${kr(i.qty * i.price_cents)}`),
  ];
  if (b.discount_cents > 0) lines.push(`Ordinarie pris: ${kr(b.original_total_cents)}`, `Rabatt: −${kr(b.discount_cents)}`);
  lines.push(`Totalt: ${kr(b.final_total_cents)}`);
  return lines;
}

export function bookingReceivedMail(b: MailBooking, baseUrl: string): MailMessage {
  const manage = `${baseUrl}/my-booking?id=${encodeURIComponent(numberOf(b))}&email=${encodeURIComponent(b.email)}`;
  return message(b.email, `Vi har tagit emot din beställning ${numberOf(b)}`, [
    `Hej ${b.name}!`,
    'Vi har tagit emot din beställning. Väntar på bekräftelse: beställningen gäller inte förrän personalen har bekräftat den. Du får ett nytt mejl när den är bekräftad.',
    '',
    ...orderLines(b),
    '',
    `Se eller avboka din bokning: ${manage}`,
  ]);
}

export function newBookingToStaffMail(b: MailBooking, adminEmail: string, adminUrl: string): MailMessage {
  return message(adminEmail, `Ny bokning att bekräfta: ${numberOf(b)}`, [
    'En ny bokning väntar på bekräftelse.',
    '',
    ...orderLines(b),
    `E-post: ${b.email}`,
    '',
    `Bekräfta här: ${adminUrl}`,
  ]);
}

export function bookingConfirmedMail(b: MailBooking): MailMessage {
  return message(b.email, `Din bokning ${numberOf(b)} är bekräftad`, [`Hej ${b.name}!`, 'Din beställning är bekräftad. Välkommen!', '', ...orderLines(b)]);
}

export function bookingCancelledMail(b: MailBooking, reason: string | null): MailMessage {
  return message(b.email, `Din bokning ${numberOf(b)} är avbokad`, [
    `Hej ${b.name}!`,
    reason ? `Din bokning har avbokats av kiosken. Anledning: ${reason}` : 'Din bokning har avbokats enligt din begäran.',
    '',
    ...orderLines(b),
  ]);
}

export function vipInvitationMail(input: { customerName: string; subject: string; message: string; url: string; expiresAt: string; timeZone: string }): Omit<MailMessage, 'to'> {
  const body = input.message.replaceAll('{name}', input.customerName);
  const until = dayjs(input.expiresAt).tz(input.timeZone).locale('sv').format('D MMMM YYYY HH:mm');
  const { text, html } = message('', input.subject, [...body.split('\n'), '', `Din personliga VIP-länk: ${input.url}`, `Länken gäller till ${until}.`]);
  return { subject: input.subject, text, html };
}
