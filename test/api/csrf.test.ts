// Admin writes are JSON from the kiosk's own site: a form post (text/plain, urlencoded), a write
// without a content type, or one whose Origin/Referer is another site is refused with 403.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MONDAY_MORNING, useTestServer } from './harness.js';

let admin: string;
const t = useTestServer({ now: () => MONDAY_MORNING });
beforeAll(async () => {
  admin = await t.login();
});

const pizza = { name: 'Forgery', description: '', price_cents: 100, active: true, allergens: [] };

async function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(t.base + path, { method, headers: { cookie: admin, ...headers }, body });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

describe('admin writes', () => {
  it.each([
    ['a text/plain form post', { 'content-type': 'text/plain' }, JSON.stringify(pizza)],
    [
      'an urlencoded form post',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'name=Forgery&price_cents=100',
    ],
    ['no content type', {}, undefined],
  ])('refuse %s', async (_name, headers, body) => {
    const reply = await send('POST', '/api/admin/pizzas', headers, body);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: 'Förfrågan måste skickas som JSON' });
  });

  it.each([
    ['another Origin', { origin: 'https://evil.example' }],
    ['an opaque Origin', { origin: 'null' }],
    ['another Referer', { referer: 'https://evil.example/page' }],
    ['a look-alike host', { origin: 'http://kiosk.test.evil.example' }],
  ])('refuse %s', async (_name, headers) => {
    for (const [method, path] of [
      ['POST', '/api/admin/pizzas'],
      ['PUT', '/api/admin/settings'],
      ['DELETE', '/api/admin/pizzas/1'],
      ['POST', '/api/admin/login'],
    ] as const) {
      const reply = await send(
        method,
        path,
        { 'content-type': 'application/json', ...headers },
        JSON.stringify(path.endsWith('login') ? ADMIN : pizza),
      );
      expect(reply.status, `${method} ${path}`).toBe(403);
      expect(reply.body).toEqual({ error: 'Förfrågan nekades: den kom inte från kioskens egen webbplats' });
    }
    // Nothing changed.
    expect((await t.get('/api/admin/pizzas', admin)).body.some((p: { name: string }) => p.name === 'Forgery')).toBe(
      false,
    );
  });

  it('accept JSON from the site itself (its Host or PUBLIC_URL), or without Origin and Referer', async () => {
    const host = new URL(t.base).host;
    const variants: Array<Record<string, string>> = [
      {},
      { origin: t.base },
      { referer: `${t.base}/admin` },
      { origin: 'http://kiosk.test' },
      { origin: `http://${host.toUpperCase()}` },
    ];
    for (const headers of variants) {
      const reply = await send(
        'POST',
        '/api/admin/pizzas',
        { 'content-type': 'application/json; charset=utf-8', ...headers },
        JSON.stringify(pizza),
      );
      expect(reply.status, JSON.stringify(headers)).toBe(201);
    }
    // An empty JSON body is fine (sync-calendar, logout).
    expect(
      (await send('POST', '/api/admin/settings/sync-calendar', { 'content-type': 'application/json', origin: t.base }))
        .status,
    ).toBe(200);
  });

  it('reads stay open to GET without a content type', async () => {
    expect((await send('GET', '/api/admin/me', { origin: 'https://evil.example' })).status).toBe(200);
  });
});
