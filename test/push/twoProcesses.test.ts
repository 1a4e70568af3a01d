// Two API processes on one DATA_DIR with a real SMTP server and the test's push service: every
// ready notice arrives once by push while both run, and once after the one sending is killed
// (another takes over), and never also as a 'klar' mail (rule: notice-channel). The kitchen steps are recorded by a third process on the same
// store (this one), as the kitchen's screen would through any replica.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, bookingPayload, startTestServer } from '../api/harness.js';
import { killApiProcesses, startApiProcess } from '../apiProcess.js';
import { startSmtpServer } from '../mail/smtp.js';
import { PUSH_CERT_FILE, startPushService } from './pushService.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-push2-'));
afterAll(() => {
  killApiProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

// The push service's certificate is trusted the way a machine trusts its own CA.
const apiProcess = (smtpUrl: string) =>
  startApiProcess(dataDir, {
    SMTP_URL: smtpUrl,
    REACTOR_LEASE_TTL_MS: '1500',
    NODE_EXTRA_CA_CERTS: PUSH_CERT_FILE,
    BOOKINGS_PER_MINUTE: '0',
  });

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ready notices with two API processes on one store', () => {
  it('sends each push once and no klar mail besides, also after the sender dies', async () => {
    const smtp = await startSmtpServer();
    const a = await apiProcess(smtp.url);
    const b = await apiProcess(smtp.url);
    // This process records the kitchen's steps; it sends nothing itself.
    const kitchen = await startTestServer({ dataDir, config: { runReactors: false, smtpUrl: null } });
    const key = (await a.call('GET', '/api/notifications/vapid-public-key')).body.key as string;
    expect((await b.call('GET', '/api/notifications/vapid-public-key')).body.key).toBe(key);
    expect((await kitchen.get('/api/notifications/vapid-public-key')).body.key).toBe(key);
    const push = await startPushService(() => key);
    try {
      const date = inDays(3);
      let n = 0;
      const ready: string[] = [];
      const orderReady = async (p: typeof a) => {
        const i = n++;
        const time = `${String(11 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
        const email = `klar${i}@example.se`;
        const placed = await p.call(
          'POST',
          '/api/bookings',
          bookingPayload({ date, time, email, items: [{ pizza_id: 1, qty: 1 }], requested_pizzas: 1 }),
        );
        expect(placed.status).toBe(201);
        const id = placed.body.booking_id as string;
        expect(
          (
            await p.call('POST', '/api/notifications/subscribe', {
              ...push.subscribe(`browser-${i}`),
              booking_id: id,
              email,
            })
          ).status,
        ).toBe(201);
        const meta = { actor: ADMIN.email, now: new Date() };
        await kitchen.server.services.bookings.confirm(id, ADMIN.email);
        await kitchen.server.services.bookings.kitchenStep(id, 'baking', meta.actor);
        await kitchen.server.services.bookings.kitchenStep(id, 'ready', meta.actor);
        ready.push(id);
      };
      const klarMails = () => smtp.mails.filter((m) => /^Subject:.*klar/im.test(m.text));
      const settle = async () => {
        for (let waited = 0; push.received.length < ready.length && waited < 20_000; waited += 50) await sleep(50);
        // Longer than a poll and a lease term: any duplicate would have arrived by now.
        await sleep(2500);
        expect(push.problems).toEqual([]);
        expect(push.received.map((r) => r.name).sort()).toEqual(ready.map((_, i) => `browser-${i}`).sort());
        expect(push.requests).toHaveLength(ready.length);
        // Each customer's browser subscribed: the push was the notice's one channel.
        expect(klarMails()).toEqual([]);
      };

      await Promise.all([orderReady(a), orderReady(b), orderReady(a), orderReady(b)]);
      await settle();

      // A third joins, then the first two are killed one after the other, so the one sending
      // surely dies: its lease runs out and a survivor sends what comes next, once.
      const c = await apiProcess(smtp.url);
      a.child.kill('SIGKILL');
      await a.exited;
      await Promise.all([orderReady(b), orderReady(c)]);
      await settle();
      b.child.kill('SIGKILL');
      await b.exited;
      await Promise.all([orderReady(c), orderReady(c)]);
      await settle();
      expect(push.received).toHaveLength(8);
    } finally {
      await kitchen.close();
      await push.close();
      await smtp.close();
    }
  });
});
