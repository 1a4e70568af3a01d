// Two API processes on one DATA_DIR, one real SMTP server: every mail arrives exactly once, while
// both run, after the mail sender stops cleanly and after it is killed (the other takes over).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, bookingPayload } from '../api/harness.js';
import { killApiProcesses, startApiProcess } from '../apiProcess.js';
import { startSmtpServer } from './smtp.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-mail2-'));
afterAll(() => {
  killApiProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

const apiProcess = (smtpUrl: string) => startApiProcess(dataDir, { SMTP_URL: smtpUrl, REACTOR_LEASE_TTL_MS: '1500' });

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const messageIds = (mails: Array<{ raw: string }>) =>
  mails.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1] ?? '?');

describe('mail with two API processes on one store', () => {
  it('sends every mail exactly once, also when the sender stops or dies', async () => {
    const smtp = await startSmtpServer();
    try {
      const a = await apiProcess(smtp.url);
      const b = await apiProcess(smtp.url);
      const admin = (await b.call('POST', '/api/admin/login', ADMIN)).cookie;
      let living = b;
      const c0 = () => living;
      const date = inDays(3);
      let n = 0;
      let expected = 0;
      const book = async (p: typeof a) => {
        const i = n++;
        const time = `${String(11 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
        const reply = await p.call(
          'POST',
          '/api/bookings',
          bookingPayload({
            date,
            time,
            email: `kund${i}@example.se`,
            items: [{ pizza_id: 1, qty: 1 }],
            requested_pizzas: 1,
          }),
        );
        expect(reply.status).toBe(201);
        expected += 2; // to the customer and to the kiosk
        return reply.body.booking_id as string;
      };
      const settle = async () => {
        await smtp.waitFor(expected);
        // Longer than a poll and a lease term: any duplicate would have arrived by now.
        await new Promise((r) => setTimeout(r, 2500));
        const ids = messageIds(smtp.mails);
        expect(ids.length, 'mails received').toBe(expected);
        expect(new Set(ids).size, 'distinct mails').toBe(expected);
        // The mail log says so, each entry whole: a sender that listed an item before another sent
        // it must not store its older copy (no recipient yet) over the sent one.
        const log = (await c0().call('GET', '/api/admin/mails?limit=500', undefined, admin)).body.mails as Array<{
          status: string;
          to: string | null;
          subject: string | null;
        }>;
        expect(log.filter((m) => m.status === 'sent' && m.to && m.subject)).toHaveLength(expected);
      };

      // Both running: bookings on either process, confirmations through one.
      const ids = await Promise.all([book(a), book(b), book(a), book(b), book(a), book(b)]);
      for (const id of ids.slice(0, 2)) {
        expect((await a.call('PUT', `/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
        expected += 1;
      }
      await settle();

      // One stops cleanly (frees the lease at once), one is killed (its lease runs out): the
      // survivor of each round sends what comes next, once.
      const c = await apiProcess(smtp.url);
      living = c;
      a.child.kill('SIGTERM');
      await a.exited;
      await Promise.all([book(b), book(c)]);
      await settle();
      b.child.kill('SIGKILL');
      await b.exited;
      await Promise.all([book(c), book(c)]);
      await settle();
      expect(smtp.mails.length).toBe(2 * 10 + 2);
    } finally {
      await smtp.close();
    }
  });
});
