// The booking timers in real API processes (issue 17): two `api/main.ts` processes on one
// DATA_DIR and one SMTP server, each running the timers every 200 ms, on the real clock (the
// settings make both steps due within about a minute: one-minute slots, a reminder one minute
// before, expiry after one minute). One process is killed on the way (its leases run out and the
// other takes over) and a third started on the same store afterwards: the reminder and the
// expiry still happen, are mailed and are in the booking's history exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, bookingPayload } from '../api/harness.js';
import { killApiProcesses, startApiProcess } from '../apiProcess.js';
import { startSmtpServer } from './smtp.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-timers-proc-'));
afterAll(() => {
  killApiProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

const apiProcess = (smtpUrl: string) =>
  startApiProcess(dataDir, {
    KIOSK_TZ: TZ,
    SMTP_URL: smtpUrl,
    SERVE_UI: '0',
    REACTOR_LEASE_TTL_MS: '1500',
    TIMER_INTERVAL_MS: '200',
  });

/** The wall clock now in a time zone (the kiosk's by default): date, minutes since midnight, seconds. */
function kioskNow(timeZone: string = TZ) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// The test books today, minutes ahead: too close to the kiosk's midnight it cannot. So the kiosk
// keeps Stockholm's time, or UTC's in Stockholm's last twenty minutes of the day (an hour or two
// earlier there): the rules read the kiosk's own clock, whichever zone it is set to, and the test
// runs at any hour instead of skipping itself at night.
const TZ: string = ['Europe/Stockholm', 'UTC'].find((zone) => kioskNow(zone).minutes <= 23 * 60 + 40)!;

describe('booking timers in two API processes on one store, on the real clock', () => {
  it('remind and expire once each, mailed once, through a killed process and a restart (rules: reminder, pending-expiry)', async () => {
    const smtp = await startSmtpServer();
    try {
      const a = await apiProcess(smtp.url);
      const b = await apiProcess(smtp.url);
      const admin = (await a.call('POST', '/api/admin/login', ADMIN)).cookie;
      const settings = (await a.call('GET', '/api/admin/settings', undefined, admin)).body;
      const saved = await a.call(
        'PUT',
        '/api/admin/settings',
        { ...settings, slot_length_minutes: 1, reminder_minutes_before: 1, pending_expiry_minutes: 1 },
        admin,
      );
      expect(saved.status).toBe(200);

      // Today, open all day. Y's slot starts three whole minutes ahead, so its reminder window
      // (a minute before it) opens at least a minute after Y is booked and confirmed, however slow
      // the machine: a booking confirmed inside the window gets no reminder (rule: reminder).
      expect(
        (
          await a.call(
            'POST',
            '/api/admin/calendar/day',
            { date: kioskNow().date, isOpen: true, openTime: '00:00', closeTime: '23:59' },
            admin,
          )
        ).status,
      ).toBe(200);
      const now = kioskNow();
      const ySlot = now.minutes + 3;
      const y = await b.call(
        'POST',
        '/api/bookings',
        bookingPayload({
          date: now.date,
          time: hhmm(ySlot),
          email: 'y@example.se',
          items: [{ pizza_id: 1, qty: 1 }],
          requested_pizzas: 1,
        }),
      );
      expect(y.status).toBe(201);
      expect((await a.call('PUT', `/api/admin/bookings/${y.body.booking_id}/confirm`, {}, admin)).status).toBe(200);
      const x = await a.call(
        'POST',
        '/api/bookings',
        bookingPayload({
          date: now.date,
          time: hhmm(ySlot + 10),
          email: 'x@example.se',
          items: [{ pizza_id: 1, qty: 1 }],
          requested_pizzas: 1,
        }),
      );
      expect(x.status).toBe(201);

      const mailsTo = (to: string, subject: string) =>
        smtp.mails.filter((m) => m.to.includes(to) && m.text.includes(subject));

      // One of them dies, perhaps holding the timers' and the mail's leases: once the mails so far
      // (received ×2, to the kiosk ×2, confirmed) are out and marked sent in the mail log, as a
      // mail claimed by a process killed between sending and marking is sent once more after its
      // claim runs out (api/mail/reactor.ts): at most twice after a crash, which this test would
      // count as a duplicate.
      await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBe(5);
      const logged = async (email: string) =>
        (
          (await b.call('GET', `/api/admin/customers/export?email=${encodeURIComponent(email)}`, undefined, admin)).body
            .mails as unknown[]
        ).length;
      await expect
        .poll(
          async () => [await logged('y@example.se'), await logged('x@example.se'), await logged(settings.admin_email)],
          { timeout: 30_000 },
        )
        .toEqual([2, 1, 2]);
      a.child.kill('SIGKILL');
      await a.exited;
      // The reminder is due two to three minutes after the booking, the expiry one minute after.
      await expect
        .poll(() => mailsTo('y@example.se', 'Påminnelse').length, { timeout: 240_000, interval: 500 })
        .toBe(1);
      await expect
        .poll(() => mailsTo('x@example.se', 'är avbokad').length, { timeout: 240_000, interval: 500 })
        .toBe(1);
      expect(mailsTo('x@example.se', 'är avbokad')[0].text).toContain('Anledning: Ej bekräftad i tid');

      // A third process on the same store, while both steps would still be due: nothing again.
      const c = await apiProcess(smtp.url);
      await new Promise((r) => setTimeout(r, 3000));
      const cAdmin = (await c.call('POST', '/api/admin/login', ADMIN)).cookie;
      const steps = async (id: string) =>
        (
          (await c.call('GET', `/api/admin/bookings/${id}/history`, undefined, cAdmin)).body as Array<{
            type: string;
            actor: string;
          }>
        ).map((e) => `${e.type}:${e.actor}`);
      expect(await steps(y.body.booking_id)).toEqual([
        'BookingPlaced:customer',
        `BookingConfirmed:${ADMIN.email}`,
        'BookingReminded:system',
      ]);
      expect(await steps(x.body.booking_id)).toEqual(['BookingPlaced:customer', 'BookingCancelled:system']);
      expect(mailsTo('y@example.se', 'Påminnelse')).toHaveLength(1);
      expect(mailsTo('x@example.se', 'är avbokad')).toHaveLength(1);
      const ids = smtp.mails.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await smtp.close();
    }
  }, 360_000);
});
