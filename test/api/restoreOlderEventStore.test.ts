// An older event store restored under newer read models (deploy/README.md, "By engine backups";
// embedded: an older events.db put back under a newer read-models.db). The checkpoints of the read
// models and of the reactors then sit beyond the log's head. At start the process rebuilds those
// read models and realigns the reactors, and says so: a sign-in then works on the next call, new
// bookings are listed (the ones lost with the newer log are not), and each new customer is mailed
// exactly once, with no mail of before the restore sent again (a real SMTP server).
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { startSmtpServer } from '../mail/smtp.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-restore-older-'));
const saved = mkdtempSync(join(tmpdir(), 'pizzakiosken-restore-older-events-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(saved, { recursive: true, force: true });
});

const DAY = '2026-11-24';
const SQLITE_FILES = ['events.db', 'events.db-wal', 'events.db-shm'];

describe('an older event store restored under newer read models', () => {
  it('rebuilds the read models and realigns the reactors at start: sessions, bookings and mail work again', async () => {
    const smtp = await startSmtpServer();
    const start = () =>
      startTestServer({ dataDir, now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url, mailFrom: null } });
    let slot = 0;
    const book = async (t: TestServer, email: string) => {
      const i = slot++;
      const time = `${String(11 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
      const reply = await t.post<{ booking_id: string }>(
        '/api/bookings',
        bookingPayload({ date: DAY, time, email, items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.booking_id;
    };
    const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email)).length;
    try {
      // The log the backup holds: two bookings, mailed.
      let t = await start();
      const kept = [await book(t, 'kvar0@example.se'), await book(t, 'kvar1@example.se')];
      await smtp.waitFor(4);
      await t.close();
      for (const file of SQLITE_FILES)
        if (existsSync(join(dataDir, file))) copyFileSync(join(dataDir, file), join(saved, file));

      // Later: five more bookings, mailed, then the log is lost and the older one put back.
      t = await start();
      const lost: string[] = [];
      for (let i = 0; i < 5; i++) lost.push(await book(t, `borta${i}@example.se`));
      // A sign-in too: the sessions read model's checkpoint moves beyond the older log's head.
      await t.login();
      await smtp.waitFor(14);
      await t.close();
      const mailedBefore = smtp.mails.length;
      for (const file of SQLITE_FILES) {
        rmSync(join(dataDir, file), { force: true });
        if (existsSync(join(saved, file))) copyFileSync(join(saved, file), join(dataDir, file));
      }

      const logged = vi.spyOn(console, 'error');
      t = await start();
      try {
        const said = logged.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
        expect(said).toMatch(/Read models .*beyond the event log's head .*rebuilding them/);
        expect(said).toMatch(/Reactor mail\S*: checkpoint \d+ beyond the event log's head \d+ .*realigned/);

        // Sessions are events: the sign-in and the very next call.
        const admin = await t.login();
        // By e-mail: booking numbers are handed out per day, so the new bookings take the lost ones' numbers.
        const listed = async () => {
          const reply = await t.get<Array<{ id: string; email: string }>>(
            `/api/admin/bookings?date=${DAY}&status=`,
            admin,
          );
          expect(reply.status).toBe(200);
          return reply.body.map((b) => `${b.id} ${b.email}`).sort();
        };
        expect(await listed()).toEqual(kept.map((id, i) => `${id} kvar${i}@example.se`).sort());

        const fresh: string[] = [];
        for (let i = 0; i < 3; i++) fresh.push(`${await book(t, `ny${i}@example.se`)} ny${i}@example.se`);
        expect(await listed()).toEqual([...kept.map((id, i) => `${id} kvar${i}@example.se`), ...fresh].sort());
        expect(lost).toHaveLength(5);

        // Each new customer once (and the kiosk once per booking); nothing of before sent again.
        await smtp.waitFor(mailedBefore + 6);
        // Longer than the sender's poll and a lease term: a duplicate would have arrived by now.
        await new Promise((resolve) => setTimeout(resolve, 2500));
        for (let i = 0; i < 3; i++) expect(mailsTo(`ny${i}@example.se`), `ny${i}`).toBe(1);
        expect(smtp.mails.length).toBe(mailedBefore + 6);
      } finally {
        logged.mockRestore();
        await t.close();
      }
    } finally {
      await smtp.close();
    }
  });
});
