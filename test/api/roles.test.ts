// Roles and accounts over the API (rules: admin-roles, admin-accounts, admin-bootstrap): every
// /api/admin route in the OpenAPI document, called with a staff session, answers 403 exactly where
// only the owner may go (a route not listed below as staff's is the owner's: new routes start
// owner-only); the owner adds, resets and removes accounts; everyone changes their own password;
// ADMIN_EMAIL/ADMIN_PASSWORD make the first owner once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MONDAY_MORNING, startTestServer, type TestServer } from './harness.js';

const OWNER_ONLY = 'Det här får bara ägaren göra';
const STAFF = { name: 'Kim Kock', email: 'kim@pizzakiosken.test', role: 'staff', password: 'Kims-lösen-1234' };

/** What staff may call (method and OpenAPI path under /api/admin); everything else is the owner's. */
const STAFF_ROUTES = new Set([
  // their own account
  'POST /logout',
  'GET /me',
  'PUT /me/password',
  // bookings (the list, a booking, its history and changes, the live stream, staff orders, the queue)
  'GET /live',
  'GET /bookings',
  'GET /bookings/{id}',
  'GET /bookings/{id}/history',
  'PUT /bookings/{id}/confirm',
  'PUT /bookings/{id}/cancel',
  'POST /staff-orders',
  'GET /waitlist',
  // kitchen
  'GET /kitchen',
  'PUT /bookings/{id}/kitchen',
  // counter (and the menu it lists)
  'GET /pizzas',
  'PUT /sold-out/{id}',
  'DELETE /sold-out/{id}',
  'GET /sold-out/{id}/bookings',
  'POST /sold-out/{id}/offers',
  'PUT /pizzas/{id}/daily-stock',
  'POST /stock-pools',
  'PUT /stock-pools/{id}',
  'DELETE /stock-pools/{id}',
  'PUT /web-pause',
  'DELETE /web-pause',
  'POST /slot-delays',
  'POST /slot-delays/undo',
  // mail log
  'GET /mails',
  'POST /mails/failed/seen',
  'POST /mails/{id}/resend',
]);

async function loginAs(t: TestServer, email: string, password: string) {
  const reply = await t.post('/api/admin/login', { email, password });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { cookie: (reply.headers.get('set-cookie') ?? '').split(';')[0], user: reply.body.user };
}

