// The system's steps with two API processes on one DATA_DIR and one real SMTP server (issue 17):
// both run the booking timers every 100 ms (one under the lease, and both sweeping by hand at
// the same moment besides), and still every expiry and every reminder is appended once and
// mailed once; a restart on the same store repeats nothing. The processes share the test's
// clock, which the test moves; nothing waits on the wall clock but for an outcome.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { startSmtpServer } from './smtp.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-timers-'));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers.reverse()) await server.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

let now = MONDAY_MORNING;
const DATE = '2026-11-24';

describe('reminders and pending expiry with two processes on one store', () => {
  it('append and mail each step once, also when both sweep at once and after a restart (rules: reminder, pending-expiry)', async () => {
    const smtp = await startSmtpServer();
    try {
      const config = { smtpUrl: smtp.url, timerIntervalMs: 100, reactorLeaseTtlMs: 600 };
      const start = async () => {
        const server = await startTestServer({ dataDir, now: () => now, config });
        servers.push(server);
        return server;
      };
      const a = await start();
      const b = await start();
      const mailsTo = (to: string, subject: string) =>
        smtp.mails.filter((m) => m.to.includes(to) && m.text.includes(subject));
      let reader = a;
      const stepsOf = async (type: string, id: string) =>
        (await reader.server.events.readStream(`kioskday-${DATE}`)).filter(
          (e) => e.type === type && (e.data as { booking_id: string }).booking_id === id,
        ).length;
      const bothSweep = () => Promise.all([a.server.timers.sweep(), b.server.timers.sweep()]);

      const admin = await a.login();
      const current = (await a.get('/api/admin/settings', admin)).body;
      expect(
        (
          await b.put(
            '/api/admin/settings',
            { ...current, pending_expiry_minutes: 30, reminder_minutes_before: 60 },
            admin,
          )
        ).status,
      ).toBe(200);

      // X stays pending; Y (13:00 in Stockholm, 12:00 UTC) is confirmed.
      const x = (await a.post('/api/bookings', bookingPayload({ date: DATE, time: '12:00', email: 'x@example.se' })))
        .body.booking_id as string;
      const y = (await b.post('/api/bookings', bookingPayload({ date: DATE, time: '13:00', email: 'y@example.se' })))
        .body.booking_id as string;
      expect((await a.put(`/api/admin/bookings/${y}/confirm`, {}, admin)).status).toBe(200);
      await smtp.waitFor(5); // received ×2, to the kiosk ×2, confirmed

      // Half an hour later X has waited long enough.
      now = new Date(MONDAY_MORNING.getTime() + 30 * 60_000);
      await bothSweep();
      await expect.poll(() => mailsTo('x@example.se', 'är avbokad').length, { timeout: 10_000 }).toBe(1);
      expect(mailsTo('x@example.se', 'är avbokad')[0].text).toContain('Anledning: Ej bekräftad i tid');
      expect(await stepsOf('BookingCancelled', x)).toBe(1);

      // Tuesday 11:30 UTC: Y's reminder window (from 11:00 UTC) is open.
      now = new Date('2026-11-24T11:30:00Z');
      await bothSweep();
      await expect.poll(() => mailsTo('y@example.se', 'Påminnelse').length, { timeout: 10_000 }).toBe(1);
      const reminder = mailsTo('y@example.se', 'Påminnelse')[0].text;
      expect(reminder).toContain('Påminnelse: din beställning');
      expect(reminder).toContain(
        `En påminnelse: din beställning ${y} är klar att hämta tisdag 24 november 2026 kl. 13:00.`,
      );
      expect(await stepsOf('BookingReminded', y)).toBe(1);

      // Many more sweeps by both (and by the timer) while the steps stay due: nothing more.
      for (let i = 0; i < 5; i++) await bothSweep();
      await new Promise((r) => setTimeout(r, 1500)); // several timer rounds and a lease term
      expect(await stepsOf('BookingCancelled', x)).toBe(1);
      expect(await stepsOf('BookingReminded', y)).toBe(1);
      expect(smtp.mails).toHaveLength(7);

      // A restart on the same store, still inside the window: nothing is repeated.
      await a.close();
      await b.close();
      const c = await start();
      reader = c;
      expect(await c.server.timers.sweep()).toEqual({ expired: [], reminded: [] });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await stepsOf('BookingCancelled', x)).toBe(1);
      expect(await stepsOf('BookingReminded', y)).toBe(1);
      expect(smtp.mails).toHaveLength(7);
      const ids = smtp.mails.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);
      expect(new Set(ids).size).toBe(7);
    } finally {
      await smtp.close();
    }
  });
});
