// The admin's Swish calls over the real server (issue 49): GET /api/admin/swish shows what the
// environment set (payee, addresses, the certificate's subject and end, never the key), the
// prepay rule round trip with Swedish refusals (rule: swish-prepay), "Testa anslutningen" making
// a real mutual-TLS call to a Swish of the test's own, and a certificate ending within 30 days
// as an /api/ready alert (rule: swish-certificate). With Swish off the page's call still answers,
// the test refuses in Swedish and nothing is alerted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swishMsg } from '../../domain/settings/swishPrepay.js';
import { startTestServer, type TestServer } from './harness.js';
import { SWISH_PAYEE, startSwishSetup, type SwishSetup } from '../support/swishSetup.js';
import type { TestSwish } from '../support/swishServer.js';

const NOW = new Date('2026-12-07T12:00:00Z');
let setup: SwishSetup | undefined;
let swish: TestSwish;
let on: TestServer;
let off: TestServer;
let onAdmin: string;
let offAdmin: string;

beforeAll(async () => {
  setup = await startSwishSetup('swish-admin', {
    // Ten days left: within the 30 days of the warning.
    certificateEnds: new Date(NOW.getTime() + 10 * 86_400_000 + 3_600_000),
    callbackUrl: 'https://kiosk.example.se/api/swish/callback',
  });
  swish = setup.swish;
  const swishConfig = setup.config;
  [on, off] = await Promise.all([
    startTestServer({ now: () => NOW, config: { swish: swishConfig } }),
    startTestServer({ now: () => NOW }),
  ]);
  [onAdmin, offAdmin] = await Promise.all([on.login(), off.login()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
  await setup?.close();
});

describe('GET /api/admin/swish', () => {
  it('shows what is set: payee, API, callback, the certificate’s subject and end, never the key', async () => {
    const reply = await on.get('/api/admin/swish', onAdmin);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      enabled: true,
      payee: SWISH_PAYEE,
      api_url: swish.url,
      callback_url: 'https://kiosk.example.se/api/swish/callback',
      server_ca: 'file',
      certificate: {
        source: 'pem',
        subject: `CN=${SWISH_PAYEE}, O=Pizzakiosken Test AB`,
        issuer: 'CN=Pizzakiosken Test CA',
        days_left: 10,
        expires_soon: true,
      },
      prepay: { choice: 'never', from_pizzas: null },
    });
    const text = JSON.stringify(reply.body);
    expect(text).not.toMatch(/PRIVATE KEY|BEGIN CERTIFICATE|merchant\.key/);
  });

  it('answers with Swish off too: not enabled, nothing set, the rule never', async () => {
    expect((await off.get('/api/admin/swish', offAdmin)).body).toEqual({
      enabled: false,
      payee: null,
      api_url: null,
      callback_url: null,
      certificate: null,
      server_ca: null,
      prepay: { choice: 'never', from_pizzas: null },
    });
  });

  it('needs a session', async () => {
    expect((await on.get('/api/admin/swish')).status).toBe(401);
  });
});

describe('PUT /api/admin/swish/prepay (rule: swish-prepay)', () => {
  it('saves the choice and its number, and reads it back', async () => {
    const saved = await on.put('/api/admin/swish/prepay', { choice: 'required_from_pizzas', from_pizzas: 4 }, onAdmin);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, prepay: { choice: 'required_from_pizzas', from_pizzas: 4 } });
    expect((await on.get('/api/admin/swish', onAdmin)).body.prepay).toEqual({
      choice: 'required_from_pizzas',
      from_pizzas: 4,
    });
    await on.put('/api/admin/swish/prepay', { choice: 'required_after_no_shows', from_pizzas: 4 }, onAdmin);
    expect((await on.get('/api/admin/swish', onAdmin)).body.prepay).toEqual({
      choice: 'required_after_no_shows',
      from_pizzas: null,
    });
  });

  it('refuses an unknown choice or a bad number with a Swedish 400 and changes nothing', async () => {
    const before = (await on.get('/api/admin/swish', onAdmin)).body.prepay;
    const unknown = await on.put('/api/admin/swish/prepay', { choice: 'ibland' }, onAdmin);
    expect(unknown).toMatchObject({ status: 400, body: { error: swishMsg.prepayChoiceInvalid } });
    const noNumber = await on.put('/api/admin/swish/prepay', { choice: 'required_from_pizzas' }, onAdmin);
    expect(noNumber).toMatchObject({ status: 400, body: { error: swishMsg.prepayPizzasInvalid } });
    const zero = await on.put('/api/admin/swish/prepay', { choice: 'required_from_pizzas', from_pizzas: 0 }, onAdmin);
    expect(zero).toMatchObject({ status: 400, body: { error: swishMsg.prepayPizzasInvalid } });
    expect((await on.get('/api/admin/swish', onAdmin)).body.prepay).toEqual(before);
  });

  it('is kept with Swish off as well (the owner may choose before the certificate arrives)', async () => {
    expect((await off.put('/api/admin/swish/prepay', { choice: 'offered' }, offAdmin)).status).toBe(200);
    expect((await off.get('/api/admin/swish', offAdmin)).body.prepay).toEqual({ choice: 'offered', from_pizzas: null });
  });
});

describe('POST /api/admin/swish/test-connection', () => {
  it('makes a real mutual-TLS call to Swish and answers in Swedish', async () => {
    const before = swish.requests.length;
    const reply = await on.post('/api/admin/swish/test-connection', {}, onAdmin);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ connected: true, status: 404, message: swishMsg.connected(404) });
    expect(reply.body.message).toBe('Anslutningen fungerar: Swish tog emot certifikatet (svarade 404).');
    // It reached Swish with the merchant's certificate, and made nothing there.
    expect(swish.requests.slice(before)).toEqual([
      {
        method: 'GET',
        path: expect.stringMatching(/^\/swish-cpcapi\/api\/v1\/paymentrequests\/[0-9A-F]{32}$/),
        status: 404,
        clientCn: SWISH_PAYEE,
      },
    ]);
    expect(swish.payments.size).toBe(0);
  });

  it('says in Swedish when Swish cannot be reached (here: its server has stopped)', async () => {
    await swish.close();
    const reply = await on.post('/api/admin/swish/test-connection', {}, onAdmin);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ connected: false, status: null });
    expect(reply.body.message).toMatch(
      /^Kunde inte nå Swish \(ECONNREFUSED.*\)\. Kontrollera SWISH_API_URL, SWISH_CA_FILE och nätverket\.$/,
    );
  });

  it('says in Swedish that Swish is off', async () => {
    expect(await off.post('/api/admin/swish/test-connection', {}, offAdmin)).toMatchObject({
      status: 409,
      body: { error: swishMsg.swishOff },
    });
  });
});

describe('GET /api/ready (rule: swish-certificate)', () => {
  it('names swish_certificate_expiring while the certificate ends within 30 days, and not with Swish off', async () => {
    expect((await on.get('/api/ready')).body.alerts).toContain('swish_certificate_expiring');
    expect((await off.get('/api/ready')).body.alerts).not.toContain('swish_certificate_expiring');
  });
});

describe('GET /api/openapi.json', () => {
  it('has the three calls, the prepay choices as an enum', async () => {
    const doc = (await on.get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/admin/swish', '/api/admin/swish/prepay', '/api/admin/swish/test-connection']),
    );
    const body = JSON.stringify(doc.paths['/api/admin/swish/prepay'].put);
    expect(body).toContain(
      '"enum":["never","offered","required_from_pizzas","required_after_no_shows","required_all_web"]',
    );
  });
});
