// One channel per notice (rule: notice-channel), end to end: two API servers on one store (both
// run the reactors, timers and senders), a real SMTP server, the test's own push service and its
// own HTTPS 46elks (elksEndpoint.ts), and a test clock the servers share. Three customers of one
// slot: one whose browser subscribed (push), one who ticked "SMS när pizzan är klar" with a mobile
// number (SMS), one who did not (mail). The delay, its undoing, the reminder and the ready notice
// each reach every one of them exactly once, by their channel only; the confirmation mail goes to
// all. The SMS carry `whendelivered`; 46elks' reports land on the items and show in the mail log
// (rule: sms-delivery-reports), a forged one changes nothing; the month's count is in the statistics.
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { PUSH_LOG, type PushItem } from '../../api/push/reactor.js';
import { PUSH_CERT, startPushService, type TestPushService } from '../push/pushService.js';
import { startSmtpServer, type ReceivedMail } from './smtp.js';
import { startElksEndpoint, type ElksEndpoint } from './elksEndpoint.js';

// The servers run in this process: they trust the test's certificate as a machine trusts its own
// CA, for web push (node:https) and for 46elks (fetch).
https.globalAgent.options.ca = [...rootCertificates, PUSH_CERT];
setGlobalDispatcher(new Agent({ connect: { ca: [...rootCertificates, PUSH_CERT] } }));

const USERNAME = 'u0123456789abcdef';
const PASSWORD = 'Hemligt-elks-lösen';
const DATE = '2026-11-24';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-notices-'));
let now = MONDAY_MORNING;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let elks: ElksEndpoint;
let push: TestPushService;
let a: TestServer;
let b: TestServer;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  elks = await startElksEndpoint({
    username: USERNAME,
    password: PASSWORD,
    // The kiosk's public URL stands for server A here.
    reach: (url) => url.replace('http://kiosk.test', a.base),
  });
  const config = {
    smtpUrl: smtp.url,
    timerIntervalMs: 100,
    reactorLeaseTtlMs: 600,
    sms: { username: USERNAME, password: PASSWORD, from: 'Pizzakiosk', baseUrl: elks.url },
  };
  a = await startTestServer({ dataDir, now: () => now, config });
  b = await startTestServer({ dataDir, now: () => now, config });
  push = await startPushService(async () => (await a.get('/api/notifications/vapid-public-key')).body.key);
  admin = await a.login();
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await push?.close();
  await elks?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const customers = {
  push: { email: 'push@example.se', phone: '070-111 11 11', sms_when_ready: true },
  sms: { email: 'sms@example.se', phone: '070-222 22 22', sms_when_ready: true },
  mail: { email: 'mejl@example.se', phone: '070-333 33 33', sms_when_ready: false },
};
const ids: Record<keyof typeof customers, string> = { push: '', sms: '', mail: '' };

const mailsTo = (to: string, words: string) =>
  smtp.mails.filter((m: ReceivedMail) => m.to.includes(to) && m.text.includes(words));
const smsWith = (words: string) => elks.received.filter((r) => r.fields.message?.includes(words));
const pushItems = async () => (await a.server.docs.find<PushItem>(PUSH_LOG, {})).map((i) => i.kind ?? 'order_ready');

async function poll(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  for (let waited = 0; !(await check()) && waited < timeoutMs; waited += 50) await sleep(50);
}

