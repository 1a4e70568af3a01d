// "Nothing accepted is ever lost, also across a crash": bookings answered before a kill -9 are
// there after a restart, and a clean restart keeps everything too.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, bookingPayload, startTestServer } from './harness.js';
import { freePort } from './freePort.js';

const root = join(import.meta.dirname, '..', '..');

let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children = [];
});

async function startProcess(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BOOKINGS_PER_MINUTE: '0',
      LOOKUPS_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return child;
}

// Real clock here (a child process): book a few days ahead, inside the default horizon.
function inDays(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
}

describe('a server killed with SIGKILL', () => {
  it('keeps every booking it had answered', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-crash-'));
    const port = await freePort();
    const child = await startProcess(dataDir, port);
    const base = `http://127.0.0.1:${port}`;
    const date = inDays(3);
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const time = `${String(11 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
        const response = await fetch(`${base}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(bookingPayload({ date, time, email: `krasch${i}@example.se` })),
        });
        if (response.status === 201) ids.push(((await response.json()) as { booking_id: string }).booking_id);
      }),
    );
    expect(ids).toHaveLength(40);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const restarted = await startTestServer({ dataDir });
    try {
      const admin = await restarted.login();
      const listed = await restarted.get(`/api/admin/bookings?date=${date}`, admin);
      expect(listed.body.map((b: { id: string }) => b.id).sort()).toEqual([...ids].sort());
    } finally {
      await restarted.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a clean restart', () => {
  it('keeps bookings, menu changes and settings', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-restart-'));
    const first = await startTestServer({ dataDir });
    const admin = await first.login();
    const date = inDays(2);
    const placed = await first.post('/api/bookings', bookingPayload({ date, time: '19:00' }));
    expect(placed.status).toBe(201);
    await first.post(
      '/api/admin/pizzas',
      {
        name: 'Räksmörgås-pizza',
        description: 'Räkor',
        price_cents: 14900,
        active: true,
        allergens: ['gluten', 'crustaceans', 'eggs'],
      },
      admin,
    );
    await first.close();

    const second = await startTestServer({ dataDir });
    try {
      const lookup = await second.post('/api/bookings/lookup', {
        email: 'asa@example.se',
        booking_id: placed.body.booking_id,
      });
      expect(lookup.status).toBe(200);
      expect((await second.get('/api/pizzas')).body.map((p: { name: string }) => p.name)).toContain('Räksmörgås-pizza');
      // The demo menu is seeded once only.
      expect((await second.get('/api/pizzas')).body).toHaveLength(7);
      // The session cookie of the first run still works (the secret is kept under DATA_DIR).
      expect((await second.get('/api/admin/me', admin)).status).toBe(200);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
