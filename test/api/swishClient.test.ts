// The Swish client (api/swish/client.ts, issue 49) against a Swish of the test's own
// (test/support/swishServer.ts): HTTPS on loopback that checks the client certificate against a
// CA the test made. A payment request is made once per booking (the id derived from it), its
// status goes PAID, DECLINED or ERROR with Swish's codes, refunds go through and are refused with
// theirs, callbacks arrive over HTTPS, and a caller without the merchant's certificate gets no
// connection. Also the environment's Swish settings (api/swish/config.ts), read from real files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ConfigError, configFromEnv } from '../../api/config.js';
import {
  swishClient,
  swishAmount,
  swishInstructionId,
  swishMessage,
  type SwishClient,
} from '../../api/swish/client.js';
import type { SwishConfig } from '../../api/swish/config.js';
import { makeTestCa, type TestCa, type TestCertificate } from '../support/testCa.js';
import { startTestSwish, type TestSwish } from '../support/swishServer.js';

const PAYEE = '1231181189';
let ca: TestCa;
let merchant: TestCertificate;
let swish: TestSwish;
let client: SwishClient;
let callbackServer: Server;
let callbackUrl: string;
const received: unknown[] = [];
let dir: string;

function configWith(cert: TestCertificate, overrides: Partial<SwishConfig> = {}): SwishConfig {
  return {
    apiUrl: swish.url,
    payee: PAYEE,
    credentials: { kind: 'pem', cert: Buffer.from(cert.cert), key: Buffer.from(cert.key) },
    ca: Buffer.from(ca.cert),
    callbackUrl,
    certificate: {
      subject: `CN=${PAYEE}`,
      issuer: 'CN=Test',
      validFrom: new Date(),
      validTo: new Date(),
      fingerprint256: '',
    },
    files: { cert: null, key: null, pfx: null, ca: null },
    ...overrides,
  };
}

