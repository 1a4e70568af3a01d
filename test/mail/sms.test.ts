// The ready notice by SMS through 46elks (rule: sms-notices), end to end in two real API processes
// (`api/main.ts`) on one DATA_DIR: the test runs its own HTTPS endpoint in 46elks' place, with a
// self-signed certificate the processes trust only through NODE_EXTRA_CA_CERTS, and it checks
// what 46elks checks: Basic auth, POST /a1/sms, the form fields from, to (E.164) and message.
// Nothing is faked inside the product. Each order marked Klar is texted exactly once although both
// processes send SMS items; a tick without a mobile number is refused in Swedish and changes nothing.
// A delayed slot and its undoing are texted once per ticked customer (rule: notice-channel), also
// when the process that took the delay is killed right after, mid-send: it sends through an
// endpoint that takes each request in and never answers, so the kill never falls in the one window
// no sender can close (the SMS accepted, the process dead before marking it sent), where a second
// send is what at-least-once means.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../api/harness.js';
import { killApiProcesses, startApiProcess, type ApiProcess } from '../apiProcess.js';

const USERNAME = 'u0123456789abcdef';
const PASSWORD = 'Hemligt-elks-lösen';
const SENDER = 'Pizzakiosk';

interface Received {
  authorised: boolean;
  path: string;
  fields: Record<string, string>;
}

/** Where 46elks is to post the delivery report (rule: sms-delivery-reports): the kiosk's own route. */
const deliveryReportUrl = /^http:\/\/localhost:\d+\/api\/sms\/delivery-reports\?item=[^&]+&key=[\w-]+$/;

const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-sms-'));
const dataDir = join(dir, 'data');
let elks: Server;
let elksUrl: string;
/** Takes each request in and never answers: a send stuck mid-way. */
let stuck: Server;
let stuckUrl: string;
const received: Received[] = [];
let changed: () => void = () => {};

/** Resolves once `test` holds of what the endpoint received. */
async function until(test: (all: Received[]) => boolean): Promise<void> {
  while (!test(received)) await new Promise<void>((resolve) => (changed = resolve));
}

