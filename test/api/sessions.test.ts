// Admin sessions live server-side (events on 'admins' + the admin_sessions read model): logout
// ends one for good, an admin lists and ends sessions and removes other admins, a new
// ADMIN_PASSWORD at a start changes nothing once an owner exists, and all of it holds across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, MONDAY_MORNING, startTestServer, type TestServer } from './harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-sessions-'));
let t: TestServer | undefined;
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function restart(config: Record<string, string> = {}) {
  await t?.close();
  t = await startTestServer({ dataDir, now: () => MONDAY_MORNING, config });
  return t;
}

async function loginAs(server: TestServer, email: string, password: string) {
  const reply = await server.post('/api/admin/login', { email, password });
  expect(reply.status).toBe(200);
  return (reply.headers.get('set-cookie') ?? '').split(';')[0];
}

describe('admin sessions', () => {
  it('logout ends the session: the same cookie replayed afterwards is refused', async () => {
    const s = await restart();
    const cookie = await s.login();
    expect((await s.get('/api/admin/me', cookie)).status).toBe(200);
    expect((await s.post('/api/admin/logout', {}, cookie)).status).toBe(200);
    const replayed = await s.get('/api/admin/me', cookie);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ error: 'Du måste logga in' });
  });

  it('an admin lists sessions and ends another one', async () => {
    const s = await restart();
    const mine = await s.login();
    const other = await s.login();
    const list = await s.get('/api/admin/sessions', mine);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body.filter((x: { current: boolean }) => x.current)).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ admin_email: ADMIN.email, started_at: MONDAY_MORNING.toISOString() });
    // The listed id is not the cookie's secret.
    for (const session of list.body) expect(other).not.toContain(session.id);
    const otherId = list.body.find((x: { current: boolean }) => !x.current).id;
    expect((await s.del(`/api/admin/sessions/${otherId}`, undefined, mine)).status).toBe(200);
    expect((await s.get('/api/admin/me', other)).status).toBe(401);
    expect((await s.get('/api/admin/me', mine)).status).toBe(200);
    expect((await s.del(`/api/admin/sessions/${otherId}`, undefined, mine)).body).toEqual({
      error: 'Sessionen finns inte eller har redan avslutats',
    });
    expect((await s.get('/api/admin/sessions', mine)).body).toHaveLength(1);
  });

  it('a session holds across a restart; a new ADMIN_PASSWORD at a start changes nothing (rule: admin-bootstrap)', async () => {
    let s = await restart();
    const cookie = await s.login();
    s = await restart();
    expect((await s.get('/api/admin/me', cookie)).status).toBe(200);
    s = await restart({ adminPassword: 'Ett-nytt-lösen-456' });
    expect((await s.get('/api/admin/me', cookie)).status).toBe(200);
    expect((await s.post('/api/admin/login', { email: ADMIN.email, password: 'Ett-nytt-lösen-456' })).status).toBe(401);
    const fresh = await loginAs(s, ADMIN.email, ADMIN.password);
    expect((await s.get('/api/admin/me', fresh)).status).toBe(200);
  });

  it('an admin removes another admin, whose sessions end; nobody removes themselves', async () => {
    const s = await restart();
    const a = await loginAs(s, ADMIN.email, ADMIN.password);
    const added = await s.post(
      '/api/admin/admins',
      { name: 'Biträdet', email: 'bitr@pizzakiosken.test', role: 'owner', password: 'Bitr-lösen-789' },
      a,
    );
    expect(added.status).toBe(201);
    const b = await loginAs(s, 'bitr@pizzakiosken.test', 'Bitr-lösen-789');
    const admins = (await s.get('/api/admin/admins', a)).body as Array<{ id: number; email: string }>;
    const me = admins.find((x) => x.email === ADMIN.email)!;
    const other = admins.find((x) => x.email === 'bitr@pizzakiosken.test')!;
    expect((await s.del(`/api/admin/admins/${me.id}`, undefined, a)).body).toEqual({
      error: 'Du kan inte ta bort dig själv',
    });
    expect((await s.del(`/api/admin/admins/${other.id}`, undefined, a)).status).toBe(200);
    expect((await s.get('/api/admin/me', b)).status).toBe(401);
    expect(
      (await s.post('/api/admin/login', { email: 'bitr@pizzakiosken.test', password: 'Bitr-lösen-789' })).status,
    ).toBe(401);
    expect((await s.del(`/api/admin/admins/${other.id}`, undefined, a)).status).toBe(404);
    // The log says who did it.
    const events = await s.server.events.readStream('admins', 0);
    const removed = events.find((e) => e.type === 'AdminRemoved')!;
    expect(removed.data).toMatchObject({ id: other.id, removed_by: ADMIN.email });
    expect(removed.metadata.actor).toBe(ADMIN.email);
    expect(
      events.some((e) => e.type === 'AdminSessionEnded' && (e.data as { reason: string }).reason === 'admin_removed'),
    ).toBe(true);
  });
});
