// A move to another date is two appends on two streams (rule: reschedule). A server killed with
// SIGKILL between them leaves the copy placed and the old booking in place; the next start
// finishes the move: one booking holds capacity, the old number leads to the new one, the mails
// go out once, and the same request again changes nothing. And a move whose old booking can no
// longer move when recovery comes is undone instead: the customer keeps what they had.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandBus } from '../../api/commands/commandBus.js';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { BookingPlacedData } from '../../domain/kioskDay/kioskDay.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { ADMIN, MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { freePort } from './freePort.js';

const root = join(import.meta.dirname, '..', '..');

let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children = [];
});

async function startProcess(dataDir: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return child;
}

// Real clock here (a child process): dates a few days ahead, inside the default horizon.
function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    // A directory or answer not there yet is not done.
    const value = await probe().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a server killed with SIGKILL between the two steps of a move to another date', () => {
  it('finishes the move on its next start: one booking holds capacity, the old number works, mails once, a retry changes nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-move-crash-'));
    const port = await freePort();
    const child = await startProcess(dataDir, port, {
      NODE_ENV: 'test',
      PIZZAKIOSKEN_TEST_CRASH_AFTER: 'reschedule-step-1',
      REACTOR_LEASE_TTL_MS: '1000',
    });
    const base = `http://127.0.0.1:${port}`;
    const from = inDays(3);
    const to = inDays(4);
    const post = (path: string, body: unknown) =>
      fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const placed = await post(
      '/api/bookings',
      bookingPayload({ date: from, time: '12:00', email: 'krasch@example.se' }),
    );
    expect(placed.status).toBe(201);
    const id = ((await placed.json()) as { booking_id: string }).booking_id;
    // The booking's own mails are out before the crash: a mail claimed by the dead process would
    // wait out its claim (minutes) before the next start sends it.
    await until(
      async () => readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')),
      (files) => files.length >= 2,
      'the booking mails',
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    // The process dies right after step 1: the request gets no answer.
    await expect(
      post(`/api/bookings/${id}/reschedule`, { email: 'krasch@example.se', date: to, time: '18:00' }),
    ).rejects.toThrow();
    expect(await exited).toBe('SIGKILL');

    // The log as the crash left it: the copy placed on the new day, the old booking untouched.
    const log = openSqliteEventStore(join(dataDir, 'events.db'));
    const copy = (await log.readStream(`kioskday-${to}`)).find((e) => e.type === 'BookingPlaced')!
      .data as BookingPlacedData;
    expect(copy.moved_from).toBe(id);
    expect((await log.readStream(`kioskday-${from}`)).map((e) => e.type)).toEqual(['BookingPlaced']);
    await log.close();

    let restarted: TestServer | null = null;
    try {
      restarted = await startTestServer({ dataDir, config: { reactorLeaseTtlMs: 1000 } });
      const server = restarted;
      // Recovery on start completes the move.
      const lookup = await until(
        () => server.post('/api/bookings/lookup', { email: 'krasch@example.se', booking_id: id }),
        (reply) => reply.body.booking?.id === copy.booking_id,
        'the old number to lead to the moved booking',
      );
      expect(lookup.body.booking).toMatchObject({
        booking_date: to,
        booking_time: '18:00',
        status: 'pending',
        moved_from: id,
      });
      const slot = async (date: string) =>
        (await server.get(`/api/test-availability?date=${date}&pizzas=1`)).body.slots.find(
          (s: { time: string }) => s.time === (date === from ? '12:00' : '18:00'),
        ).capacity_remaining;
      expect(await slot(from)).toBe(6);
      expect(await slot(to)).toBe(4);
      expect(await server.server.docs.find(COLLECTIONS.moves, {})).toEqual([]);

      // The same request again: the moved booking, nothing appended on either day.
      const counts = async () => [
        (await server.server.events.readStream(`kioskday-${from}`)).length,
        (await server.server.events.readStream(`kioskday-${to}`)).length,
      ];
      const before = await counts();
      const again = await server.post(`/api/bookings/${id}/reschedule`, {
        email: 'krasch@example.se',
        date: to,
        time: '18:00',
      });
      expect(again.status).toBe(200);
      expect(again.body.booking.id).toBe(copy.booking_id);
      expect(await counts()).toEqual(before);
      expect(before).toEqual([2, 1]);
      expect(await server.server.services.reschedule.recover()).toBe(0);

      // The move's mails, once each, and none for the first step alone.
      const movedAway = (await server.server.events.readStream(`kioskday-${from}`)).find(
        (e) => e.type === 'BookingMovedAway',
      )!;
      const outbox = join(dataDir, 'outbox');
      const files = await until(
        // Whole mails only: one still being written is a *.tmp file (api/mail/mailer.ts).
        async () => readdirSync(outbox).filter((f) => f.startsWith(movedAway.id) && f.endsWith('.eml')),
        (found) => found.length >= 2,
        'the move mails',
      );
      // No other mail of the move arrives later.
      await new Promise((r) => setTimeout(r, 500));
      expect(files.sort()).toEqual([`${movedAway.id}-customer.eml`, `${movedAway.id}-staff.eml`]);
      const copyEvent = (await server.server.events.readStream(`kioskday-${to}`))[0];
      expect(readdirSync(outbox).filter((f) => f.startsWith(copyEvent.id))).toEqual([]);
    } finally {
      await restarted?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('recovery of a move whose old booking can no longer move', () => {
  it('undoes the first step: the copy frees its slot, the old booking stays as it is, nobody is mailed', async () => {
    const t = await startTestServer({ now: () => MONDAY_MORNING });
    try {
      const placed = await t.post(
        '/api/bookings',
        bookingPayload({ date: '2026-11-26', time: '12:00', email: 'angrad@example.se' }),
      );
      const id = placed.body.booking_id as string;
      // Step 1 alone, as a crashed request would leave it.
      const from = (await t.server.events.readStream('kioskday-2026-11-26'))[0].data as BookingPlacedData;
      const bus = new CommandBus(t.server.events);
      const clock = { now: MONDAY_MORNING, timeZone: 'Europe/Stockholm' };
      const settings = await t.server.services.settings.current();
      const step1 = await bus.handle(
        'kioskday-2026-11-27',
        kioskDayDecider,
        { type: 'PlaceMovedBooking', from, date: '2026-11-27', time: '18:00', settings, closures: [], clock },
        { actor: 'customer', now: MONDAY_MORNING },
      );
      const copyId = (step1.events[0].data as BookingPlacedData).booking_id;
      await t.server.projections.waitFor(step1.position);
      // Meanwhile the old booking is cancelled.
      expect((await t.post(`/api/bookings/${id}/cancel-public`, { email: 'angrad@example.se' })).status).toBe(200);

      expect(await t.server.services.reschedule.recover()).toBe(1);
      const events = await t.server.events.readStream('kioskday-2026-11-27');
      expect(events.map((e) => e.type)).toEqual(['BookingPlaced', 'BookingCancelled']);
      expect(events[1].data).toMatchObject({ booking_id: copyId, move_undone: true, bonus_code: null });
      await t.server.projections.waitFor(events[1].position);
      const slot = (await t.get('/api/test-availability?date=2026-11-27&pizzas=1')).body.slots.find(
        (s: { time: string }) => s.time === '18:00',
      );
      expect(slot.capacity_remaining).toBe(6);
      expect(await t.server.docs.find(COLLECTIONS.moves, {})).toEqual([]);
      // Nothing more to do, and the old booking is neither moved nor revived.
      expect(await t.server.services.reschedule.recover()).toBe(0);
      expect((await t.server.events.readStream('kioskday-2026-11-26')).map((e) => e.type)).toEqual([
        'BookingPlaced',
        'BookingCancelled',
      ]);
      const mails = await t.server.docs.find('mail_log_v1', {});
      expect(
        mails.filter((m) => String(m.id).startsWith(events[1].id) || String(m.id).startsWith(events[0].id)),
      ).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
