// A mail built at once (api/mail/mime.ts) is byte for byte the mail nodemailer streams, whatever
// its parts: the kiosk's own templates, plain ASCII (7bit), long lines and trailing blanks, a long
// Swedish subject, a text nodemailer sends as base64, a sender's name with Å.
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { buildMail, type MimeMail } from '../../api/mail/mime.js';
import { bookingReceivedMail, newBookingToStaffMail, type MailBooking } from '../../api/mail/templates.js';

const streamed = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
const date = new Date('2026-11-28T17:05:00Z');

/** Boundaries are random in both: compared by position. */
const sameBoundaries = (bytes: Buffer) => {
  const seen: string[] = [];
  return bytes.toString('utf8').replace(/_NmP-[0-9a-f]+-Part_\d+/g, (b) => {
    if (!seen.includes(b)) seen.push(b);
    return `BOUNDARY-${seen.indexOf(b)}`;
  });
};

async function compare(mail: Omit<MimeMail, 'date'>) {
  const info = await streamed.sendMail({ ...mail, date });
  const built = buildMail({ ...mail, date });
  expect(sameBoundaries(built.bytes)).toBe(sameBoundaries(info.message as Buffer));
  expect(built.envelope).toEqual(info.envelope);
  return built.bytes.toString('utf8');
}

const booking: MailBooking = {
  booking_id: '20261129-7',
  name: 'Åsa Öberg',
  email: 'asa@example.se',
  phone: '070-123 45 67',
  booking_date: '2026-11-29',
  booking_time: '18:30',
  dine_in: false,
  items: [
    { pizza_name: 'Margherita', qty: 2, price_cents: 9900, allergens: ['Mjölk', 'Spannmål som innehåller gluten'] },
    { pizza_name: 'Vesuvio', qty: 1, price_cents: 10900, allergens: null, without: ['lök'] },
  ],
  original_total_cents: 30700,
  discount_cents: 0,
  final_total_cents: 30700,
};

const from = 'Pizzakiosken <noreply@pizzakiosken.se>';

describe('a mail built at once', () => {
  it('is the bytes nodemailer streams, for the kiosk’s own mails', async () => {
    const received = bookingReceivedMail(booking, 'https://pizzakiosken.se');
    const raw = await compare({ from, messageId: '<ev-1-customer@pizzakiosken>', ...received });
    expect(raw).toContain('Content-Transfer-Encoding: quoted-printable');
    expect(raw.endsWith('--\r\n')).toBe(true);
    const staff = newBookingToStaffMail(booking, 'personal@pizzakiosken.se', 'https://pizzakiosken.se/admin');
    await compare({ from, messageId: '<ev-1-staff@pizzakiosken>', ...staff });
  });

  it('is the bytes nodemailer streams, for plain ASCII, long lines, a long subject, base64 and a named sender', async () => {
    const ascii = await compare({
      from,
      to: 'a@example.se',
      subject: 'Hello',
      text: 'Plain text\nover two lines',
      messageId: '<a@p>',
    });
    expect(ascii).toContain('Content-Transfer-Encoding: 7bit');
    expect(ascii.endsWith('lines\r\n')).toBe(true);
    await compare({
      from,
      to: 'a@example.se',
      subject: 'Din beställning är bekräftad – välkommen till Pizzakiosken på lördag kväll, vi ses då!',
      text: `${'Lång rad med åäö '.repeat(30)}\nrad med blanksteg på slutet   \n\n${'x'.repeat(200)}\n`,
      html: `<p>${'Lång rad med åäö '.repeat(30)}</p>`,
      messageId: '<b@p>',
    });
    const base64 = await compare({
      from,
      to: 'a@example.se',
      subject: 'Привет',
      text: 'Привет мир '.repeat(40),
      messageId: '<c@p>',
    });
    expect(base64).toContain('Content-Transfer-Encoding: base64');
    await compare({
      from: 'Pizzakiosken Åre <noreply@pizzakiosken.se>',
      to: 'kund@example.se',
      subject: 'Hej',
      text: 'Hej!\r\nMed CRLF redan.\r\n',
      messageId: '<d@p>',
    });
  });
});
