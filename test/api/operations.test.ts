// Health, readiness, configuration checks and a graceful shutdown on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../../api/config.js';
import { ADMIN, bookingPayload, startTestServer } from './harness.js';
import { freePort } from './freePort.js';

const root = join(import.meta.dirname, '..', '..');

let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children = [];
});

function startProcess(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  listening: Promise<void>;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api', 'main.ts')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  listening.catch(() => {});
  return { child, output: () => output, listening, exited };
}

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

describe('GET /api/health and /api/ready', () => {
  it('answer alive and ready with both stores reachable and the projection lag', async () => {
    const t = await startTestServer({ config: { readyMaxLag: 0 } });
    try {
      expect(await t.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
      await t.server.projections.waitFor(await t.server.events.headPosition());
      const ready = await t.get('/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        ready: true,
        event_store: 'ok',
        read_models: 'ok',
        projection_lag: 0,
        stopping: false,
        mail: { due: 0, failed: 0, failed_unseen: 0, oldest_due_seconds: null, relay: 'ok', last_error: null },
        push: { due: 0, oldest_due_seconds: null },
        stalled_seconds: 0,
        // What the process holds in memory against each bound (issue 48); the settings and a few
        // days are cached already.
        memory_bounds: [
          { name: 'command_streams', used: expect.any(Number), bound: 256 },
          { name: 'command_records', used: expect.any(Number), bound: 120_000 },
          { name: 'read_model_cache', used: expect.any(Number), bound: 2000 },
          { name: 'heap_mb', used: expect.any(Number), bound: expect.any(Number) },
        ],
        // A fresh install: the seller's details are not filled in yet (rule: seller-first).
        alerts: ['seller_missing'],
      });

      // Projections stopped while events arrive: behind by more than allowed, so not ready.
      await t.server.projections.stop();
      await t.server.events.append(
        'test-lag',
        [
          {
            id: crypto.randomUUID(),
            type: 'Noted',
            data: {},
            metadata: { actor: 'system', timestamp: new Date().toISOString() },
          },
        ],
        'any',
      );
      const behind = await t.get('/api/ready');
      expect(behind.status).toBe(503);
      expect(behind.body).toMatchObject({ ready: false, event_store: 'ok', read_models: 'ok', projection_lag: 1 });
      // Alive all the same.
      expect((await t.get('/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the read-model store cannot be reached', async () => {
    const t = await startTestServer();
    try {
      await t.server.docs.close();
      const reply = await t.get('/api/ready');
      expect(reply.status).toBe(503);
      expect(reply.body).toMatchObject({ ready: false, event_store: 'ok', read_models: 'unreachable' });
    } finally {
      await t.close().catch(() => {});
    }
  });
});

describe('configuration', () => {
  it('takes the defaults from an empty environment', () => {
    expect(configFromEnv({})).toMatchObject({
      port: 3000,
      timeZone: 'Europe/Stockholm',
      eventStoreUrl: null,
      mongoUrl: null,
      readyMaxLag: 1000,
    });
  });

  it('accepts cluster URLs', () => {
    const config = configFromEnv({
      EVENTSTORE_URL: 'esdb+discover://a:2113,b:2113?tls=false',
      MONGODB_URL: 'mongodb://m1:27017,m2:27017/?replicaSet=rs0',
      SMTP_URL: 'smtps://u:p@mail.example.se',
    });
    expect(config.mongoUrl).toBe('mongodb://m1:27017,m2:27017/?replicaSet=rs0');
  });

  it('reports every bad variable once, with what it should be', () => {
    let error: unknown;
    try {
      configFromEnv({
        PORT: 'tretusen',
        KIOSK_TZ: 'Europe/Kiruna',
        EVENTSTORE_URL: 'http://esdb:2113',
        MONGODB_URL: 'localhost:27017',
        LOGIN_ATTEMPTS_PER_MINUTE: 'tio',
        TRUST_PROXY: 'yes',
        PUBLIC_URL: 'kiosk.se',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((p) => p.split('=')[0]).sort()).toEqual([
      'EVENTSTORE_URL',
      'KIOSK_TZ',
      'LOGIN_ATTEMPTS_PER_MINUTE',
      'MONGODB_URL',
      'PORT',
      'PUBLIC_URL',
      'TRUST_PROXY',
    ]);
    expect(problems).toHaveLength(7);
    expect(problems.find((p) => p.startsWith('EVENTSTORE_URL'))).toContain('esdb://');
  });

  it('stops a start with a bad variable before opening anything', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-config-'));
    const started = startProcess({ DATA_DIR: join(dataDir, 'never'), PORT: '99999', KIOSK_TZ: 'Mars/Olympus' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('PORT="99999": expected a whole number from 0 to 65535');
    expect(started.output()).toContain('KIOSK_TZ="Mars/Olympus"');
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('closing', () => {
  it('ends within the drain period while an admin live stream stays open', async () => {
    const t = await startTestServer();
    const cookie = await t.login();
    const live = await fetch(`${t.base}/api/admin/live`, { headers: { cookie } });
    expect(live.status).toBe(200);
    void live
      .body!.getReader()
      .read()
      .catch(() => {});
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(8000);
  });
});

describe('SIGTERM', () => {
  it('answers the requests in flight, stops projections at a checkpoint and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-sigterm-'));
    const port = await freePort();
    const started = startProcess({ DATA_DIR: dataDir, PORT: String(port) });
    await started.listening;
    const base = `http://127.0.0.1:${port}`;
    const date = inDays(3);
    let signalled = false;
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const time = `${String(11 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
        try {
          const response = await fetch(`${base}/api/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(bookingPayload({ date, time, email: `term${i}@example.se` })),
          });
          if (!signalled) {
            signalled = true;
            started.child.kill('SIGTERM');
          }
          return {
            status: response.status,
            id: response.status === 201 ? ((await response.json()) as { booking_id: string }).booking_id : null,
          };
        } catch {
          return { status: 0, id: null }; // refused: arrived after the server stopped accepting
        }
      }),
    );
    const code = await started.exited;
    expect(code, started.output()).toBe(0);
    expect(started.output()).toContain('SIGTERM: shutting down');
    expect(started.output()).toContain('stopped');
    expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
    const ids = outcomes.flatMap((o) => (o.id ? [o.id] : []));
    expect(ids.length).toBeGreaterThan(0);

    // Every answered booking is there, and the read models had caught up when it stopped.
    const restarted = await startTestServer({ dataDir });
    try {
      const head = await restarted.server.events.headPosition();
      for (const name of ['bookings_v1', 'days_v1', 'stats_v1'])
        expect(await restarted.server.docs.getCheckpoint(name), name).toBe(head);
      const admin = await restarted.login();
      const listed = await restarted.get(`/api/admin/bookings?date=${date}`, admin);
      expect(listed.body.map((b: { id: string }) => b.id).sort()).toEqual([...ids].sort());
    } finally {
      await restarted.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
