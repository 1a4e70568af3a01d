// Mail goes out through a real SMTP server when SMTP_URL is set, and to the outbox otherwise.
// What arrives is parsed as MIME (headers unfolded, encoded words and transfer encodings
// decoded) and compared with what the templates built, so a change of encoding cannot hide a
// broken body and a broken body cannot hide behind a raw substring match.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, DEFAULT_FROM } from '../../api/mail/mailer.js';
import {
  bookingCancelledMail,
  bookingConfirmedMail,
  bookingMovedMail,
  bookingReceivedMail,
  bookingReminderMail,
  kr,
  newBookingToStaffMail,
  vipInvitationMail,
  type MailBooking,
} from '../../api/mail/templates.js';
import { emptySeller } from '../../domain/settings/seller.js';
import { ADMIN, MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';

const booking: MailBooking = {
  booking_id: '20261124-3',
  name: 'Åsa Öberg',
  email: 'asa+pizza@example.se',
  phone: null,
  booking_date: '2026-11-24',
  booking_time: '12:00',
  dine_in: true,
  items: [
    { pizza_name: 'Margherita', qty: 2, price_cents: 9900 },
    { pizza_name: 'Vesuvio', qty: 1, price_cents: 10950 },
  ],
  original_total_cents: 30750,
  discount_cents: 3075,
  final_total_cents: 27675,
};

const evil: MailBooking = {
  ...booking,
  name: '<script>alert("x")</script>',
  items: [{ pizza_name: `Skinka & "Svamp" 'extra'`, qty: 1, price_cents: 9900 }],
};
const evilNameHtml = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;';

describe('kr', () => {
  it('shows whole kronor, cents / 100, and the öre of an amount that has öre (rule: money-shown)', () => {
    expect(kr(0)).toBe('0 kr');
    expect(kr(9900)).toBe('99 kr');
    expect(kr(12345)).toBe('123,45 kr');
    expect(kr(12350)).toBe('123,50 kr');
    expect(kr(100000)).toBe('1000 kr');
  });
});

describe('the booking-received mail', () => {
  it('says the order waits for staff confirmation, lists the order in kr and links to the booking', () => {
    const mail = bookingReceivedMail(booking, 'https://kiosk.se/');
    expect(mail.to).toBe('asa+pizza@example.se');
    expect(mail.subject).toBe('Din beställning 20261124-3 – väntar på bekräftelse');
    expect(mail.text).toBe(
      [
        'Hej Åsa Öberg!',
        'Vi har tagit emot din beställning.',
        'Väntar på bekräftelse: beställningen gäller inte förrän personalen har bekräftat den. Du får ett nytt mejl när den är bekräftad.',
        '',
        'Bokningsnummer: 20261124-3',
        'Datum: tisdag 24 november 2026 kl. 12:00',
        'Namn: Åsa Öberg',
        'Typ: Äta här',
        '',
        '2× Margherita – 198 kr',
        '1× Vesuvio – 109,50 kr',
        'Ordinarie pris: 307,50 kr',
        'Rabatt: −30,75 kr',
        'Totalt: 276,75 kr',
        '',
        'Se eller avboka din bokning: https://kiosk.se/my-booking?id=20261124-3&email=asa%2Bpizza%40example.se',
      ].join('\n'),
    );
    expect(mail.html).toContain(
      '<a href="https://kiosk.se/my-booking?id=20261124-3&amp;email=asa%2Bpizza%40example.se">',
    );
    expect(mail.html).toContain('<p>Totalt: 276,75 kr</p>');
  });

  it('shows a phone number and take-away when given, and no discount lines without a discount', () => {
    const mail = bookingReceivedMail(
      { ...booking, phone: '070-123 45 67', dine_in: false, discount_cents: 0, final_total_cents: 30750 },
      'https://kiosk.se',
    );
    expect(mail.text).toContain('\nTelefon: 070-123 45 67\n');
    expect(mail.text).toContain('\nTyp: Ta med\n');
    expect(mail.text).not.toContain('Rabatt');
    expect(mail.text).not.toContain('Ordinarie pris');
    expect(mail.text).toContain('\nTotalt: 307,50 kr\n');
  });

  it('names each pizza’s allergens under its line as declared when ordered (rule: allergen-declaration)', () => {
    const mail = bookingReceivedMail(
      {
        ...booking,
        items: [
          { pizza_name: 'Margherita', qty: 2, price_cents: 9900, allergens: ['gluten', 'milk'] },
          { pizza_name: 'Marinara', qty: 1, price_cents: 8900, allergens: [] },
          { pizza_name: 'Gammal favorit', qty: 1, price_cents: 9000, allergens: null },
        ],
      },
      'https://kiosk.se',
    );
    const lines = mail.text.split('\n');
    const at = lines.indexOf('2× Margherita – 198 kr');
    expect(lines.slice(at, at + 6)).toEqual([
      '2× Margherita – 198 kr',
      '   Allergener: Spannmål som innehåller gluten, Mjölk',
      '1× Marinara – 89 kr',
      '   Allergener: Inga allergener',
      '1× Gammal favorit – 90 kr',
      '   Allergener: Allergeninformation saknas, fråga personalen',
    ]);
    expect(mail.html).toContain('<p>   Allergener: Spannmål som innehåller gluten, Mjölk</p>');
    // Lines of bookings placed before declarations carry none: the mail says nothing of them.
    expect(bookingReceivedMail(booking, 'https://kiosk.se').text).not.toContain('Allergener');
  });

  it('takes the booking number from `id` when the booking is a read-model document', () => {
    const { booking_id: _, ...doc } = booking;
    const mail = bookingReceivedMail({ ...doc, id: '20261124-9' }, 'https://kiosk.se');
    expect(mail.text).toContain('Bokningsnummer: 20261124-9');
    expect(mail.text).toContain('/my-booking?id=20261124-9&');
  });

  it('is "Din beställning", never "Orderbekräftelse", while the kiosk has not confirmed it; the confirmed mail is (rule: received-mail)', () => {
    const record = { seller: { ...emptySeller(), legal_name: 'Pizzakiosken i Malmö AB' }, vat: [] };
    const received = bookingReceivedMail(booking, 'https://kiosk.se', record);
    expect(received.subject).toBe('Din beställning 20261124-3 – väntar på bekräftelse');
    expect(received.text).toContain('\nDin beställning\nSäljare: Pizzakiosken i Malmö AB\n');
    expect(received.subject + received.text + received.html).not.toContain('Orderbekräftelse');
    const moved = bookingMovedMail(booking, '20261123-1', 'https://kiosk.se', record);
    expect(moved.text).toContain('\nDin beställning\nSäljare:');
    expect(moved.text).not.toContain('Orderbekräftelse');
    const confirmed = bookingConfirmedMail(booking, record);
    expect(confirmed.text).toContain('\nOrderbekräftelse\nSäljare:');
  });
});

describe('the staff, confirmation and cancellation mails', () => {
  it('ask the admin e-mail to confirm a new booking, with the customer contact and an admin link', () => {
    const mail = newBookingToStaffMail(
      { ...booking, phone: '070-1' },
      'admin@kiosk.se',
      'https://kiosk.se/admin/bookings?status=pending',
    );
    expect(mail.to).toBe('admin@kiosk.se');
    expect(mail.subject).toBe('Ny bokning att bekräfta: 20261124-3');
    for (const line of [
      'En ny bokning väntar på bekräftelse.',
      'Namn: Åsa Öberg',
      'E-post: asa+pizza@example.se',
      'Telefon: 070-1',
      '2× Margherita – 198 kr',
      'Totalt: 276,75 kr',
      'Bekräfta här: https://kiosk.se/admin/bookings?status=pending',
    ]) {
      expect(mail.text.split('\n')).toContain(line);
    }
    expect(mail.html).toContain('<a href="https://kiosk.se/admin/bookings?status=pending">');
  });

  it('tell the customer the booking is confirmed', () => {
    const mail = bookingConfirmedMail(booking);
    expect(mail.to).toBe('asa+pizza@example.se');
    expect(mail.subject).toBe('Din bokning 20261124-3 är bekräftad');
    expect(mail.text).toContain('Din beställning är bekräftad.');
    expect(mail.text).toContain('Totalt: 276,75 kr');
    expect(mail.text).not.toContain('Väntar på bekräftelse');
  });

  it('give a staff cancellation its reason, and a customer cancellation none', () => {
    const byStaff = bookingCancelledMail(booking, 'Ugnen är trasig');
    expect(byStaff.subject).toBe('Din bokning 20261124-3 är avbokad');
    expect(byStaff.text).toContain('Din bokning har avbokats av kiosken. Anledning: Ugnen är trasig');
    for (const reason of [null, '  ']) {
      const byCustomer = bookingCancelledMail(booking, reason);
      expect(byCustomer.text).toContain('Din bokning har avbokats enligt din begäran.');
      expect(byCustomer.text).not.toContain('Anledning');
    }
  });

  it('tell a customer whose booking nobody confirmed in time that the system cancelled it, naming the reason (rule: pending-expiry)', () => {
    const bySystem = bookingCancelledMail(booking, 'Ej bekräftad i tid', 'system');
    expect(bySystem.subject).toBe('Din bokning 20261124-3 är avbokad');
    expect(bySystem.text.split('\n').slice(0, 4)).toEqual([
      'Hej Åsa Öberg!',
      'Din bokning har avbokats automatiskt eftersom kiosken inte hann bekräfta den. Anledning: Ej bekräftad i tid.',
      'Tiden är frigjord. Välkommen att boka en ny tid!',
      '',
    ]);
    expect(bySystem.text).toContain('Totalt: 276,75 kr');
    expect(bySystem.text).not.toContain('enligt din begäran');
  });

  it('remind the customer of the time, the order number, the pizzas and whether to eat here or pick up (rule: reminder)', () => {
    const dineIn = bookingReminderMail(booking);
    expect(dineIn.to).toBe('asa+pizza@example.se');
    expect(dineIn.subject).toBe('Påminnelse: din beställning 20261124-3 kl. 12:00');
    expect(dineIn.text.split('\n').slice(0, 2)).toEqual([
      'Hej Åsa Öberg!',
      'En påminnelse: vi väntar på dig tisdag 24 november 2026 kl. 12:00. Din beställning 20261124-3 äter du här på plats.',
    ]);
    for (const line of [
      'Bokningsnummer: 20261124-3',
      'Typ: Äta här',
      '2× Margherita – 198 kr',
      '1× Vesuvio – 109,50 kr',
      'Totalt: 276,75 kr',
    ])
      expect(dineIn.text.split('\n')).toContain(line);
    const takeAway = bookingReminderMail({ ...booking, dine_in: false });
    expect(takeAway.text.split('\n')[1]).toBe(
      'En påminnelse: din beställning 20261124-3 är klar att hämta tisdag 24 november 2026 kl. 12:00.',
    );
    expect(takeAway.text.split('\n')).toContain('Typ: Ta med');
  });

  it('escape names and pizza names in the HTML of every booking mail, and keep them as typed in the text', () => {
    const mails = [
      bookingReceivedMail(evil, 'https://kiosk.se'),
      newBookingToStaffMail(evil, 'admin@kiosk.se', 'https://kiosk.se/admin'),
      bookingConfirmedMail(evil),
      bookingCancelledMail(evil, '<b>stängt</b>'),
      bookingReminderMail(evil),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain(evilNameHtml);
      expect(mail.html).toContain('Skinka &amp; &quot;Svamp&quot; &#39;extra&#39;');
      expect(mail.text).toContain('Namn: <script>alert("x")</script>');
    }
    expect(mails[3].html).toContain('Anledning: &lt;b&gt;stängt&lt;/b&gt;');
  });
});

describe('the VIP invitation mail', () => {
  const invitation = {
    customerName: 'Sara',
    subject: 'Välkommen på julpizza',
    message: 'Hej {name}!\nVi har öppnat extra för dig, {name}. Välkommen {name}!',
    url: 'https://kiosk.se/?vip=abc&x=1',
    unsubscribeUrl: 'https://kiosk.se/vip/avregistrera/abc',
    expiresAt: '2026-11-25T08:00:00.000Z',
    timeZone: 'Europe/Stockholm',
  };

  it('fills in every {name} and states the link and when it expires, in the kiosk time zone, then the link that stops invitations (rule: vip-unsubscribe)', () => {
    const mail = vipInvitationMail(invitation);
    expect(mail).not.toHaveProperty('to');
    expect(mail.subject).toBe('Välkommen på julpizza');
    expect(mail.text).toBe(
      [
        'Hej Sara!',
        'Vi har öppnat extra för dig, Sara. Välkommen Sara!',
        '',
        'Din personliga VIP-länk: https://kiosk.se/?vip=abc&x=1',
        'Länken gäller till 25 november 2026 09:00.',
        '',
        'Vill du inte få fler VIP-inbjudningar? Avregistrera dig med ett klick: https://kiosk.se/vip/avregistrera/abc',
      ].join('\n'),
    );
    expect(mail.html).toContain('<a href="https://kiosk.se/?vip=abc&amp;x=1">');
    expect(mail.html).toContain('<a href="https://kiosk.se/vip/avregistrera/abc">');
  });

  it('uses summer time and accepts a Date', () => {
    const summer = vipInvitationMail({ ...invitation, expiresAt: new Date('2026-07-01T22:30:00Z') });
    expect(summer.text).toContain('Länken gäller till 2 juli 2026 00:30.');
    const utc = vipInvitationMail({ ...invitation, expiresAt: new Date('2026-07-01T22:30:00Z'), timeZone: 'UTC' });
    expect(utc.text).toContain('Länken gäller till 1 juli 2026 22:30.');
  });

  it('puts a name in as text, never as a replacement pattern, and escapes it in the HTML', () => {
    const mail = vipInvitationMail({ ...invitation, customerName: `<b>Sara</b> $& $' $$` });
    expect(mail.text.split('\n')[0]).toBe(`Hej <b>Sara</b> $& $' $$!`);
    expect(mail.text).not.toContain('{name}');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Hej &lt;b&gt;Sara&lt;/b&gt; $&amp; $&#39; $$!');
  });
});

// ---------------------------------------------------------------------------------------------
// A real SMTP server, and a small MIME reader for what it receives.

interface Received {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

interface SmtpServer {
  url: string;
  mails: Received[];
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

async function startSmtpServer(options: { secure?: boolean; refuse?: string } = {}): Promise<SmtpServer> {
  const mails: Received[] = [];
  const server = new SMTPServer({
    // smtp-server's built-in self-signed certificate serves the smtps:// case.
    secure: options.secure ?? false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuse)
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({
          mailFrom,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: options.secure ? `smtps://127.0.0.1:${port}/?tls.rejectUnauthorized=false` : `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(count) {
      for (let i = 0; i < 200 && mails.length < count; i++) await new Promise((r) => setTimeout(r, 25));
      if (mails.length < count) throw new Error(`expected ${count} mails, got ${mails.length}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface ParsedMail {
  headers: Map<string, string>;
  text: string | undefined;
  html: string | undefined;
}

const utf8FromBinary = (binary: string) => Buffer.from(binary, 'latin1').toString('utf8');

function decodeQuotedPrintable(body: string): string {
  return utf8FromBinary(
    body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

function decodeHeader(value: string): string {
  // Whitespace between two adjacent encoded words is folding, not text (RFC 2047, 6.2).
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, charset: string, kind: string, data: string) => {
      expect(charset.toLowerCase()).toBe('utf-8');
      if (kind.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      return decodeQuotedPrintable(data.replace(/_/g, ' '));
    });
}

function parseEntity(entity: string, into: ParsedMail, top: boolean): void {
  const split = entity.indexOf('\n\n');
  const head = split < 0 ? entity : entity.slice(0, split);
  const body = split < 0 ? '' : entity.slice(split + 2);
  const headers = new Map<string, string>();
  for (const field of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = field.indexOf(':');
    if (colon <= 0) throw new Error(`not a header field: ${JSON.stringify(field)}`);
    const name = field.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeHeader(field.slice(colon + 1).trim()));
  }
  if (top) into.headers = headers;
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type')!)![1];
    const sections = body.split(`--${boundary}`);
    expect(sections.at(-1)!.startsWith('--')).toBe(true);
    for (const part of sections.slice(1, -1)) parseEntity(part.replace(/^\n/, '').replace(/\n$/, ''), into, false);
    return;
  }
  if (!/charset=("?)utf-8\1/i.test(type)) throw new Error(`unexpected charset: ${type}`);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  // A single-part message ends with the line break of its last line, which is not content.
  const content = top ? decoded.replace(/\n$/, '') : decoded;
  if (type.startsWith('text/plain')) into.text = content;
  else if (type.startsWith('text/html')) into.html = content;
}

function parseMail(raw: string): ParsedMail {
  const mail: ParsedMail = { headers: new Map(), text: undefined, html: undefined };
  // Line endings are normalised so CRLF (wire, .eml) and a template's LF compare equal.
  parseEntity(raw.replace(/\r\n/g, '\n'), mail, true);
  return mail;
}

// ---------------------------------------------------------------------------------------------

describe('the mailer over SMTP', () => {
  const servers: SmtpServer[] = [];
  const start = async (options?: Parameters<typeof startSmtpServer>[0]) => {
    const server = await startSmtpServer(options);
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('delivers recipient, Swedish subject, text and HTML intact, and writes no outbox', async () => {
    const smtp = await start();
    const outbox = join(tmpdir(), `pizzakiosken-no-outbox-${process.pid}`);
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: outbox });
    const mail = bookingReceivedMail(evil, 'https://kiosk.se');
    await mailer.send({ id: 'booking-1-customer', ...mail });
    await mailer.close();

    expect(smtp.mails).toHaveLength(1);
    const [received] = smtp.mails;
    expect(received.rcptTo).toEqual(['asa+pizza@example.se']);
    expect(received.mailFrom).toBe('noreply@pizzakiosken.se');
    const parsed = parseMail(received.raw);
    expect(parsed.headers.get('from')).toBe(DEFAULT_FROM);
    expect(parsed.headers.get('to')).toBe('asa+pizza@example.se');
    expect(parsed.headers.get('subject')).toBe('Din beställning 20261124-3 – väntar på bekräftelse');
    expect(parsed.headers.get('message-id')).toBe('<booking-1-customer@pizzakiosken>');
    expect(parsed.text).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
    expect(existsSync(outbox)).toBe(false);
  });

  it('keeps a long subject full of å, ä and ö and every body line through encoding and folding', async () => {
    const smtp = await start();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: tmpdir() });
    const subject = 'Välkommen åter, Åsa Öberg – smörgåsar, räksallad och öl är slut på kiosken idag, förlåt!';
    const text = [
      'Hej Åsa!',
      'Å Ä Ö å ä ö é ü – 😀',
      `${'Lång rad med åäö '.repeat(12)}slut.`,
      '=3D är ingen kod',
    ].join('\n');
    await mailer.send({ id: 'swedish', to: 'asa@example.se', subject, text });
    await mailer.close();
    const parsed = parseMail(smtp.mails[0].raw);
    expect(parsed.headers.get('subject')).toBe(subject);
    expect(parsed.text).toBe(text);
    expect(parsed.html).toBeUndefined();
  });

  it('gives a resent mail the same Message-ID, and another mail another one', async () => {
    const smtp = await start();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: tmpdir() });
    const mail = bookingConfirmedMail(booking);
    await mailer.send({ id: 'event-7-customer', ...mail });
    await mailer.send({ id: 'event-7-customer', ...mail });
    await mailer.send({ id: 'event-8-customer', ...mail });
    await mailer.close();
    const ids = smtp.mails.map((m) => parseMail(m.raw).headers.get('message-id'));
    expect(ids).toEqual([
      '<event-7-customer@pizzakiosken>',
      '<event-7-customer@pizzakiosken>',
      '<event-8-customer@pizzakiosken>',
    ]);
  });

  it('sends from the configured address (MAIL_FROM)', async () => {
    const smtp = await start();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir: tmpdir(),
      from: 'Kiosken på torget <kiosk@example.se>',
    });
    await mailer.send({ id: 'from', to: 'a@example.se', subject: 'x', text: 'y' });
    await mailer.close();
    expect(smtp.mails[0].mailFrom).toBe('kiosk@example.se');
    expect(parseMail(smtp.mails[0].raw).headers.get('from')).toBe('Kiosken på torget <kiosk@example.se>');
  });

  it('speaks TLS from the first byte with an smtps:// URL', async () => {
    const smtp = await start({ secure: true });
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: tmpdir() });
    await mailer.send({ id: 'tls', to: 'a@example.se', subject: 'Säkert', text: 'Krypterat hela vägen.' });
    await mailer.close();
    expect(parseMail(smtp.mails[0].raw).text).toBe('Krypterat hela vägen.');
  });

  it('fails the send when the server refuses or cannot be reached, so the caller can retry', async () => {
    const smtp = await start({ refuse: 'nobody@example.se' });
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: tmpdir() });
    await expect(mailer.send({ id: 'refused', to: 'nobody@example.se', subject: 'x', text: 'y' })).rejects.toThrow(
      /Mailbox unavailable|550/,
    );
    await mailer.close();
    expect(smtp.mails).toHaveLength(0);

    const closed = await start();
    await closed.close();
    const unreachable = createMailer({ smtpUrl: closed.url, outboxDir: tmpdir() });
    await expect(
      unreachable.send({ id: 'unreachable', to: 'a@example.se', subject: 'x', text: 'y' }),
    ).rejects.toThrow();
    await unreachable.close();
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => createMailer({ smtpUrl: 'mongodb://127.0.0.1:27017', outboxDir: tmpdir() })).toThrow('SMTP_URL');
  });
});