describe('one channel per notice: push, else SMS, else mail', () => {
  it('books three customers in one slot; each gets the confirmation mail whatever their channel', async () => {
    for (const [key, customer] of Object.entries(customers) as Array<
      [keyof typeof customers, (typeof customers)['sms']]
    >) {
      const placed = await (key === 'sms' ? b : a).post(
        '/api/bookings',
        bookingPayload({
          ...customer,
          date: DATE,
          time: '12:00',
          items: [{ pizza_id: 1, qty: 1 }],
          requested_pizzas: 1,
        }),
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      ids[key] = (placed.body as { booking_id: string }).booking_id;
    }
    const subscribed = await a.post('/api/notifications/subscribe', {
      ...push.subscribe('phone'),
      booking_id: ids.push,
      email: customers.push.email,
    });
    expect(subscribed.status).toBe(201);
    for (const id of Object.values(ids))
      expect((await b.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
    const confirmed = (key: keyof typeof customers) => mailsTo(customers[key].email, `${ids[key]} är bekräftad`);
    await poll(() => (['push', 'sms', 'mail'] as const).every((key) => confirmed(key).length === 1));
    for (const key of ['push', 'sms', 'mail'] as const) expect(confirmed(key)).toHaveLength(1);
  });

  it('tells each customer of a delay once, by their channel only, also when the request is retried on the other server', async () => {
    const delay = { date: DATE, time: '12:00', minutes: 15 };
    expect((await a.post('/api/admin/slot-delays', delay, admin)).body).toEqual({ success: true, orders: 3 });
    expect((await b.post('/api/admin/slot-delays', delay, admin)).body).toEqual({ success: true, orders: 0 });
    await poll(() => smsWith('blir klar kl. 12:15').length > 0 && mailsTo(customers.mail.email, 'försenad').length > 0);
    await push.waitFor(1);

    expect(smsWith('blir klar kl. 12:15').map((r) => r.fields.to)).toEqual(['+46702222222']);
    expect(smsWith(ids.sms)[0].fields.message).toBe(
      `Pizzakiosken: Vi ligger efter i köket. Din beställning (order ${ids.sms}) blir klar kl. 12:15 i stället för kl. 12:00. Förlåt för väntan!`,
    );
    expect(push.received.map((p) => p.payload.body)).toEqual([
      `Vi ligger efter i köket. Din beställning (order ${ids.push}) blir klar kl. 12:15 i stället för kl. 12:00. Förlåt för väntan!`,
    ]);
  });

  it('tells each of them once that the booked time holds again when the delay is undone', async () => {
    expect((await b.post('/api/admin/slot-delays/undo', { date: DATE, time: '12:00' }, admin)).body).toEqual({
      success: true,
      orders: 3,
    });
    await poll(() => smsWith('Vi hann ikapp').length > 0 && mailsTo(customers.mail.email, 'Vi hann ikapp').length > 0);
    await push.waitFor(2);
    expect(smsWith('Vi hann ikapp').map((r) => r.fields.message)).toEqual([
      `Pizzakiosken: Vi hann ikapp: din beställning (order ${ids.sms}) blir klar kl. 12:00 som du bokade.`,
    ]);
    expect(push.received[1].payload.title).toBe('Klar kl. 12:00 som bokat');
  });

  it('reminds each once when the reminder window opens (both servers run the timers)', async () => {
    // 11:30 in Stockholm: the default reminder, 60 minutes before 12:00, is due.
    now = new Date('2026-11-24T10:30:00Z');
    admin = await a.login(); // the session of the day before has run out
    await poll(() => smsWith('Påminnelse').length > 0 && mailsTo(customers.mail.email, 'Påminnelse').length > 0);
    await push.waitFor(3);
    expect(smsWith('Påminnelse').map((r) => r.fields.message)).toEqual([
      `Pizzakiosken: Påminnelse: din beställning (order ${ids.sms}) är klar att hämta kl. 12:00.`,
    ]);
    expect(push.received[2].payload.title).toBe('Påminnelse');
  });

  it('tells each once that the order is ready', async () => {
    for (const id of Object.values(ids)) {
      expect((await a.put(`/api/admin/bookings/${id}/kitchen`, { step: 'baking' }, admin)).status).toBe(200);
      expect((await b.put(`/api/admin/bookings/${id}/kitchen`, { step: 'ready' }, admin)).status).toBe(200);
    }
    await poll(
      () =>
        smsWith('är klar att hämta i luckan').length > 0 && mailsTo(customers.mail.email, 'är klar – hämta').length > 0,
    );
    await push.waitFor(4);
    expect(push.received[3].payload.title).toBe('Din pizza är klar!');
  });

  it('sent nothing twice and nothing by a second channel: the SMS customer got no notice mail, the others no SMS', async () => {
    // Longer than a poll, a lease term and a reactor page: a duplicate would have come by now.
    await sleep(2500);
    expect(elks.received).toHaveLength(4);
    expect(
      elks.received.every((r) => r.authorised && r.path === 'POST /a1/sms' && r.fields.to === '+46702222222'),
    ).toBe(true);
    expect(elks.received.every((r) => r.fields.from === 'Pizzakiosk')).toBe(true);
    expect(push.received).toHaveLength(4);
    expect((await pushItems()).sort()).toEqual(
      ['booking_delay_undone', 'booking_delayed', 'booking_reminder', 'order_ready'].sort(),
    );
    for (const words of ['försenad', 'Vi hann ikapp', 'Påminnelse', 'är klar – hämta']) {
      expect(mailsTo(customers.mail.email, words), words).toHaveLength(1);
      expect(mailsTo(customers.sms.email, words), words).toHaveLength(0);
      expect(mailsTo(customers.push.email, words), words).toHaveLength(0);
    }
  });

  it("stores 46elks' delivery reports on the SMS items and shows them in the mail log beside the mails", async () => {
    for (const r of elks.received)
      expect(r.fields.whendelivered).toMatch(/^http:\/\/kiosk\.test\/api\/sms\/delivery-reports\?item=.+&key=.+$/);
    await poll(() => elks.reportAnswers.length === 8);
    expect(elks.reportAnswers).toEqual(Array(8).fill(204));
    const log = await b.get(`/api/admin/mails?booking_id=${ids.sms}`, admin);
    expect(log.status).toBe(200);
    const { mails, sms } = log.body as {
      mails: Array<{ kind: string }>;
      sms: Array<{ kind: string; status: string; delivery_status: string; delivered_at: string }>;
    };
    const notices = ['booking_delay_undone', 'booking_delayed', 'booking_reminder', 'order_ready'];
    expect(mails.map((m) => m.kind)).toContain('booking_confirmed');
    expect(mails.filter((m) => notices.includes(m.kind))).toEqual([]);
    expect(sms.map((s) => s.kind).sort()).toEqual(
      ['booking_delay_undone', 'booking_delayed', 'booking_reminder', 'order_ready'].sort(),
    );
    for (const entry of sms)
      expect(entry).toMatchObject({
        status: 'sent',
        delivery_status: 'delivered',
        delivered_at: '2026-11-24T10:30:05.123Z',
      });
    // The mail customer's log has their notice mails and no SMS.
    const mailCustomer = (await b.get(`/api/admin/mails?booking_id=${ids.mail}`, admin)).body as {
      sms: unknown[];
      mails: Array<{ kind: string }>;
    };
    expect(mailCustomer.sms).toEqual([]);
    expect(
      mailCustomer.mails
        .map((m) => m.kind)
        .filter((k) => notices.includes(k))
        .sort(),
    ).toEqual(notices);
  });

  it('refuses a forged or replayed report for another item and changes nothing; the same report again is 204', async () => {
    const url = new URL(elks.received[0].fields.whendelivered);
    const report = (path: string, fields: Record<string, string>) =>
      fetch(a.base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    const item = url.searchParams.get('item')!;
    const forged = await report(`/api/sms/delivery-reports?item=${encodeURIComponent(item)}&key=gissat`, {
      id: 's1',
      status: 'failed',
    });
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual({ error: 'SMS:et finns inte' });
    const wrongSms = await report(url.pathname + url.search, { id: 's999', status: 'failed' });
    expect(wrongSms.status).toBe(404);
    const again = await report(url.pathname + url.search, { id: 's1', status: 'sent' });
    expect(again.status).toBe(204);
    const { sms } = (await a.get(`/api/admin/mails?booking_id=${ids.sms}`, admin)).body as {
      sms: Array<{ delivery_status: string }>;
    };
    expect(sms.every((s) => s.delivery_status === 'delivered')).toBe(true);
  });

  it("counts the month's SMS in the statistics", async () => {
    const stats = await a.get('/api/admin/stats/sms', admin);
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ month: '2026-11', sent: 4, delivered: 4, failed: 0 });
    // A month later the count starts again.
    now = new Date('2026-12-02T10:00:00Z');
    admin = await a.login();
    expect((await a.get('/api/admin/stats/sms', admin)).body).toEqual({
      month: '2026-12',
      sent: 0,
      delivered: 0,
      failed: 0,
    });
  });
});
