// A server killed with SIGKILL in the middle of a send: the mail it was sending holds back no
// other (the next goes out within seconds of the restart), and the restarted server frees the
// dead process's leases at start, so the interrupted mail goes out then too, once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../api/harness.js';
import { killApiProcesses, startApiProcess } from '../apiProcess.js';
import { startSmtpServer } from './smtp.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-sendcrash-'));
afterAll(() => {
  killApiProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

async function until(check: () => boolean, what: string, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a sender killed mid-send', () => {
  it('sends the next mail and the interrupted one within 15 s of the restart, each once', async () => {
    let held: string | null = 'fast@example.se';
    const smtp = await startSmtpServer({ hold: () => held });
    try {
      const env = { SMTP_URL: smtp.url, REACTOR_LEASE_TTL_MS: '1500' };
      const first = await startApiProcess(dataDir, env);
      const date = inDays(3);
      const placed = await first.call(
        'POST',
        '/api/bookings',
        bookingPayload({ date, time: '12:00', email: 'fast@example.se' }),
      );
      expect(placed.status).toBe(201);
      // The staff notice goes; the receipt is stuck in the relay's DATA.
      await until(() => smtp.mails.length === 1, 'the staff notice', 15_000);
      await new Promise((r) => setTimeout(r, 500));
      first.child.kill('SIGKILL');
      await first.exited;
      held = null;

      const second = await startApiProcess(dataDir, env);
      const restarted = Date.now();
      const next = await second.call(
        'POST',
        '/api/bookings',
        bookingPayload({ date, time: '12:30', email: 'nasta@example.se' }),
      );
      expect(next.status).toBe(201);
      await until(() => smtp.mails.some((m) => m.to.includes('nasta@example.se')), 'the next mail', 15_000);
      expect(Date.now() - restarted).toBeLessThan(15_000);

      // The interrupted receipt: its lease, the dead process's, was freed at the restart; once.
      expect(second.output()).toMatch(/Freed \d+ leases of an earlier process/);
      await until(() => smtp.mails.some((m) => m.to.includes('fast@example.se')), 'the interrupted mail', 15_000);
      await new Promise((r) => setTimeout(r, 2000));
      expect(smtp.mails.filter((m) => m.to.includes('fast@example.se'))).toHaveLength(1);
      expect(smtp.mails).toHaveLength(4);
    } finally {
      await smtp.close();
    }
  });
});
