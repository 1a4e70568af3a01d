// A delayed slot tells each of its customers exactly once (rule: slot-delay), through the outbox
// and a real SMTP server, with two API processes on one store: a retried delay, the process that
// took it killed mid-send, a restart; and its undo likewise once per customer.
//
// The killed process sends through a relay that takes each message in and never answers: a kill
// at any moment finds it mid-send, never in the one window SMTP cannot close (the relay accepted,
// the process died before marking the item sent), where a second send is what at-least-once means.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, bookingPayload } from '../api/harness.js';
import { killApiProcesses, startApiProcess } from '../apiProcess.js';
import { startSmtpServer, type ReceivedMail } from './smtp.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-delay-'));
afterAll(() => {
  killApiProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

const apiProcess = (smtpUrl: string) => startApiProcess(dataDir, { SMTP_URL: smtpUrl, REACTOR_LEASE_TTL_MS: '1500' });
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const about = (mails: ReceivedMail[], words: string) => mails.filter((m) => m.text.includes(words));
const recipients = (mails: ReceivedMail[]) => mails.flatMap((m) => m.to).sort();
/**
 * Up to 45 s for the count: after a SIGKILL the survivor takes the mail reactor's lease over
 * (REACTOR_LEASE_TTL_MS) and the items the dead process held mid-send (the sender's 15 s lease)
 * before it sends them, longer than smtp.waitFor's 5 s.
 */
const mailsReach = async (smtp: { mails: ReceivedMail[]; waitFor(count: number): Promise<void> }, count: number) => {
  for (let i = 0; i < 9 && smtp.mails.length < count; i++) await smtp.waitFor(count);
};

describe('a delayed slot', () => {
  it('mails each customer once, across a retry, a killed process and a restart; the undo too', async () => {
    const smtp = await startSmtpServer();
    const stuck = await startSmtpServer({ answerWhen: () => new Promise(() => {}) });
    try {
      const a = await apiProcess(stuck.url);
      const b = await apiProcess(smtp.url);
      const admin = (await a.call('POST', '/api/admin/login', ADMIN)).cookie;
      const date = inDays(2);
      const customers = ['ett@example.se', 'tva@example.se', 'tre@example.se'];
      for (const [i, email] of customers.entries()) {
        const placed = await (i % 2 ? b : a).call(
          'POST',
          '/api/bookings',
          bookingPayload({ date, time: '18:00', email, items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
        );
        expect(placed.status).toBe(201);
      }
      // Another slot's customer hears nothing.
      await b.call('POST', '/api/bookings', bookingPayload({ date, time: '18:15', email: 'annan@example.se' }));

      const delay = { date, time: '18:00', minutes: 15 };
      expect((await a.call('POST', '/api/admin/slot-delays', delay, admin)).body).toEqual({ success: true, orders: 3 });
      // A retried request from the other process changes nothing.
      expect((await b.call('POST', '/api/admin/slot-delays', delay, admin)).body).toEqual({ success: true, orders: 0 });
      // The process that took the delay dies mid-send; the survivor sends what is left, the mails
      // the dead process held too: received + staff notice per booking, and the three delays.
      a.child.kill('SIGKILL');
      await a.exited;
      await mailsReach(smtp, 11);
      expect(stuck.mails).toEqual([]);
      const delayed = about(smtp.mails, 'blir klar kl. 18:15 i stället för kl. 18:00');
      expect(recipients(delayed)).toEqual([...customers].sort());

      // A restart on the same store: the log is read again, no mail goes twice.
      const c = await apiProcess(smtp.url);
      const undone = await c.call('POST', '/api/admin/slot-delays/undo', { date, time: '18:00' }, admin);
      expect(undone.body).toEqual({ success: true, orders: 3 });
      await mailsReach(smtp, 14);
      // Longer than a poll and a lease term: any duplicate would have arrived by now.
      await new Promise((r) => setTimeout(r, 3000));
      expect(recipients(about(smtp.mails, 'blir klar kl. 18:15 i stället för kl. 18:00'))).toEqual(
        [...customers].sort(),
      );
      expect(recipients(about(smtp.mails, 'Vi hann ikapp'))).toEqual([...customers].sort());
      expect(smtp.mails).toHaveLength(14);
      expect(smtp.mails.filter((m) => m.to.includes('annan@example.se') && m.text.includes('försenad'))).toEqual([]);
    } finally {
      // The live processes hold pooled connections, which a relay's close would wait 30 s for.
      killApiProcesses();
      await Promise.all([smtp.close(), stuck.close()]);
    }
  });
});
