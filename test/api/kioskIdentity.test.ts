// The kiosk's own name, tagline and logo (rule: kiosk-identity) over the real server: set over the
// API, then the name is on every public and admin page's first HTML (title and header), in a mail
// through a real SMTP server, in a parsed PDF, in the installed app's manifest and in an SMS sent
// to the test's own 46elks; the logo upload takes a PNG or a safe SVG and refuses anything else in
// Swedish. A fresh install is "Pizzakiosken" with its tagline. Needs the UI build.
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { PDFParse } from 'pdf-parse';
import { Agent, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { startSmtpServer } from '../mail/smtp.js';
import { startElksEndpoint, type ElksEndpoint } from '../mail/elksEndpoint.js';
import { PUSH_CERT } from '../push/pushService.js';

https.globalAgent.options.ca = [...rootCertificates, PUSH_CERT];
setGlobalDispatcher(new Agent({ connect: { ca: [...rootCertificates, PUSH_CERT] } }));

const NAME = 'Lilla Napoli';
const TAGLINE = 'Vedugnspizza vid torget';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#b3261e"/></svg>';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let elks: ElksEndpoint;
let t: TestServer;
let admin: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  smtp = await startSmtpServer();
  elks = await startElksEndpoint({
    username: 'u1',
    password: 'p1',
    reach: (url) => url.replace('http://kiosk.test', t.base),
  });
  t = await startTestServer({
    now: () => MONDAY_MORNING,
    config: { smtpUrl: smtp.url, sms: { username: 'u1', password: 'p1', from: 'Pizzakiosk', baseUrl: elks.url } },
  });
  admin = await t.login();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await elks?.close();
  await smtp?.close();
});

async function html(path: string, cookie?: string): Promise<string> {
  const response = await fetch(t.base + path, { headers: cookie ? { cookie } : {} });
  expect(response.status, path).toBe(200);
  return response.text();
}

const PUBLIC_PAGES = ['/', '/booking', '/my-booking', '/integritet', '/tillganglighet', '/status', '/admin/login'];
const ADMIN_PAGES = [
  '/admin',
  '/admin/bookings',
  '/admin/calendar',
  '/admin/pizzas',
  '/admin/vip',
  '/admin/bonus-codes',
  '/admin/reports',
  '/admin/stats',
  '/admin/settings',
  '/admin/kitchen',
  '/admin/counter',
  '/admin/mail',
  '/admin/customers',
  '/admin/accounts',
];

describe('a fresh install (rule: kiosk-identity)', () => {
  it('is Pizzakiosken with its tagline, no logo', async () => {
    expect((await t.get('/api/kiosk')).body).toEqual({
      name: 'Pizzakiosken',
      tagline: 'Stenugnsbakad pizza, beställd i förväg',
      logo_url: null,
      logo_type: null,
      web_orders_open: true,
    });
    const page = await html('/');
    expect(page).toContain('<title>Pizzakiosken – förbeställ din pizza</title>');
    expect(page).toContain('Stenugnsbakad pizza, beställd i förväg');
  });
});

