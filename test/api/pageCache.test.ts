// The booking page is rendered once per version of what it shows and then sent as it was kept,
// compressed for clients that take it; a change to the menu, a new minute, a cookie or a query
// means a fresh render. (Needs the UI build: npm test builds it first.)
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MONDAY_MORNING, useTestServer } from './harness.js';

let clock = MONDAY_MORNING.getTime();
const t = useTestServer({ now: () => new Date(clock) });

/** A GET with exactly these headers (fetch would add and undo accept-encoding). */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(t.base + path, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** Waits until the page is kept (x-cache: HIT). */
async function cached(path: string) {
  for (let i = 0; i < 100; i++) {
    const reply = await get(path, { 'accept-encoding': 'gzip' });
    if (reply.headers['x-cache'] === 'HIT') return reply;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} was never served from the cache`);
}

describe('page cache', () => {
  it('serves the same page, compressed as the client asks, with the security headers', async () => {
    const fresh = await get('/');
    expect(fresh.status).toBe(200);
    const html = fresh.body.toString();
    expect(html).toContain('<!DOCTYPE html>');
    const gzipped = await cached('/');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(html);
    expect(gzipped.headers.vary).toBe('accept-encoding');
    expect(gzipped.headers['content-type']).toMatch(/^text\/html/);
    expect(gzipped.headers['content-security-policy']).toContain("default-src 'self'");
    expect(gzipped.headers['x-frame-options']).toBe('DENY');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
  });

  it('a changed menu is on the next page', async () => {
    await cached('/');
    const admin = await t.login();
    const created = await t.post(
      '/api/admin/pizzas',
      { name: 'Cachebrytaren', description: 'Ny på menyn', price_cents: 9900, active: true, allergens: ['gluten'] },
      admin,
    );
    expect(created.status).toBe(201);
    await t.server.projections.waitFor(await t.server.events.headPosition());
    expect((await get('/')).body.toString()).toContain('Cachebrytaren');
  });

  it('events of read models the page does not show (a sign-in) keep the page', async () => {
    await cached('/');
    await t.login();
    await t.server.projections.waitFor(await t.server.events.headPosition());
    expect((await get('/', { 'accept-encoding': 'gzip' })).headers['x-cache']).toBe('HIT');
  });

  it('a page just rendered is compressed too (a first visitor on a phone gets no 35 KB of plain HTML)', async () => {
    clock += 60_000;
    const fresh = await get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(fresh.headers['x-cache']).toBe('MISS');
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(fresh.body).toString()).toContain('<!DOCTYPE html>');
    const withCookie = await get('/', { 'accept-encoding': 'gzip', cookie: 'x=1' });
    expect(withCookie.headers['x-cache']).toBeUndefined();
    expect(withCookie.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(withCookie.body).toString()).toContain('<!DOCTYPE html>');
  });

  it("a new minute renders again (the date and today's slots move with the clock)", async () => {
    const before = await cached('/');
    clock += 60_000;
    const after = await get('/', { 'accept-encoding': 'gzip' });
    expect(after.headers['x-cache']).toBe('MISS');
    expect(before.headers['x-cache']).toBe('HIT');
  });

  it('a visitor with a cookie or a query gets a fresh render', async () => {
    await cached('/');
    expect((await get('/', { 'accept-encoding': 'gzip', cookie: 'x=1' })).headers['x-cache']).toBeUndefined();
    const withQuery = await get('/?vip=finns-inte', { 'accept-encoding': 'gzip' });
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers['x-cache']).toBeUndefined();
  });

  it('the lookup page is kept too; an unknown page is not', async () => {
    await cached('/my-booking');
    const missing = await get('/finns-inte', { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['x-cache']).toBeUndefined();
  });
});
