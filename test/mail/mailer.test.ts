// Mail goes out through a real SMTP server when SMTP_URL is set, and to the outbox otherwise.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../api/mail/mailer.js';
import { bookingCancelledMail, bookingReceivedMail, vipInvitationMail } from '../../api/mail/templates.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { startSmtpServer } from './smtp.js';

const booking = {
  booking_id: '20261124-3',
  name: 'Åsa <script>Öberg</script>',
  email: 'asa@example.se',
  phone: null,
  booking_date: '2026-11-24',
  booking_time: '12:00',
  dine_in: true,
  items: [{ pizza_id: 1, pizza_name: 'Margherita', qty: 2, price_cents: 9900 }],
  original_total_cents: 19800,
  discount_cents: 1980,
  final_total_cents: 17820,
};

describe('mail templates', () => {
  it('tell the customer the order waits for confirmation, with prices in kr and a manage link', () => {
    const mail = bookingReceivedMail(booking, 'https://kiosk.se');
    expect(mail.to).toBe('asa@example.se');
    expect(mail.text).toContain('Väntar på bekräftelse');
    expect(mail.text).toContain('2× Margherita – 198 kr');
    expect(mail.text).toContain('Rabatt: −20 kr');
    expect(mail.text).toContain('Totalt: 178 kr');
    expect(mail.text).toContain('tisdag 24 november 2026 kl. 12:00');
    expect(mail.text).toContain('https://kiosk.se/my-booking?id=20261124-3&email=asa%40example.se');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('give a staff cancellation its reason', () => {
    expect(bookingCancelledMail(booking, 'Ugnen är trasig').text).toContain('Anledning: Ugnen är trasig');
  });

  it('fill in every {name} of an invitation and state when the link expires', () => {
    const mail = vipInvitationMail({ customerName: 'Sara', subject: 'Välkommen', message: 'Hej {name}! Ses snart, {name}.', url: 'https://kiosk.se/?vip=abc', expiresAt: '2026-11-25T08:00:00.000Z', timeZone: 'Europe/Stockholm' });
    expect(mail.text).toContain('Hej Sara! Ses snart, Sara.');
    expect(mail.text).toContain('https://kiosk.se/?vip=abc');
    expect(mail.text).toContain('Länken gäller till 25 november 2026 09:00.');
  });
});

describe('the mailer', () => {
  it('delivers over SMTP', async () => {
    const smtp = await startSmtpServer();
    // SMTP mode never touches the outbox: a path that does not exist proves it.
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: join(tmpdir(), 'pizzakiosken-no-outbox') });
    await mailer.send({ id: 'test-1', ...bookingReceivedMail(booking, 'https://kiosk.se') });
    await mailer.close();
    await smtp.close();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['asa@example.se']);
    expect(smtp.mails[0]!.text).toContain('Subject: Vi har tagit emot din beställning 20261124-3');
    expect(smtp.mails[0]!.text).toContain('Totalt: 178 kr');
    expect(smtp.mails[0]!.raw).toContain('Message-ID: <test-1@pizzakiosken>');
    expect(existsSync(join(tmpdir(), 'pizzakiosken-no-outbox'))).toBe(false);
  });

  it('writes one .eml file per mail id to the outbox', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'outbox-'));
    const mailer = createMailer({ outboxDir: outbox });
    await mailer.send({ id: 'same', to: 'a@example.se', subject: 'Första', text: 'ett' });
    await mailer.send({ id: 'same', to: 'a@example.se', subject: 'Första', text: 'ett' });
    await mailer.send({ id: 'other', to: 'b@example.se', subject: 'Andra', text: 'två' });
    expect(readdirSync(outbox).sort()).toEqual(['other.eml', 'same.eml']);
    expect(readFileSync(join(outbox, 'other.eml'), 'utf8')).toContain('To: b@example.se');
    rmSync(outbox, { recursive: true, force: true });
  });
});

describe('a server with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
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
    const toCustomer = smtp.mails.find((m) => m.to.includes('asa@example.se'))!;
    const toStaff = smtp.mails.find((m) => m.to.includes('admin@pizzakiosken.test'))!;
    expect(toCustomer.text).toContain(`Bokningsnummer: ${placed.body.booking_id}`);
    expect(toStaff.text).toContain('Ny bokning att bekräfta');
    const admin = await t.login();
    await t.put(`/api/admin/bookings/${placed.body.booking_id}/confirm`, {}, admin);
    await smtp.waitFor(3);
    expect(smtp.mails[2]!.text).toContain('är bekräftad');
  });
});
