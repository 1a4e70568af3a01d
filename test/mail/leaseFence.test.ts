// A sender that lost an item's lease while it was stopped (SIGSTOP: a blocked event loop, a long
// Mongo election) does not send it after another process took it over, and does not store its
// late outcome over the other's (issue 44, item 5). Two real API processes on one DATA_DIR and a
// real SMTP server: the relay holds process A's RCPT TO for one customer while the test stops A;
// with A stopped past the item's lease (OUTBOX_ITEM_LEASE_MS, short here), process B takes the item
// and sends it; then A goes on and the relay answers A's RCPT.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, bookingPayload } from '../api/harness.js';
import { killApiProcesses, startApiProcess, stopOutsideWriteLocks, type ApiProcess } from '../apiProcess.js';
import { startSmtpServer, type SmtpAnswer } from './smtp.js';

const dirs: string[] = [];
afterAll(() => {
  killApiProcesses();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs the scene: A's first RCPT TO for `email` stops A (SIGSTOP) and waits; B starts, takes the
 * item once A's lease ran out, and sends it (its RCPT answered at once); then A is continued and
 * its RCPT answered `late` (null: taken). Answers the relay's mails and the processes.
 */
async function stoppedPastTheLease(email: string, late: SmtpAnswer | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-fence-'));
  dirs.push(dataDir);
  let a: ApiProcess | null = null;
  let answering = false;
  let stopped: (() => void) | null = null;
  let answerA: (answer: SmtpAnswer | null) => void = () => {};
  const smtp = await startSmtpServer({
    rcpt: (address) => {
      if (address !== email || answering || !a?.child.pid) return null;
      answering = true;
      const answer = new Promise<SmtpAnswer | null>((resolve) => (answerA = resolve));
      void stopOutsideWriteLocks(a.child, dataDir).then(() => (stopped = () => {}));
      return answer;
    },
  });
  const env = { SMTP_URL: smtp.url, REACTOR_LEASE_TTL_MS: '1500', OUTBOX_ITEM_LEASE_MS: '1500' };
  a = await startApiProcess(dataDir, env);
  const placed = await a.call('POST', '/api/bookings', bookingPayload({ date: inDays(3), time: '12:00', email }));
  expect(placed.status).toBe(201);
  await until(() => stopped !== null, 'A to reach RCPT TO and be stopped');

  // B takes the item over once A's lease ran out, and the relay takes it from B.
  const b = await startApiProcess(dataDir, env);
  await until(() => smtp.mails.some((m) => m.to.includes(email)), "B's send", 20_000);

  // A goes on, as it would after a blocked loop or an election, and its RCPT is answered.
  process.kill(a.child.pid!, 'SIGCONT');
  answerA(late);
  await new Promise((r) => setTimeout(r, 3000));
  const admin = (await b.call('POST', '/api/admin/login', ADMIN)).cookie;
  const log = (await b.call('GET', '/api/admin/mails?limit=50', undefined, admin)).body.mails as Array<{
    kind: string;
    status: string;
    to: string | null;
  }>;
  return { smtp, a, b, log: log.filter((m) => m.kind === 'booking_received') };
}

describe('a sender stopped past its lease (SIGSTOP)', () => {
  it('does not send the mail another process took over and sent', async () => {
    const { smtp, a, log } = await stoppedPastTheLease('paus@example.se', null);
    try {
      expect(smtp.mails.filter((m) => m.to.includes('paus@example.se'))).toHaveLength(1);
      expect(log).toEqual([expect.objectContaining({ status: 'sent', to: 'paus@example.se' })]);
      expect(a.output()).toMatch(/lease was lost/);
    } finally {
      await smtp.close();
    }
  }, 60_000);

  it("does not store its late refusal over the other's sent", async () => {
    const { smtp, log } = await stoppedPastTheLease('sen@example.se', { code: 550, message: '5.1.1 No such user' });
    try {
      expect(smtp.mails.filter((m) => m.to.includes('sen@example.se'))).toHaveLength(1);
      expect(log).toEqual([expect.objectContaining({ status: 'sent', to: 'sen@example.se' })]);
    } finally {
      await smtp.close();
    }
  }, 60_000);
});