describe('the mailer without SMTP_URL', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'pizzakiosken-mail-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates the outbox and writes each mail as a valid .eml file named by its id', async () => {
    const outbox = join(root, 'data', 'outbox');
    const mailer = createMailer({ outboxDir: outbox });
    const mail = bookingReceivedMail(booking, 'https://kiosk.se');
    await mailer.send({ id: 'ev-1-customer', ...mail });
    await mailer.close();
    expect(readdirSync(outbox)).toEqual(['ev-1-customer.eml']);
    const raw = readFileSync(join(outbox, 'ev-1-customer.eml'), 'utf8');
    expect(raw).toMatch(/\r\n/);
    expect(raw).not.toMatch(/[^\r]\n/);
    const parsed = parseMail(raw);
    expect(parsed.headers.get('from')).toBe(DEFAULT_FROM);
    expect(parsed.headers.get('to')).toBe('asa+pizza@example.se');
    expect(parsed.headers.get('subject')).toBe('Din beställning 20261124-3 – väntar på bekräftelse');
    expect(parsed.headers.get('message-id')).toBe('<ev-1-customer@pizzakiosken>');
    expect(parsed.headers.get('mime-version')).toBe('1.0');
    expect(Number.isNaN(Date.parse(parsed.headers.get('date') ?? ''))).toBe(false);
    expect(parsed.text).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
  });

  it('keeps one file per id: a resend overwrites it, another id adds one, no temp file stays behind', async () => {
    const outbox = join(root, 'resend');
    const mailer = createMailer({ outboxDir: outbox });
    await mailer.send({ id: 'same', to: 'a@example.se', subject: 'Första', text: 'ett' });
    await mailer.send({ id: 'same', to: 'a@example.se', subject: 'Första igen', text: 'ett igen' });
    await mailer.send({ id: 'other', to: 'b@example.se', subject: 'Andra', text: 'två' });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        mailer.send({ id: 'burst', to: 'c@example.se', subject: 'Samtidigt', text: 'tre' }),
      ),
    );
    await mailer.close();
    expect(readdirSync(outbox).sort()).toEqual(['burst.eml', 'other.eml', 'same.eml']);
    const same = parseMail(readFileSync(join(outbox, 'same.eml'), 'utf8'));
    expect(same.headers.get('subject')).toBe('Första igen');
    expect(same.text).toBe('ett igen');
    expect(parseMail(readFileSync(join(outbox, 'other.eml'), 'utf8')).headers.get('to')).toBe('b@example.se');
    expect(parseMail(readFileSync(join(outbox, 'burst.eml'), 'utf8')).text).toBe('tre');
  });

  it('keeps every file inside the outbox whatever the id, and refuses a mail without one', async () => {
    const outbox = join(root, 'ids');
    const mailer = createMailer({ outboxDir: outbox });
    await mailer.send({ id: '../../escape', to: 'a@example.se', subject: 'x', text: 'y' });
    expect(readdirSync(root)).not.toContain('escape.eml');
    expect(readdirSync(outbox)).toHaveLength(1);
    expect(parseMail(readFileSync(join(outbox, readdirSync(outbox)[0]), 'utf8')).headers.get('message-id')).toMatch(
      /^<[A-Za-z0-9._-]+@pizzakiosken>$/,
    );
    await expect(mailer.send({ id: '', to: 'a@example.se', subject: 'x', text: 'y' })).rejects.toThrow('id');
    await mailer.close();
  });
});