beforeAll(async () => {
  // A certificate of the test's own for 127.0.0.1: only the processes given it trust it.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  elks = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const expected = 'Basic ' + Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64');
        const entry: Received = {
          authorised: req.headers.authorization === expected,
          path: `${req.method} ${req.url}`,
          fields: Object.fromEntries(new URLSearchParams(body)),
        };
        received.push(entry);
        changed();
        // As 46elks answers: 401 without the right credentials, 403 for a bad number, else the SMS.
        if (!entry.authorised) return res.writeHead(401).end('Unauthorized');
        if (!/^\+[1-9]\d{7,14}$/.test(entry.fields.to ?? '') || !entry.fields.message || !entry.fields.from)
          return res.writeHead(403).end('Invalid to');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: `s${received.length}`, status: 'created', ...entry.fields }));
      });
    },
  );
  await new Promise<void>((resolve) => elks.listen(0, '127.0.0.1', resolve));
  elksUrl = `https://127.0.0.1:${(elks.address() as AddressInfo).port}/a1`;
  stuck = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    () => {},
  );
  await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
  stuckUrl = `https://127.0.0.1:${(stuck.address() as AddressInfo).port}/a1`;
});
afterAll(async () => {
  killApiProcesses();
  await new Promise((resolve) => elks?.close(resolve));
  await new Promise((resolve) => stuck?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const apiProcess = (url = elksUrl) =>
  startApiProcess(dataDir, {
    SERVE_UI: '0',
    REACTOR_LEASE_TTL_MS: '1500',
    NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem'),
    SMS_46ELKS_URL: url,
    SMS_46ELKS_USERNAME: USERNAME,
    SMS_46ELKS_PASSWORD: PASSWORD,
    SMS_SENDER: SENDER,
  });

/** Tomorrow in the kiosk's zone: every slot of it can be booked whenever the test runs. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

const order = (time: string, phone: string | null, sms: boolean) => ({
  date: tomorrow(),
  time,
  name: 'Åsa Öberg',
  email: 'asa.sms@example.se',
  phone,
  sms_when_ready: sms,
  dine_in: false,
  items: [{ pizza_id: 1, qty: 1 }],
  requested_pizzas: 1,
});

describe('the ready SMS through 46elks, two API processes on one store', () => {
  let a: ApiProcess;
  let b: ApiProcess;
  let admin: string;
  beforeAll(async () => {
    a = await apiProcess();
    b = await apiProcess();
    admin = (await a.call('POST', '/api/admin/login', ADMIN)).cookie;
  });

  it('tells the booking form to offer the tick: /api/settings says SMS is on', async () => {
    expect((await a.call('GET', '/api/settings')).body).toMatchObject({ sms_enabled: true });
    // And the privacy notice to name the texts and their provider (test/api/legalPages.test.ts).
    expect((await a.call('GET', '/api/legal')).body).toMatchObject({ sms_enabled: true });
  });

  /** Books on A, confirms on B, and takes it I ugnen → Klar on either; its number. */
  async function readyOrder(time: string, phone: string | null, sms: boolean): Promise<string> {
    const placed = await a.call('POST', '/api/bookings', order(time, phone, sms));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.booking_id as string;
    expect((await b.call('PUT', `/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
    expect((await a.call('PUT', `/api/admin/bookings/${id}/kitchen`, { step: 'baking' }, admin)).status).toBe(200);
    expect((await b.call('PUT', `/api/admin/bookings/${id}/kitchen`, { step: 'ready' }, admin)).status).toBe(200);
    return id;
  }

  it('refuses the tick without a mobile number, in Swedish, and books nothing', async () => {
    for (const phone of [null, '08-123 456 78']) {
      const refused = await a.call('POST', '/api/bookings', order('12:00', phone, true));
      expect(refused).toMatchObject({
        status: 400,
        body: { error: 'Ange ett mobilnummer för att få SMS när pizzan är klar' },
      });
    }
    const day = await a.call('GET', `/api/admin/bookings?date=${tomorrow()}`, undefined, admin);
    expect(day.body).toEqual([]);
  });

  it('texts each order once when marked Klar: Basic auth, from, to in E.164, the message', async () => {
    const first = await readyOrder('12:00', '070-123 45 67', true);
    await until((all) => all.some((r) => r.fields.message?.includes(first)));
    // A second order, texted after the first: once it has arrived, a second send of the first
    // (by the other process) would have had every chance to arrive too.
    const second = await readyOrder('12:15', '+46 73 987 65 43', true);
    await until((all) => all.some((r) => r.fields.message?.includes(second)));
    // An order without the tick is not texted (it gets the mail).
    const untouched = await readyOrder('12:30', '070-111 22 33', false);
    const third = await readyOrder('12:45', '0701112234', true);
    await until((all) => all.some((r) => r.fields.message?.includes(third)));

    expect(received.map((r) => r.path)).toEqual(Array(3).fill('POST /a1/sms'));
    expect(received.every((r) => r.authorised)).toBe(true);
    expect(received.map((r) => r.fields)).toEqual([
      {
        from: SENDER,
        to: '+46701234567',
        message: `Pizzakiosken: Din pizza (order ${first}) är klar att hämta i luckan.`,
        whendelivered: expect.stringMatching(deliveryReportUrl),
      },
      {
        from: SENDER,
        to: '+46739876543',
        message: `Pizzakiosken: Din pizza (order ${second}) är klar att hämta i luckan.`,
        whendelivered: expect.stringMatching(deliveryReportUrl),
      },
      {
        from: SENDER,
        to: '+46701112234',
        message: `Pizzakiosken: Din pizza (order ${third}) är klar att hämta i luckan.`,
        whendelivered: expect.stringMatching(deliveryReportUrl),
      },
    ]);
    expect(received.some((r) => r.fields.message.includes(untouched))).toBe(false);
  });

  it('texts a delay and its undoing once per ticked customer, also when the process that took the delay dies at once', async () => {
    const placed = await a.call('POST', '/api/bookings', order('13:00', '070-444 55 66', true));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.booking_id as string;
    expect((await b.call('PUT', `/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
    const delay = { date: tomorrow(), time: '13:00', minutes: 10 };
    // C takes the delay; its SMS go to an endpoint that never answers.
    const c = await apiProcess(stuckUrl);
    expect((await c.call('POST', '/api/admin/slot-delays', delay, admin)).body).toEqual({ success: true, orders: 1 });
    // A retried request on another process changes nothing; then C dies, perhaps holding the
    // SMS reactor's lease or the item's, mid-send: A or B takes over (rule: notice-channel, one work item).
    expect((await b.call('POST', '/api/admin/slot-delays', delay, admin)).body).toEqual({ success: true, orders: 0 });
    c.child.kill('SIGKILL');
    await c.exited;
    await until((all) => all.some((r) => r.fields.message?.includes(`(order ${id}) blir klar kl. 13:10`)));
    expect((await b.call('POST', '/api/admin/slot-delays/undo', delay, admin)).body).toEqual({
      success: true,
      orders: 1,
    });
    await until((all) => all.some((r) => r.fields.message?.includes(`Vi hann ikapp: din beställning (order ${id})`)));
    // Longer than a poll and a lease term: a second send would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(received.filter((r) => r.fields.message?.includes(id)).map((r) => [r.fields.to, r.fields.message])).toEqual([
      [
        '+46704445566',
        `Pizzakiosken: Vi ligger efter i köket. Din beställning (order ${id}) blir klar kl. 13:10 i stället för kl. 13:00. Förlåt för väntan!`,
      ],
      ['+46704445566', `Pizzakiosken: Vi hann ikapp: din beställning (order ${id}) blir klar kl. 13:00 som du bokade.`],
    ]);
  });

  it('keeps the tick sealed in the event log with the number, like the e-mail (rule: personal-data)', () => {
    // The event store's files (database and write-ahead log) as bytes on disk; the read models are
    // rebuilt from it and erased with it.
    const files = readdirSync(dataDir).filter((name) => /^events\.db(-wal)?$/.test(name));
    expect(files.length).toBeGreaterThan(0);
    const disk = files.map((name) => readFileSync(join(dataDir, name)).toString('latin1')).join('');
    expect(disk).toContain('"sms_when_ready":null');
    expect(disk).not.toContain('"sms_when_ready":true');
    expect(disk).not.toContain('070-123 45 67');
  });
});