describe('roles on every admin route (rule: admin-roles)', () => {
  let t: TestServer;
  let owner: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestServer({ now: () => MONDAY_MORNING });
    owner = await t.login();
    expect((await t.post('/api/admin/admins', STAFF, owner)).status).toBe(201);
    staff = (await loginAs(t, STAFF.email, STAFF.password)).cookie;
  });
  afterAll(() => t?.close());

  it('the OpenAPI document names the roles of every admin route; owner-only ones document the 403', async () => {
    const doc = (await t.get('/api/openapi.json')).body;
    let count = 0;
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      if (!path.startsWith('/api/admin/') || path === '/api/admin/login') continue;
      for (const [method, op] of Object.entries<any>(ops)) {
        count++;
        const key = `${method.toUpperCase()} ${path.slice('/api/admin'.length)}`;
        const staffMay = STAFF_ROUTES.has(key);
        expect(op['x-roles'], key).toEqual(staffMay ? ['owner', 'staff'] : ['owner']);
        expect(op.description, key).toContain(staffMay ? 'ägaren och personalen' : 'Får användas av: ägaren.');
        if (!staffMay) expect(Object.keys(op.responses), key).toContain('403');
      }
    }
    expect(count).toBeGreaterThan(60);
    // Every route staff may use exists (a renamed route is noticed here).
    const documented = new Set(
      Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.slice('/api/admin'.length)}`),
      ),
    );
    for (const key of STAFF_ROUTES) expect(documented.has(key), key).toBe(true);
  });

  it('a staff session gets 403 with a Swedish {error} on every owner-only route, and is let through on its own', async () => {
    const doc = (await t.get('/api/openapi.json')).body;
    const refusedWrongly: string[] = [];
    const letThrough: string[] = [];
    for (const [path, ops] of Object.entries<Record<string, unknown>>(doc.paths)) {
      if (!path.startsWith('/api/admin/') || path === '/api/admin/login') continue;
      for (const method of Object.keys(ops)) {
        const key = `${method.toUpperCase()} ${path.slice('/api/admin'.length)}`;
        // The live stream never ends and logout would end the session: both are checked below.
        if (key === 'GET /live' || key === 'POST /logout') continue;
        const url = path.replace('{period}', '2026-11').replace(/\{[^}]+\}/g, '1');
        const reply = await t.request(method.toUpperCase(), url, method === 'get' ? undefined : {}, staff);
        if (STAFF_ROUTES.has(key)) {
          if (reply.status === 403 || reply.status === 401) refusedWrongly.push(`${key}: ${reply.status}`);
        } else {
          if (reply.status !== 403) letThrough.push(`${key}: ${reply.status}`);
          else expect(reply.body, key).toEqual({ error: OWNER_ONLY });
        }
      }
    }
    expect(refusedWrongly).toEqual([]);
    expect(letThrough).toEqual([]);
  });

  it('staff read their screens with 2xx; the owner reads the owner-only ones', async () => {
    for (const path of ['/me', '/bookings', '/kitchen', '/pizzas', '/mails', '/waitlist?date=2026-11-24']) {
      const reply = await t.get(`/api/admin${path}`, staff);
      expect(reply.status, path).toBe(200);
    }
    expect((await t.get('/api/admin/me', staff)).body.user).toMatchObject({ email: STAFF.email, role: 'staff' });
    for (const path of ['/settings', '/admins', '/stats/overview', '/customers/export?email=a@b.se']) {
      expect((await t.get(`/api/admin${path}`, staff)).status, path).toBe(403);
      expect((await t.get(`/api/admin${path}`, owner)).status, path).toBe(200);
    }
    // A write staff may not do changes nothing.
    const before = (await t.get('/api/admin/settings', owner)).body;
    expect((await t.put('/api/admin/settings', { ...before, capacity_per_window: 1 }, staff)).status).toBe(403);
    expect((await t.get('/api/admin/settings', owner)).body).toEqual(before);
    // The live stream opens for staff.
    const controller = new AbortController();
    const live = await fetch(`${t.base}/api/admin/live`, { headers: { cookie: staff }, signal: controller.signal });
    expect(live.status).toBe(200);
    controller.abort();
  });
});

describe('accounts (rule: admin-accounts)', () => {
  let t: TestServer;
  let owner: string;
  beforeAll(async () => {
    t = await startTestServer({ now: () => MONDAY_MORNING });
    owner = await t.login();
  });
  afterAll(() => t?.close());

  it('the owner adds a staff account, who signs in; the list shows roles, never a hash', async () => {
    const added = await t.post('/api/admin/admins', STAFF, owner);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: 2, name: STAFF.name, email: STAFF.email, role: 'staff' });
    const list = (await t.get('/api/admin/admins', owner)).body;
    expect(list).toEqual([
      { id: 1, name: 'Administratör', email: ADMIN.email, role: 'owner' },
      { id: 2, name: STAFF.name, email: STAFF.email, role: 'staff' },
    ]);
    const { user } = await loginAs(t, STAFF.email, STAFF.password);
    expect(user).toEqual(added.body);
    const events = await t.server.events.readStream('admins', 0);
    expect(events.find((e) => e.type === 'AdminCreated' && (e.data as { id: number }).id === 2)!.data).toMatchObject({
      role: 'staff',
      added_by: ADMIN.email,
    });
  });

  it('bad input gets a Swedish 4xx and adds nothing', async () => {
    const cases: Array<[object, number, string]> = [
      [{ ...STAFF, email: 'KIM@pizzakiosken.test' }, 409, 'Det finns redan ett konto med den e-postadressen'],
      [{ ...STAFF, email: 'ny@x.se', password: 'kort' }, 400, 'Lösenordet måste vara minst 12 tecken'],
      [{ ...STAFF, email: 'ny@x.se', role: 'chef' }, 400, 'Välj ägare eller personal'],
      [{ ...STAFF, email: 'ny@x.se', name: '  ' }, 400, 'Namn krävs'],
      [{ ...STAFF, email: 'inte-en-adress' }, 400, 'Ogiltig e-postadress'],
    ];
    for (const [body, status, error] of cases) {
      const reply = await t.post('/api/admin/admins', body, owner);
      expect(reply.status).toBe(status);
      expect(reply.body).toEqual({ error });
    }
    expect((await t.get('/api/admin/admins', owner)).body).toHaveLength(2);
  });

  it('everyone changes their own password: the current one must match; other sessions end, this one goes on', async () => {
    const a = await loginAs(t, STAFF.email, STAFF.password);
    const b = await loginAs(t, STAFF.email, STAFF.password);
    const wrong = await t.put(
      '/api/admin/me/password',
      { current_password: 'fel', new_password: 'Nytt-lösen-5678' },
      a.cookie,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'Nuvarande lösenord stämmer inte' });
    const short = await t.put(
      '/api/admin/me/password',
      { current_password: STAFF.password, new_password: 'kort' },
      a.cookie,
    );
    expect(short.body).toEqual({ error: 'Lösenordet måste vara minst 12 tecken' });
    const ok = await t.put(
      '/api/admin/me/password',
      { current_password: STAFF.password, new_password: 'Nytt-lösen-5678' },
      a.cookie,
    );
    expect(ok.status).toBe(200);
    expect((await t.get('/api/admin/me', a.cookie)).status).toBe(200);
    expect((await t.get('/api/admin/me', b.cookie)).status).toBe(401);
    expect((await t.post('/api/admin/login', { email: STAFF.email, password: STAFF.password })).status).toBe(401);
    await loginAs(t, STAFF.email, 'Nytt-lösen-5678');
  });

  it("the owner resets a colleague's password: their sessions end and the new one signs in", async () => {
    const kim = await loginAs(t, STAFF.email, 'Nytt-lösen-5678');
    expect((await t.put('/api/admin/admins/2/password', { password: 'Återställt-lösen-9' }, owner)).status).toBe(200);
    expect((await t.get('/api/admin/me', kim.cookie)).status).toBe(401);
    await loginAs(t, STAFF.email, 'Återställt-lösen-9');
    // Staff reset nobody's password; the owner resets not their own (that is a change).
    const again = await loginAs(t, STAFF.email, 'Återställt-lösen-9');
    expect((await t.put('/api/admin/admins/1/password', { password: 'Kapat-lösen-12345' }, again.cookie)).status).toBe(
      403,
    );
    expect((await t.put('/api/admin/admins/1/password', { password: 'Eget-lösen-12345' }, owner)).body).toEqual({
      error: 'Byt ditt eget lösenord under Byt lösenord',
    });
    const events = await t.server.events.readStream('admins', 0);
    expect(events.find((e) => e.type === 'AdminPasswordReset')!.data).toMatchObject({ id: 2, reset_by: ADMIN.email });
  });

  it('the last owner is neither removed nor made staff', async () => {
    const demote = await t.put('/api/admin/admins/1/role', { role: 'staff' }, owner);
    expect(demote.status).toBe(400);
    expect(demote.body).toEqual({ error: 'Det måste finnas minst en ägare' });
    expect((await t.get('/api/admin/me', owner)).body.user.role).toBe('owner');
    expect((await t.del('/api/admin/admins/1', undefined, owner)).body).toEqual({
      error: 'Du kan inte ta bort dig själv',
    });
  });

  it("a removed account's sessions end at once and it signs in no more", async () => {
    const kim = await loginAs(t, STAFF.email, 'Återställt-lösen-9');
    expect((await t.get('/api/admin/bookings', kim.cookie)).status).toBe(200);
    expect((await t.del('/api/admin/admins/2', undefined, owner)).status).toBe(200);
    const after = await t.get('/api/admin/bookings', kim.cookie);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Du måste logga in' });
    expect((await t.post('/api/admin/login', { email: STAFF.email, password: 'Återställt-lösen-9' })).status).toBe(401);
  });
});

describe('ADMIN_EMAIL / ADMIN_PASSWORD make the first owner once (rule: admin-bootstrap)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-bootstrap-'));
  let t: TestServer | undefined;
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const restart = async (config: Record<string, string> = {}) => {
    await t?.close();
    t = await startTestServer({ dataDir, now: () => MONDAY_MORNING, config });
    return t;
  };

  it('a password changed in the app stays across starts; other variables at a start change nothing', async () => {
    let s = await restart();
    const owner = await s.login();
    expect((await s.get('/api/admin/me', owner)).body.user).toMatchObject({ email: ADMIN.email, role: 'owner' });
    const changed = await s.put(
      '/api/admin/me/password',
      { current_password: ADMIN.password, new_password: 'Ändrat-i-appen-42' },
      owner,
    );
    expect(changed.status).toBe(200);
    s = await restart();
    expect((await s.post('/api/admin/login', ADMIN)).status).toBe(401);
    await loginAs(s, ADMIN.email, 'Ändrat-i-appen-42');
    s = await restart({ adminEmail: 'annan@pizzakiosken.test', adminPassword: 'Annat-lösen-9999' });
    expect(
      (await s.post('/api/admin/login', { email: 'annan@pizzakiosken.test', password: 'Annat-lösen-9999' })).status,
    ).toBe(401);
    const { cookie } = await loginAs(s, ADMIN.email, 'Ändrat-i-appen-42');
    expect((await s.get('/api/admin/admins', cookie)).body).toHaveLength(1);
    const events = await s.server.events.readStream('admins', 0);
    expect(events.filter((e) => e.type === 'AdminCreated')).toHaveLength(1);
  });
});

describe('guessing the current password counts as sign-in attempts', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ now: () => MONDAY_MORNING, config: { loginAttemptsPerMinute: 3 } });
  });
  afterAll(() => t?.close());

  it('PUT /me/password answers 429 once the minute’s sign-in attempts are used', async () => {
    const owner = await t.login();
    const guess = () =>
      t.put('/api/admin/me/password', { current_password: 'gissning', new_password: 'Nytt-lösen-5678' }, owner);
    const statuses = [(await guess()).status, (await guess()).status, (await guess()).status];
    expect(statuses).toContain(429);
    expect((await t.post('/api/admin/login', ADMIN)).status).toBe(429);
  });
});