describe('a server with SMTP_URL', () => {
  let smtp: SmtpServer;
  let t: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the customer and the staff about a new booking, and the customer on confirmation', async () => {
    const placed = await t.post('/api/bookings', bookingPayload());
    await smtp.waitFor(2);
    const toCustomer = smtp.mails.find((m) => m.rcptTo.includes('asa@example.se'))!;
    const toStaff = smtp.mails.find((m) => m.rcptTo.includes(ADMIN.email))!;
    expect(parseMail(toCustomer.raw).text).toContain(`Bokningsnummer: ${placed.body.booking_id}`);
    expect(parseMail(toCustomer.raw).text).toContain('Väntar på bekräftelse');
    // The seeded Margherita's allergens, in the mail as received over SMTP (rule: allergen-declaration).
    expect(parseMail(toCustomer.raw).text).toContain(
      '2 × Margherita à 99 kr – 198 kr\n   Allergener: Spannmål som innehåller gluten, Mjölk\n',
    );
    expect(parseMail(toStaff.raw).headers.get('subject')).toBe(`Ny bokning att bekräfta: ${placed.body.booking_id}`);
    const admin = await t.login();
    await t.put(`/api/admin/bookings/${placed.body.booking_id}/confirm`, {}, admin);
    await smtp.waitFor(3);
    expect(parseMail(smtp.mails[2].raw).headers.get('subject')).toBe(
      `Din bokning ${placed.body.booking_id} är bekräftad`,
    );
    expect(parseMail(smtp.mails[2].raw).text).toContain('Allergener: Spannmål som innehåller gluten, Mjölk');
  });
});