beforeAll(async () => {
  ca = makeTestCa();
  merchant = ca.client({ commonName: PAYEE });
  const serverCert = ca.server();
  // The kiosk's callback endpoint: HTTPS, as Swish calls back over HTTPS only.
  callbackServer = createServer({ key: serverCert.key, cert: serverCert.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  callbackUrl = `https://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/api/swish/callback`;
  swish = await startTestSwish({ server: serverCert, clientCa: ca.cert, callbackCa: ca.cert, settleAfterMs: 100 });
  client = swishClient(configWith(merchant));
  dir = mkdtempSync(join(tmpdir(), 'swish-config-'));
}, 60_000);

afterAll(async () => {
  client?.close();
  await swish?.close();
  await new Promise<void>((resolve) => (callbackServer ? callbackServer.close(() => resolve()) : resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('swishInstructionId', () => {
  it('is 32 upper-case hex characters, the same for the same booking, another for another or for its refund', () => {
    const id = swishInstructionId('payment', '20261207-3');
    expect(id).toMatch(/^[0-9A-F]{32}$/);
    expect(swishInstructionId('payment', '20261207-3')).toBe(id);
    expect(swishInstructionId('payment', '20261207-4')).not.toBe(id);
    expect(swishInstructionId('refund', '20261207-3')).not.toBe(id);
  });

  it('amounts in öre become kronor with two decimals; the message keeps to Swish’s characters and 50 of them', () => {
    expect(swishAmount(14_900)).toBe('149.00');
    expect(swishAmount(12_345)).toBe('123.45');
    expect(() => swishAmount(99)).toThrow(RangeError);
    expect(swishMessage('Order 20261207-3 <Pizzakiosken> & co')).toBe('Order 20261207-3 Pizzakiosken co');
    expect(swishMessage('x'.repeat(80))).toHaveLength(50);
  });
});

describe('PUT /api/v2/paymentrequests/{instructionUUID}', () => {
  it('makes the request once: 201 with the m-commerce token, and a retry of the same id makes no second one', async () => {
    const id = swishInstructionId('payment', 'once-1');
    const made = await client.createPaymentRequest(id, { amountOre: 14_900, message: 'Order once-1' });
    expect(made).toMatchObject({ ok: true, status: 201, value: { id, token: expect.stringMatching(/^token-/) } });
    expect(swish.payments.get(id)).toMatchObject({ amount: 149, currency: 'SEK', payeeAlias: PAYEE, callbackUrl });

    // The answer was lost and the caller tries again: Swish refuses the id (RP09), the client finds it.
    const again = await client.createPaymentRequest(id, { amountOre: 14_900, message: 'Order once-1' });
    expect(again).toMatchObject({ ok: true, value: { id, token: null } });
    expect([...swish.payments.keys()].filter((k) => k === id)).toHaveLength(1);
  });

  it('goes PAID after a while, with the bank’s reference, and Swish calls back with it over HTTPS', async () => {
    const id = swishInstructionId('payment', 'paid-1');
    expect((await client.createPaymentRequest(id, { amountOre: 23_850, message: 'Order paid-1' })).ok).toBe(true);
    const first = await client.paymentRequest(id);
    expect(first).toMatchObject({ ok: true, value: { id, status: 'CREATED', paymentReference: null } });
    await vi.waitFor(
      async () =>
        expect(await client.paymentRequest(id)).toMatchObject({ ok: true, value: { status: 'PAID', amount: 238.5 } }),
      { timeout: 5000, interval: 50 },
    );
    await vi.waitFor(() => expect(received).toContainEqual(expect.objectContaining({ id, status: 'PAID' })), {
      timeout: 5000,
      interval: 50,
    });
  });

  it('goes DECLINED, or ERROR with Swish’s error code', async () => {
    const declined = swishInstructionId('payment', 'declined-1');
    const failed = swishInstructionId('payment', 'error-1');
    await client.createPaymentRequest(declined, { amountOre: 10_000, message: 'DECLINED' });
    await client.createPaymentRequest(failed, { amountOre: 10_000, message: 'RF07' });
    await vi.waitFor(
      async () => {
        expect(await client.paymentRequest(declined)).toMatchObject({ ok: true, value: { status: 'DECLINED' } });
        expect(await client.paymentRequest(failed)).toMatchObject({
          ok: true,
          value: { status: 'ERROR', errorCode: 'RF07', errorMessage: 'Transaction declined' },
        });
      },
      { timeout: 5000, interval: 50 },
    );
  });

  it('keeps Swish’s error codes when it refuses the request (422), and 404 of an unknown id', async () => {
    const refused = await client.createPaymentRequest(swishInstructionId('payment', 'refused-1'), {
      amountOre: 10_000,
      message: 'ACMT03',
    });
    expect(refused).toEqual({
      ok: false,
      kind: 'refused',
      status: 422,
      errors: [{ errorCode: 'ACMT03', errorMessage: 'Payer not Enrolled', additionalInformation: null }],
    });
    const http = swishClient(configWith(merchant, { callbackUrl: 'http://kiosk.test/api/swish/callback' }));
    try {
      const noHttps = await http.createPaymentRequest(swishInstructionId('payment', 'refused-2'), {
        amountOre: 10_000,
        message: 'x',
      });
      expect(noHttps).toMatchObject({ ok: false, kind: 'refused', status: 422, errors: [{ errorCode: 'RP03' }] });
    } finally {
      http.close();
    }
    expect(await client.paymentRequest('0'.repeat(32))).toMatchObject({ ok: false, kind: 'refused', status: 404 });
  });

  it('is refused (403) for a Swish number that is not the certificate’s', async () => {
    const other = swishClient(configWith(merchant, { payee: '1239999999' }));
    try {
      expect(
        await other.createPaymentRequest(swishInstructionId('payment', 'other-payee'), {
          amountOre: 10_000,
          message: 'x',
        }),
      ).toMatchObject({ ok: false, kind: 'refused', status: 403, errors: [] });
    } finally {
      other.close();
    }
  });
});

describe('PUT /api/v2/refunds/{instructionUUID}', () => {
  it('refunds a paid payment by its reference, once; more than was paid is refused with RF08', async () => {
    const paymentId = swishInstructionId('payment', 'refund-me');
    await client.createPaymentRequest(paymentId, { amountOre: 20_000, message: 'Order refund-me' });
    await vi.waitFor(
      async () => expect(await client.paymentRequest(paymentId)).toMatchObject({ ok: true, value: { status: 'PAID' } }),
      { timeout: 5000, interval: 50 },
    );
    const paid = await client.paymentRequest(paymentId);
    const reference = paid.ok ? paid.value.paymentReference! : '';

    const refundId = swishInstructionId('refund', 'refund-me');
    const made = await client.createRefund(refundId, {
      originalPaymentReference: reference,
      amountOre: 20_000,
      message: 'Återbetalning refund-me',
    });
    expect(made).toMatchObject({ ok: true, status: 201, value: { id: refundId } });
    await vi.waitFor(
      async () =>
        expect(await client.refund(refundId)).toMatchObject({
          ok: true,
          value: { status: 'PAID', originalPaymentReference: reference, amount: 200 },
        }),
      { timeout: 5000, interval: 50 },
    );
    await vi.waitFor(() => expect(received).toContainEqual(expect.objectContaining({ id: refundId, status: 'PAID' })), {
      timeout: 5000,
      interval: 50,
    });
    // The same refund again makes nothing new (RP09); another over what is left: RF08.
    expect(
      await client.createRefund(refundId, { originalPaymentReference: reference, amountOre: 20_000, message: 'x' }),
    ).toMatchObject({ ok: false, kind: 'refused', errors: [{ errorCode: 'RP09' }] });
    expect(swish.refunds.size).toBe(1);
    expect(
      await client.createRefund(swishInstructionId('refund', 'refund-me-2'), {
        originalPaymentReference: reference,
        amountOre: 100,
        message: 'x',
      }),
    ).toMatchObject({ ok: false, kind: 'refused', status: 422, errors: [{ errorCode: 'RF08' }] });
    expect(
      await client.createRefund(swishInstructionId('refund', 'nothing-paid'), {
        originalPaymentReference: 'NOSUCHREFERENCE',
        amountOre: 100,
        message: 'x',
      }),
    ).toMatchObject({ ok: false, kind: 'refused', errors: [{ errorCode: 'RF02' }] });
  });
});

describe('mutual TLS', () => {
  it('refuses a caller without a client certificate: no HTTP answer at all', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const req = httpsRequest(`${swish.url}/api/v1/paymentrequests/${'0'.repeat(32)}`, { ca: ca.cert }, (res) =>
        resolve(`answered ${res.statusCode}`),
      );
      req.on('error', (error: NodeJS.ErrnoException) => resolve(`refused ${error.code ?? error.message}`));
      req.end();
    });
    expect(outcome).toMatch(/^refused /);
  });

  it('“Testa anslutningen”: connected with the merchant’s certificate, not with one of another CA', async () => {
    expect(await client.checkConnection()).toEqual({ connected: true, status: 404 });
    const stranger = makeTestCa('Someone else').client({ commonName: PAYEE });
    const wrong = swishClient(configWith(stranger));
    try {
      expect(await wrong.checkConnection()).toMatchObject({ connected: false, reason: 'unreachable' });
    } finally {
      wrong.close();
    }
    // A certificate of the CA for a number not enrolled: Swish answers 401.
    const notEnrolled = await startTestSwish({
      server: ca.server(),
      clientCa: ca.cert,
      enrolled: ['1239999999'],
    });
    const refused = swishClient(configWith(merchant, { apiUrl: notEnrolled.url }));
    try {
      expect(await refused.checkConnection()).toEqual({ connected: false, reason: 'certificate_refused', status: 401 });
      expect(
        await refused.createPaymentRequest(swishInstructionId('payment', 'not-enrolled'), {
          amountOre: 10_000,
          message: 'x',
        }),
      ).toEqual({ ok: false, kind: 'refused', status: 401, errors: [] });
    } finally {
      refused.close();
      await notEnrolled.close();
    }
    const untrusted = swishClient(configWith(merchant, { ca: null }));
    try {
      // Swish's server is checked too: without the root it chains to, no connection.
      expect(await untrusted.checkConnection()).toMatchObject({ connected: false, reason: 'unreachable' });
    } finally {
      untrusted.close();
    }
  });
});

describe('the environment (SWISH_*)', () => {
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const problems = (env: NodeJS.ProcessEnv) => {
    try {
      configFromEnv(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('leaves Swish off without SWISH_PAYEE, and says so when a SWISH_ variable is set without it', () => {
    expect(configFromEnv({}).swish).toBeNull();
    expect(problems({ SWISH_CERT_FILE: '/x.pem' })).toEqual([
      expect.stringMatching(/^SWISH_CERT_FILE=.*set SWISH_PAYEE to turn Swish on/),
    ]);
  });

  it('reads PEM files: the certificate’s subject and end, the production API and the callback from SITE_DOMAIN', () => {
    const swishCfg = configFromEnv({
      SWISH_PAYEE: '123 118 11 89',
      SWISH_CERT_FILE: file('merchant.pem', merchant.cert),
      SWISH_KEY_FILE: file('merchant.key', merchant.key),
      SITE_DOMAIN: 'pizza.example.se',
    }).swish!;
    expect(swishCfg).toMatchObject({
      payee: PAYEE,
      apiUrl: 'https://cpc.getswish.net/swish-cpcapi',
      callbackUrl: 'https://pizza.example.se/api/swish/callback',
      ca: null,
      certificate: { subject: `CN=${PAYEE}, O=Pizzakiosken Test AB` },
    });
    expect(swishCfg.certificate.validTo.getTime()).toBeGreaterThan(Date.now() + 700 * 86_400_000);
  });

  it('reads a PKCS#12 file with its passphrase file, and the callback from an https PUBLIC_URL', () => {
    const swishCfg = configFromEnv({
      SWISH_PAYEE: PAYEE,
      SWISH_PFX_FILE: file('merchant.p12', merchant.pfx('hemligt lösen')),
      SWISH_PASSPHRASE_FILE: file('passphrase', 'hemligt lösen\n'),
      SWISH_CA_FILE: file('swish-root.pem', ca.cert),
      SWISH_API_URL: 'https://mss.cpc.getswish.net/swish-cpcapi/',
      PUBLIC_URL: 'https://kiosk.example.se',
    }).swish!;
    expect(swishCfg).toMatchObject({
      apiUrl: 'https://mss.cpc.getswish.net/swish-cpcapi',
      callbackUrl: 'https://kiosk.example.se/api/swish/callback',
      credentials: { kind: 'pfx' },
      certificate: { subject: `CN=${PAYEE}, O=Pizzakiosken Test AB` },
    });
    expect(swishCfg.ca).not.toBeNull();
  });

  it('stops the start on a bad number, a key that is not the certificate’s, a wrong passphrase, no https callback', () => {
    const other = ca.client({ commonName: PAYEE });
    expect(
      problems({
        SWISH_PAYEE: '0701234567',
        SWISH_CERT_FILE: file('a.pem', merchant.cert),
        SWISH_KEY_FILE: file('b.key', other.key),
        SWISH_CALLBACK_URL: 'http://kiosk.test/api/swish/callback',
      }),
    ).toEqual([
      expect.stringMatching(/^SWISH_PAYEE=.*123 and seven digits/),
      expect.stringMatching(/^SWISH_CALLBACK_URL=.*https:\/\/ URL on port 443/),
      expect.stringMatching(/^SWISH_KEY_FILE=.*is not the private key/),
    ]);
    expect(
      problems({
        SWISH_PAYEE: PAYEE,
        SWISH_PFX_FILE: file('c.p12', merchant.pfx('rätt')),
        SWISH_PASSPHRASE_FILE: file('wrong', 'fel'),
        SITE_DOMAIN: 'pizza.example.se',
      }),
    ).toEqual([expect.stringMatching(/^SWISH_PFX_FILE=.*could not be opened with the passphrase/)]);
    expect(problems({ SWISH_PAYEE: PAYEE, SITE_DOMAIN: 'pizza.example.se' })).toEqual([
      expect.stringMatching(/^SWISH_CERT_FILE=.*expected the client certificate/),
    ]);
    expect(
      problems({
        SWISH_PAYEE: PAYEE,
        SWISH_CERT_FILE: file('d.pem', merchant.cert),
        SWISH_KEY_FILE: file('d.key', merchant.key),
      }),
    ).toEqual([expect.stringMatching(/^SWISH_CALLBACK_URL=.*set it, or SITE_DOMAIN/)]);
  });
});
