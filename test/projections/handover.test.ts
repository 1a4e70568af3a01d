// The projections' lease handed over during a booking rush (issue 32, "hand-over without loss"):
// two and then three API processes on one DATA_DIR, the leader stopped, killed and paused
// (SIGSTOP past its lease, then SIGCONT) again and again. Afterwards every accepted booking is in
// every read model, and the read models are exactly what the log folds to, with nothing rebuilt
// by hand. A second run widens the window on purpose (api/testHooks.ts): followers look at the
// leader's head only every 1.5 s, so the process taking the lease over holds cached days older
// than the stored checkpoints (it must drop them before its first write), and every leader waits
// before each commit (a leader giving the lease up must wait for its last one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../api/harness.js';
import { killApiProcesses, startApiProcess, stopOutsideWriteLocks, type ApiProcess } from '../apiProcess.js';
import { configFromEnv } from '../../api/config.js';
import { openEventStore, openReadModelStore } from '../../api/stores.js';
import { verifyReadModels } from '../../projections/rebuild.js';
import { COLLECTIONS, type BookingDoc, type DayDoc } from '../../read-models/shapes.js';

const dirs: string[] = [];
afterAll(() => {
  killApiProcesses();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const LIMITS_OFF = { BOOKINGS_PER_MINUTE: '0', LOOKUPS_PER_MINUTE: '0' };
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** HANDOVER_DEBUG=1 prints the test's progress. */
const debug = (line: string) => process.env.HANDOVER_DEBUG && console.log(`${new Date().toISOString()} ${line}`);

/** The process id of the projections' lease holder while its lease runs, read from the store. */
function leaderPid(dataDir: string): number | null {
  const db = new Database(join(dataDir, 'read-models.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare("SELECT owner, expires_at FROM leases WHERE scope = 'runners' AND id = 'projections'")
      .get() as { owner: string; expires_at: number } | undefined;
    return row && row.expires_at > Date.now() ? Number(row.owner.split(':')[1]) : null;
  } finally {
    db.close();
  }
}

/**
 * A booking rush on the living processes, one day after another (220 bookings each, below its
 * 264 places: so every booking changes the same day document), with the availability of that
 * day read all the while (so every process has it cached).
 */
class Rush {
  readonly living: ApiProcess[] = [];
  readonly accepted = new Map<string, string>();
  readonly dates = new Set<string>();
  private running = true;
  private n = 0;
  private readonly workers: Promise<void>[] = [];

  constructor(private readonly firstDay: number) {}

  private get date(): string {
    return inDays(this.firstDay + Math.floor(this.n / 220));
  }

  start(): void {
    for (let w = 0; w < 3; w++) this.workers.push(this.book(w));
    this.workers.push(this.look());
  }

  /** Resolves once `count` more bookings were accepted (or withinMs passed, when given). */
  async more(count: number, withinMs = Infinity): Promise<void> {
    const target = this.accepted.size + count;
    const until = Date.now() + withinMs;
    while (this.accepted.size < target && Date.now() < until) await sleep(50);
  }

  async end(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async book(worker: number): Promise<void> {
    for (let round = worker; this.running; round++) {
      const p = this.living[round % this.living.length];
      const date = this.date;
      this.dates.add(date);
      const i = this.n++;
      const slot = i % 44;
      const time = `${String(11 + Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`;
      const email = `kund${i}@example.se`;
      try {
        const reply = await p.call(
          'POST',
          '/api/bookings',
          bookingPayload({ date, time, email, items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
        );
        // Refused (a full window) or unanswered (the process died) bookings are not accepted ones.
        if (reply.status === 201) this.accepted.set(reply.body.booking_id as string, email);
      } catch {
        await sleep(20);
      }
    }
  }

  private async look(): Promise<void> {
    for (let round = 0; this.running; round++) {
      const p = this.living[round % this.living.length];
      await p.call('GET', `/api/availability?date=${this.date}&pizzas=1`).catch(() => null);
      await sleep(10);
    }
  }
}

/** Hands the lease over: what happens to the leader, then waits for another process to lead. */
async function handOver(
  dataDir: string,
  rush: Rush,
  how: 'SIGTERM' | 'SIGKILL' | 'SIGSTOP',
  env: Record<string, string>,
) {
  let pid: number | null = null;
  while ((pid = leaderPid(dataDir)) === null) await sleep(50);
  debug(`hand-over by ${how} of ${pid}; ${rush.accepted.size} accepted so far`);
  const leader = rush.living.find((p) => p.child.pid === pid);
  expect(leader, 'the leader is one of the living processes').toBeDefined();
  if (how === 'SIGSTOP') {
    // No new requests for it while it sleeps (one already on its way waits for SIGCONT).
    rush.living.splice(rush.living.indexOf(leader!), 1);
    // Stopped outside a write transaction: one held would stop the others' writes (test/apiProcess.ts).
    await stopOutsideWriteLocks(leader!.child, dataDir);
    // Past its lease term (3 s): another process takes over while it sleeps.
    while ([null, pid].includes(leaderPid(dataDir))) await sleep(50);
    // Bookings go on through the others.
    await rush.more(3, 5000);
    leader!.child.kill('SIGCONT');
    rush.living.push(leader!);
  } else {
    rush.living.splice(rush.living.indexOf(leader!), 1);
    leader!.child.kill(how);
    await leader!.exited;
    while ([null, pid].includes(leaderPid(dataDir))) await sleep(50);
    rush.living.push(await startApiProcess(dataDir, env));
  }
  debug(`another leads; ${rush.accepted.size} accepted so far`);
  await rush.more(5);
}

/** Stops every process cleanly, then checks the read models against the log and the accepted bookings. */
async function checkReadModels(dataDir: string, rush: Rush) {
  debug(`rush over: ${rush.accepted.size} accepted; stopping`);
  for (const p of rush.living.splice(0)) {
    p.child.kill('SIGTERM');
    await p.exited;
  }
  debug('stopped; checking the read models');
  const config = configFromEnv({ DATA_DIR: dataDir });
  const events = await openEventStore(config);
  const docs = await openReadModelStore(config);
  try {
    const checks = await verifyReadModels(events, docs, await events.headPosition());
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    const listed = new Set<string>();
    for (const date of rush.dates) {
      const bookings = await docs.find<BookingDoc>(COLLECTIONS.bookings, { booking_date: date });
      for (const b of bookings) listed.add(b.id);
      const day = await docs.get<DayDoc>(COLLECTIONS.days, date);
      const active = bookings.filter((b) => ['pending', 'confirmed'].includes(b.status)).length;
      expect(day?.active_bookings, date).toBe(active);
      expect(Object.values(day?.pizzas_by_time ?? {}).reduce((a, b) => a + b, 0)).toBe(active);
    }
    const missing = [...rush.accepted.keys()].filter((id) => !listed.has(id));
    expect(missing, 'accepted bookings missing from bookings_v1').toEqual([]);
  } finally {
    await events.close();
    await docs.close();
  }
}

async function firstLeader(dataDir: string, env: Record<string, string>): Promise<ApiProcess> {
  const a = await startApiProcess(dataDir, env);
  while (leaderPid(dataDir) !== a.child.pid) await sleep(50);
  return a;
}

describe('the projections lease handed over during a booking rush', () => {
  it('loses no accepted booking in any read model, with two and then three processes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-handover-'));
    dirs.push(dataDir);
    const rush = new Rush(1);
    rush.living.push(await firstLeader(dataDir, LIMITS_OFF), await startApiProcess(dataDir, LIMITS_OFF));
    rush.start();
    try {
      await rush.more(10);
      for (const how of ['SIGTERM', 'SIGSTOP'] as const) await handOver(dataDir, rush, how, LIMITS_OFF);
      rush.living.push(await startApiProcess(dataDir, LIMITS_OFF));
      for (const how of ['SIGKILL', 'SIGSTOP', 'SIGTERM'] as const) await handOver(dataDir, rush, how, LIMITS_OFF);
    } finally {
      await rush.end();
    }
    await checkReadModels(dataDir, rush);
  }, 600_000);

  it('loses none either when the new leader lags behind and the old one is slow to commit', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-handover-slow-'));
    dirs.push(dataDir);
    const env = {
      ...LIMITS_OFF,
      NODE_ENV: 'test',
      PIZZAKIOSKEN_TEST_FOLLOW_LAG_MS: '1500',
      PIZZAKIOSKEN_TEST_COMMIT_DELAY_MS: '200',
    };
    const rush = new Rush(1);
    rush.living.push(await firstLeader(dataDir, env), await startApiProcess(dataDir, env));
    rush.start();
    try {
      await rush.more(10);
      for (const how of ['SIGTERM', 'SIGSTOP', 'SIGTERM'] as const) await handOver(dataDir, rush, how, env);
    } finally {
      await rush.end();
    }
    await checkReadModels(dataDir, rush);
  }, 600_000);
});
