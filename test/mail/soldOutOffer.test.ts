// Sold-out follow-up (rule: sold-out): the bookings already holding a pizza marked "Slut idag" are
// listed for staff, and one action mails each of them once, through the outbox and a real SMTP
// server, offering a swap or a cancellation; the others hear nothing, and pressing again mails
// nobody twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from './smtp.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestServer;
let admin: string;
const TODAY = '2026-11-23';
const SUBJECT = 'Hawaii är slut – vill du byta eller avboka?';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url } });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('POST /api/admin/sold-out/{id}/offers', () => {
  it('mails each booking holding the pizza once, offering a swap or a cancellation', async () => {
    const book = async (time: string, email: string, pizza: number) => {
      const reply = await t.post(
        '/api/bookings',
        bookingPayload({ date: TODAY, time, email, items: [{ pizza_id: pizza, qty: 1 }], requested_pizzas: 1 }),
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.booking_id as string;
    };
    const holders = [await book('19:00', 'hawaii1@example.se', 4), await book('19:15', 'hawaii2@example.se', 4)];
    await book('19:30', 'annan@example.se', 1);
    await smtp.waitFor(6); // received + staff notice per booking
    const before = smtp.mails.length;

    expect((await t.put('/api/admin/sold-out/4', { until: null }, admin)).status).toBe(200);
    const listed = (await t.get('/api/admin/sold-out/4/bookings', admin)).body as Array<{ booking_id: string }>;
    expect(listed.map((b) => b.booking_id)).toEqual(holders);

    expect((await t.post('/api/admin/sold-out/4/offers', {}, admin)).body).toEqual({ success: true, offered: 2 });
    // Pressed again (or retried): nothing new to send.
    expect((await t.post('/api/admin/sold-out/4/offers', {}, admin)).body).toEqual({ success: true, offered: 0 });
    await smtp.waitFor(before + 2);
    const offers = smtp.mails.filter((m) => m.text.includes(SUBJECT));
    expect(offers.flatMap((m) => m.to).sort()).toEqual(['hawaii1@example.se', 'hawaii2@example.se']);
    for (const mail of offers) {
      expect(mail.text).toContain('Vill du byta till en annan pizza, eller avboka?');
      expect(mail.text).toMatch(/\/my-booking\?id=20261123-\d/);
    }
    expect(smtp.mails.some((m) => m.to.includes('annan@example.se') && m.text.includes(SUBJECT))).toBe(false);
  });
});
