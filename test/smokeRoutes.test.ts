// deploy/smoke.sh cannot run here (no Docker engine), so its calls are checked against the
// contract instead: every route deploy/smoke/smoke.mjs calls on the app, and the stream the
// Caddyfile leaves unbuffered, is in the generated OpenAPI document with that method; every
// script smoke.sh runs in the image exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './api/harness.js';

const root = join(import.meta.dirname, '..');
const smoke = readFileSync(join(root, 'deploy', 'smoke', 'smoke.mjs'), 'utf8');
const script = readFileSync(join(root, 'deploy', 'smoke.sh'), 'utf8');
const caddyfile = readFileSync(join(root, 'deploy', 'Caddyfile'), 'utf8');

/** `call(base, 'METHOD', path…)` to the app (not the mail catcher or the push sink), path params as {…}. */
function appCalls(): { method: string; path: string }[] {
  const calls = [...smoke.matchAll(/call\(\s*(\w+(?:\[\d\])?),\s*'([A-Z]+)',\s*[`'](\/api\/[^`'?]*)/g)]
    .filter(([, base]) => !['MAILPIT', 'PUSH_SINK'].includes(base))
    .map(([, , method, path]) => ({ method, path: path.replace(/\$\{[^}]+\}/g, '{}') }));
  const fetched = [...smoke.matchAll(/fetch\(`\$\{PROXY\}(\/api\/[^`?]*)`/g)].map(([, path]) => ({
    method: 'GET',
    path,
  }));
  return [...calls, ...fetched];
}

let t: TestServer;
let paths: Record<string, Record<string, any>>;
beforeAll(async () => {
  t = await startTestServer();
  paths = (await t.get('/api/openapi.json')).body.paths;
});
afterAll(() => t.close());

/** The document's path a called path is, its {params} matching any one segment. */
const documented = (path: string) =>
  Object.keys(paths).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+').replace(/\//g, '\\/')}$`).test(path.replace(/\{\}/g, 'x')),
  );

describe('deploy/smoke', () => {
  it('calls only routes of the OpenAPI document, with their methods', () => {
    const calls = appCalls();
    // Booking, confirming, mail log, settings, waitlist, reschedule, push, kitchen, erasure, export.
    expect(calls.length).toBeGreaterThan(20);
    for (const { method, path } of calls) {
      const found = documented(path);
      expect(found, `${method} ${path}`).toBeTruthy();
      expect(paths[found!][method.toLowerCase()], `${method} ${path}`).toBeTruthy();
    }
    const covered = new Set(calls.map(({ method, path }) => `${method} ${documented(path)}`));
    for (const route of [
      'POST /api/bookings',
      'PUT /api/admin/bookings/{id}/confirm',
      'GET /api/admin/mails',
      'POST /api/waitlist',
      'POST /api/waitlist/{token}/book',
      'POST /api/bookings/{id}/reschedule',
      'POST /api/notifications/subscribe',
      'PUT /api/admin/bookings/{id}/kitchen',
      'POST /api/admin/customers/erase',
      'GET /api/admin/live',
    ])
      expect(covered, route).toContain(route);
  });

  it('leaves unbuffered a route that answers a server-sent event stream', () => {
    const live = /@live path (\S+)/.exec(caddyfile)![1];
    const answer = paths[live]?.get?.responses?.['200']?.content;
    expect(Object.keys(answer ?? {})).toContain('text/event-stream');
  });

  it('runs scripts the image has (dist/scripts/*.js built from scripts/*.ts)', () => {
    const scripts = [...script.matchAll(/dist\/scripts\/(\w+)\.js/g)].map(([, name]) => name);
    expect(scripts).toEqual(expect.arrayContaining(['backup', 'restore']));
    for (const name of scripts) expect(existsSync(join(root, 'scripts', `${name}.ts`)), name).toBe(true);
  });
});
