// Web push and SMS through the shared leased sender (api/outbox/leasedSender.ts), as mail goes in
// test/mail/leaseFence.test.ts: a process stopped (SIGSTOP) while its provider held the notice's
// request, past the item's lease, does not store its late outcome over the one the process that
// took the item over stored (issue 44, item 5). Two real API processes on one DATA_DIR, the test's
// own push service and 46elks endpoint; the kitchen's steps are recorded by this process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { killApiProcesses, startApiProcess, stopOutsideWriteLocks, type ApiProcess } from '../apiProcess.js';
import { startSmtpServer } from '../mail/smtp.js';
import { startElksEndpoint } from '../mail/elksEndpoint.js';
import { PUSH_CERT_FILE, startPushService } from '../push/pushService.js';
import { PUSH_LOG, type PushItem } from '../../api/push/reactor.js';
import { SMS_LOG, type SmsItem } from '../../api/sms/reactor.js';

const dirs: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  killApiProcesses();
  for (const server of servers) await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

const SMS = { SMS_46ELKS_USERNAME: 'u0123456789abcdef', SMS_46ELKS_PASSWORD: 'Hemligt-elks-lösen' };

/** The provider's first request stops process A and is held; answers the hold's controls. */
function holdFirst() {
  let a: ApiProcess | null = null;
  let answer: (status: number) => void = () => {};
  let dataDir = '';
  let holding = false;
  let held = false;
  return {
    set process(p: ApiProcess) {
      a = p;
    },
    set dataDir(dir: string) {
      dataDir = dir;
    },
    get held() {
      return held;
    },
    hold(): Promise<number | null> | null {
      if (holding || !a?.child.pid) return null;
      holding = true;
      const answered = new Promise<number>((resolve) => (answer = resolve));
      void stopOutsideWriteLocks(a.child, dataDir).then(() => (held = true));
      return answered;
    },
    /** A goes on; its held request is answered `status`. */
    resume(status: number) {
      process.kill(a!.child.pid!, 'SIGCONT');
      answer(status);
    },
  };
}

/** A with the booking's notice held at its provider and stopped; B started; the kitchen in this process. */
async function scene(
  env: Record<string, string>,
  book: (a: ApiProcess) => Promise<string>,
  control: ReturnType<typeof holdFirst>,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-fence-notice-'));
  dirs.push(dataDir);
  control.dataDir = dataDir;
  const smtp = await startSmtpServer();
  const all = {
    SMTP_URL: smtp.url,
    REACTOR_LEASE_TTL_MS: '1500',
    OUTBOX_ITEM_LEASE_MS: '1500',
    NODE_EXTRA_CA_CERTS: PUSH_CERT_FILE,
    BOOKINGS_PER_MINUTE: '0',
    ...env,
  };
  const a = await startApiProcess(dataDir, all);
  control.process = a;
  const kitchen = await startTestServer({ dataDir, config: { runReactors: false, smtpUrl: null } });
  servers.push(kitchen);
  const id = await book(a);
  await kitchen.server.services.bookings.confirm(id, ADMIN.email);
  await kitchen.server.services.bookings.kitchenStep(id, 'baking', ADMIN.email);
  await kitchen.server.services.bookings.kitchenStep(id, 'ready', ADMIN.email);
  await until(() => control.held, "A's notice at its provider");
  const b = await startApiProcess(dataDir, all);
  return { a, b, kitchen, smtp };
}

describe('a notice sender stopped past its lease (SIGSTOP)', () => {
  it("web push: does not store its late failure over the other process's sent", async () => {
    const control = holdFirst();
    let key = '';
    const push = await startPushService(() => key, { hold: () => control.hold() });
    try {
      const { kitchen, smtp } = await scene(
        {},
        async (a) => {
          key = (await a.call('GET', '/api/notifications/vapid-public-key')).body.key as string;
          const placed = await a.call('POST', '/api/bookings', bookingPayload({ date: inDays(3), time: '12:00' }));
          expect(placed.status).toBe(201);
          const id = placed.body.booking_id as string;
          const subscribed = await a.call('POST', '/api/notifications/subscribe', {
            ...push.subscribe('stopped'),
            booking_id: id,
            email: bookingPayload().email,
          });
          expect(subscribed.status).toBe(201);
          return id;
        },
        control,
      );
      // B takes the notice over once A's lease ran out; its push is taken.
      await until(() => push.received.length === 1, "B's push");
      control.resume(500);
      await sleep(4000);
      expect(push.received).toHaveLength(1);
      // B's outcome as B stored it: not A's late failure (a 500 on a sent notice), repaired to sent.
      const items = await kitchen.server.docs.find<PushItem>(PUSH_LOG);
      expect(items).toEqual([expect.objectContaining({ state: 'sent', attempts: 1, status: 201, last_error: null })]);
      await smtp.close();
    } finally {
      await push.close();
    }
  }, 120_000);

  it("SMS: does not store its late failure over the other process's sent", async () => {
    const control = holdFirst();
    const elks = await startElksEndpoint({
      username: SMS.SMS_46ELKS_USERNAME,
      password: SMS.SMS_46ELKS_PASSWORD,
      hold: () => control.hold(),
    });
    try {
      const { kitchen, smtp } = await scene(
        { ...SMS, SMS_46ELKS_URL: elks.url },
        async (a) => {
          const placed = await a.call(
            'POST',
            '/api/bookings',
            bookingPayload({ date: inDays(3), time: '12:00', phone: '070-222 22 22', sms_when_ready: true }),
          );
          expect(placed.status, JSON.stringify(placed.body)).toBe(201);
          return placed.body.booking_id as string;
        },
        control,
      );
      await until(() => elks.received.length === 1, "B's SMS");
      control.resume(503);
      await sleep(4000);
      expect(elks.received).toHaveLength(1);
      // B's outcome as B stored it, with 46elks' id of the SMS (its delivery reports' key), not A's
      // late failure over it.
      const items = await kitchen.server.docs.find<SmsItem>(SMS_LOG);
      expect(items).toEqual([
        expect.objectContaining({ state: 'sent', attempts: 1, status: 200, last_error: null, provider_id: 's1' }),
      ]);
      await smtp.close();
    } finally {
      await elks.close();
    }
  }, 120_000);
});