describe('the name and tagline set over the API (PUT /api/admin/settings)', () => {
  it('refuses a blank name in Swedish and changes nothing', async () => {
    const settings = (await t.get('/api/admin/settings', admin)).body;
    const reply = await t.put('/api/admin/settings', { ...settings, kiosk_name: '  ' }, admin);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('Ange kioskens namn (högst 60 tecken)');
    expect((await t.get('/api/kiosk')).body.name).toBe('Pizzakiosken');
  });

  it('saves them; GET /api/kiosk and the public settings answer them', async () => {
    const settings = (await t.get('/api/admin/settings', admin)).body;
    const reply = await t.put('/api/admin/settings', { ...settings, kiosk_name: NAME, kiosk_tagline: TAGLINE }, admin);
    expect(reply.status).toBe(200);
    expect((await t.get('/api/kiosk')).body).toMatchObject({ name: NAME, tagline: TAGLINE });
    expect((await t.get('/api/settings')).body).toMatchObject({ kiosk_name: NAME, kiosk_tagline: TAGLINE });
  });

  it('a reset keeps them (the kiosk’s identity, like the seller)', async () => {
    expect((await t.post('/api/admin/settings/reset', {}, admin)).status).toBe(200);
    expect((await t.get('/api/kiosk')).body).toMatchObject({ name: NAME, tagline: TAGLINE });
  });

  it('every public page names the kiosk in its title and header, not Pizzakiosken', async () => {
    for (const path of PUBLIC_PAGES) {
      const page = await html(path);
      expect(page, path).toMatch(new RegExp(`<title>[^<]*${NAME}[^<]*</title>`));
      expect(page, path).not.toMatch(/<title>[^<]*Pizzakiosken/);
    }
    const booking = await html('/');
    expect(booking).toContain(`<span class="brand__name">${NAME}</span>`);
    expect(booking).toContain(TAGLINE);
  });

  it('every admin page names the kiosk in its title and header', async () => {
    for (const path of ADMIN_PAGES) {
      const page = await html(path, admin);
      expect(page, path).toMatch(new RegExp(`<title>[^<]*${NAME}[^<]*</title>`));
      expect(page, path).toContain(`${NAME} Admin`);
    }
  });

  it('the installed app’s manifest carries the name', async () => {
    const response = await fetch(t.base + '/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: `${NAME} – förbeställ din pizza`, short_name: NAME, description: TAGLINE });
    expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
  });

  it('a mail ends with the kiosk’s name (a real SMTP server)', async () => {
    const placed = await t.post('/api/bookings', bookingPayload({ email: 'namn@example.se' }));
    expect(placed.status).toBe(201);
    await smtp.waitFor(1);
    for (let i = 0; i < 100 && !smtp.mails.some((m) => m.to.includes('namn@example.se')); i++) await sleep(50);
    const mail = smtp.mails.find((m) => m.to.includes('namn@example.se'))!;
    expect(mail.text).toContain(NAME);
    // The booking's calendar file names the kiosk too.
    const ics = await t.get(`/api/bookings/${placed.body.booking_id}/calendar.ics?email=namn%40example.se`);
    expect(ics.status).toBe(200);
    expect(String(ics.body)).toContain(`LOCATION:${NAME}`);
  });

  it('a PDF report names the kiosk (parsed)', async () => {
    const reply = await t.get('/api/admin/daily-report?date=2026-11-24', admin);
    expect(reply.status).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(reply.body as Buffer) });
    try {
      expect((await parser.getText()).text).toContain(NAME);
    } finally {
      await parser.destroy();
    }
  });

  it('an SMS starts with the kiosk’s name (the test’s own 46elks)', async () => {
    const placed = await t.post(
      '/api/bookings',
      bookingPayload({ time: '12:30', email: 'sms@example.se', phone: '070-222 22 22', sms_when_ready: true }),
    );
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id as string;
    expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
    expect((await t.put(`/api/admin/bookings/${id}/kitchen`, { step: 'baking' }, admin)).status).toBe(200);
    expect((await t.put(`/api/admin/bookings/${id}/kitchen`, { step: 'ready' }, admin)).status).toBe(200);
    await elks.until((all) => all.some((r) => r.fields.message?.includes(id)), 10_000);
    const sms = elks.received.find((r) => r.fields.message?.includes(id))!;
    expect(sms.fields.message).toMatch(new RegExp(`^${NAME}: Din pizza`));
  });
});

describe('the logo (PUT /api/admin/settings/logo)', () => {
  const upload = (bytes: Buffer | string) =>
    t.put('/api/admin/settings/logo', { data_base64: Buffer.from(bytes).toString('base64') }, admin);

  it('refuses a file that is not a PNG or SVG in Swedish, and changes nothing', async () => {
    const reply = await upload('GIF89a not a logo');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Logotypen måste vara en PNG- eller SVG-bild' });
    const script = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(script.status).toBe(400);
    expect(script.body.error).toContain('SVG-bilden får inte innehålla skript');
    expect((await t.get('/api/kiosk')).body.logo_url).toBeNull();
  });

  it('takes a PNG, serves it at its URL and names it on every page', async () => {
    const reply = await upload(PNG);
    expect(reply.status).toBe(200);
    const url = reply.body.logo_url as string;
    expect((await t.get('/api/kiosk')).body).toMatchObject({ logo_url: url, logo_type: 'image/png' });
    const served = await fetch(t.base + url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const page = await html('/my-booking');
    expect(page).toContain(`src="${url.replace('&', '&amp;')}"`);
  });

  it('takes an SVG, which the manifest then lists as an icon of any size', async () => {
    const reply = await upload(SVG);
    expect(reply.status).toBe(200);
    const served = await fetch(t.base + reply.body.logo_url);
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
    const manifest = await (await fetch(t.base + '/manifest.webmanifest')).json();
    expect(manifest.icons).toContainEqual({ src: reply.body.logo_url, sizes: 'any', type: 'image/svg+xml' });
    expect((await t.del('/api/admin/settings/logo', {}, admin)).status).toBe(200);
    expect((await t.get('/api/kiosk')).body.logo_url).toBeNull();
  });
});
