// Every answer is JSON {error: "<svensk text>"} also when the framework refuses a request itself,
// and carries the security headers; private answers are not cached; a VIP link shows no e-mail.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../api/http/securityHeaders.js';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });

async function raw(method: string, path: string, init: { body?: string; type?: string } = {}) {
  const response = await fetch(t.base + path, {
    method,
    headers: init.type ? { 'content-type': init.type } : {},
    body: init.body,
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : text };
}

/** A request as bytes on a socket, for what fetch refuses to send. */
function rawSocket(bytes: string): Promise<string> {
  const { port } = new URL(t.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('framework refusals answer JSON with a Swedish error', () => {
  it.each([
    ['a URL that cannot be decoded', 'GET', '/api/vip/access/%E0%A4%A', {}, 400, 'Ogiltig förfrågan'],
    ['an over-long route parameter', 'GET', `/api/vip/access/${'x'.repeat(300)}`, {}, 414, 'Ogiltig förfrågan'],
    [
      'an unsupported media type',
      'POST',
      '/api/bookings',
      { body: 'date=2026-11-24', type: 'application/x-www-form-urlencoded' },
      415,
      'Innehållstypen stöds inte. Skicka JSON.',
    ],
    [
      'text that is not JSON',
      'POST',
      '/api/bookings',
      { body: '{"date":', type: 'application/json' },
      400,
      'Ogiltig förfrågan',
    ],
    ['an unknown /api path', 'GET', '/api/finns-inte', {}, 404, 'Hittades inte'],
    ['an unknown /api/admin path', 'POST', '/api/admin/finns-inte', {}, 404, 'Hittades inte'],
    ['a method the path does not take', 'DELETE', '/api/bookings', {}, 405, 'Metoden stöds inte för denna adress'],
    [
      'a method a parameterised path does not take',
      'GET',
      '/api/bookings/20261124-1/cancel-public',
      {},
      405,
      'Metoden stöds inte för denna adress',
    ],
  ] as const)('%s', async (_name, method, path, init, status, error) => {
    const reply = await raw(method, path, init);
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ error });
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('405 names the methods the path takes', async () => {
    expect((await raw('PATCH', '/api/bookings')).headers.get('allow')).toBe('POST');
  });

  it('a request Node cannot parse', async () => {
    const answer = await rawSocket('GET /api/pizzas HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ error: 'Ogiltig förfrågan' }));
  });
});

describe('security headers', () => {
  it('every answer carries nosniff, same-origin referrers, no framing and the CSP', async () => {
    // '/' is the UI's page when it is built, a 404 otherwise: headers either way.
    for (const reply of [
      await raw('GET', '/api/pizzas'),
      await raw('GET', '/api/finns-inte'),
      await raw('GET', '/'),
      await raw('GET', '/theme-init.js'),
    ]) {
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('referrer-policy')).toBe('same-origin');
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      const csp = reply.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("form-action 'self'");
      // http://localhost keeps working outside production.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(reply.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('pages also carry the document-only headers; API answers leave them out', async () => {
    const documentOnly = {
      'cross-origin-opener-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const path of ['/', '/theme-init.js', '/api/docs']) {
      const reply = await raw('GET', path);
      for (const [name, value] of Object.entries(documentOnly))
        expect(reply.headers.get(name), `${path} ${name}`).toBe(value);
      expect(reply.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
    const api = await raw('GET', '/api/pizzas');
    expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of Object.keys(documentOnly)) expect(api.headers.get(name), name).toBeNull();
  });

  it('production upgrades insecure requests', () => {
    expect(contentSecurityPolicy({ production: true })).toHaveProperty('upgrade-insecure-requests');
  });
});

describe('private answers', () => {
  it('lookup, the calendar file, public cancel and every admin answer are not cached', async () => {
    const booked = await t.post('/api/bookings', bookingPayload());
    const id = booked.body.booking_id;
    const lookup = await t.post('/api/bookings/lookup', { email: 'asa@example.se', booking_id: id });
    expect(lookup.headers.get('cache-control')).toBe('no-store');
    const wrong = await t.post('/api/bookings/lookup', { email: 'fel@example.se', booking_id: id });
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    expect((await t.get(`/api/bookings/${id}/calendar.ics?email=asa@example.se`)).headers.get('cache-control')).toBe(
      'no-store',
    );
    const cancelled = await t.post(`/api/bookings/${id}/cancel-public`, { email: 'asa@example.se' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers.get('cache-control')).toBe('no-store');
    const admin = await t.login();
    for (const path of ['/api/admin/bookings', '/api/admin/me', '/api/admin/settings']) {
      expect((await t.get(path, admin)).headers.get('cache-control')).toBe('no-store');
    }
    expect((await t.get('/api/admin/bookings')).headers.get('cache-control')).toBe('no-store');
    expect(
      (await t.post('/api/admin/login', { email: 'x@example.se', password: 'y' })).headers.get('cache-control'),
    ).toBe('no-store');
  });

  it('a VIP link shows the customer without the e-mail address', async () => {
    const admin = await t.login();
    const customer = await t.post(
      '/api/admin/vip-customers',
      { email: 'vip@example.se', name: 'Vera V.', phone: '', notes: '' },
      admin,
    );
    const link = await t.post('/api/admin/vip-links/generate', { vip_customer_id: customer.body.id }, admin);
    const access = await t.get(`/api/vip/access/${link.body.token}`);
    expect(access.status).toBe(200);
    expect(access.body).toEqual({
      id: customer.body.id,
      name: 'Vera V.',
      vip_date: null,
      customer: { id: customer.body.id, name: 'Vera V.', vip_date: null },
      message: 'Välkommen! Du har VIP-tillgång 👑',
    });
    expect(JSON.stringify(access.body)).not.toContain('vip@example.se');
  });
});
