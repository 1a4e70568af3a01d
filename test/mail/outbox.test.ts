// The mail outbox against a real SMTP relay on loopback (smtp-server): a relay that refuses the
// sign-in or throttles for a while loses nothing and sends each mail once; a recipient refused for
// good is parked as failed while the others go; staff see it in /api/ready, the mail log and its
// resend.
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';
import { startSmtpServer } from './smtp.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';

let cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function kioskWith(smtpUrl: string): Promise<{ t: TestServer; admin: string }> {
  const t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl } });
  cleanups.push(() => t.close());
  const login = await t.post('/api/admin/login', ADMIN);
  const admin = (login.headers.get('set-cookie') ?? '').split(';')[0];
  return { t, admin };
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const book = async (t: TestServer, email: string, time: string) =>
  expect((await t.post('/api/bookings', bookingPayload({ email, time }))).status).toBe(201);

describe('the mail outbox and a relay in trouble', () => {
  it('keeps every mail while the relay refuses the sign-in (535), then sends each once', async () => {
    let accept = false;
    const smtp = await startSmtpServer({ signIn: () => accept });
    cleanups.push(() => smtp.close());
    const { t, admin } = await kioskWith(smtp.url);
    for (const [email, time] of [
      ['ett@example.se', '12:00'],
      ['tva@example.se', '12:30'],
      ['tre@example.se', '13:00'],
    ] as const)
      await book(t, email, time);

    // The relay's trouble is seen, and nothing is given up meanwhile.
    await until(
      async () => (await t.get('/api/ready')).body.mail?.relay === 'failing',
      'the relay to be reported failing',
    );
    const ready = await t.get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.mail.last_error).toMatch(/535/);
    const failed = await t.get('/api/admin/mails?status=failed', admin);
    expect(failed.body.mails).toEqual([]);

    accept = true;
    // 3 booking receipts and 3 staff notices.
    await until(() => smtp.mails.length >= 6, 'six mails', 60_000);
    await sleep(1000);
    expect(smtp.mails).toHaveLength(6);
    expect(new Set(smtp.mails.map((m) => messageIdOf(m.raw))).size).toBe(6);
    for (const email of ['ett@example.se', 'tva@example.se', 'tre@example.se'])
      expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);

    const log = await t.get('/api/admin/mails', admin);
    expect(log.status).toBe(200);
    expect(log.body.mails).toHaveLength(6);
    expect(log.body.mails.every((m: { status: string }) => m.status === 'sent')).toBe(true);
    await until(async () => (await t.get('/api/ready')).body.mail?.relay === 'ok', 'the relay to be reported ok');
    expect((await t.get('/api/ready')).body.mail).toMatchObject({ due: 0, failed: 0, relay: 'ok', last_error: null });
  });

  it('pauses while the relay throttles (421 and 451 at MAIL FROM), then sends each once', async () => {
    let answers = [421, 451, 451];
    const smtp = await startSmtpServer({ mailFrom: () => answers.shift() ?? null });
    cleanups.push(() => smtp.close());
    const { t } = await kioskWith(smtp.url);
    await book(t, 'strypt@example.se', '12:00');
    await until(() => smtp.mails.length >= 2, 'two mails', 60_000);
    await sleep(800);
    expect(answers).toEqual([]);
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual([ADMIN.email, 'strypt@example.se'].sort());
    answers = [];
  });

  it('parks a recipient refused for good (550 at RCPT) as failed, sends the others, and resends on purpose', async () => {
    const smtp = await startSmtpServer({ refuse: 'finns-inte@example.se' });
    cleanups.push(() => smtp.close());
    const { t, admin } = await kioskWith(smtp.url);
    await book(t, 'finns-inte@example.se', '12:00');
    await book(t, 'ja@example.se', '12:30');
    await until(() => smtp.mails.length >= 3, 'three mails');
    await until(
      async () => (await t.get('/api/admin/mails?status=failed', admin)).body.mails.length === 1,
      'one failed',
    );

    const failed = (await t.get('/api/admin/mails?status=failed', admin)).body.mails;
    expect(failed[0]).toMatchObject({
      kind: 'booking_received',
      to: 'finns-inte@example.se',
      status: 'failed',
      attempts: 1,
    });
    expect(failed[0].last_error).toMatch(/550/);
    expect(failed[0].booking_id).toMatch(/^\d{8}-\d+$/);
    expect(smtp.mails.filter((m) => m.to.includes('ja@example.se'))).toHaveLength(1);
    // The relay is fine: one address was refused, not the relay.
    expect((await t.get('/api/ready')).body.mail).toMatchObject({ failed: 1, relay: 'ok' });

    // Filters: by booking and by kind.
    const ofBooking = await t.get(`/api/admin/mails?booking_id=${failed[0].booking_id}`, admin);
    expect(ofBooking.body.mails.map((m: { kind: string }) => m.kind).sort()).toEqual([
      'booking_received',
      'staff_new_booking',
    ]);
    const staff = await t.get('/api/admin/mails?kind=staff_new_booking', admin);
    expect(staff.body.mails).toHaveLength(2);
    const bad = await t.get('/api/admin/mails?status=borta', admin);
    expect(bad.status).toBe(400);

    // A resend is a new item; the old one stays as it was.
    const sentOne = (await t.get('/api/admin/mails?kind=booking_received&status=sent', admin)).body.mails[0];
    const resent = await t.post(`/api/admin/mails/${sentOne.id}/resend`, {}, admin);
    expect(resent.status).toBe(201);
    expect(resent.body.mail).toMatchObject({ status: 'pending', to: 'ja@example.se' });
    await until(() => smtp.mails.filter((m) => m.to.includes('ja@example.se')).length === 2, 'the resent mail');
    expect((await t.get(`/api/admin/mails?booking_id=${sentOne.booking_id}`, admin)).body.mails).toHaveLength(3);
    expect((await t.post('/api/admin/mails/finns-inte/resend', {}, admin)).status).toBe(404);
    expect((await t.get('/api/admin/mails')).status).toBe(401);
  });
});
