// Erasing a customer (rule: erasure) over HTTP on the embedded stores: the personal fields read
// "[raderad]" everywhere while bookings, history, statistics and capacity stay; and nothing under
// DATA_DIR, nor an export of the log, holds the e-mail, the name, the phone or the comment in
// readable form afterwards. A customer erased who books again has a new key (a generation of its
// own): the old bookings read "[raderad]", the new ones open, before and after a restart.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { exportEvents, importEventsIntoSqliteFile } from '../../api/eventStore/transfer.js';
import { randomUUID } from 'node:crypto';
import { sealedEventStore, type SealedEventStore } from '../../api/eventStore/sealed.js';
import { MAIL_LOG } from '../../api/mail/reactor.js';
import { customerStream, type CustomerErasedData } from '../../domain/customers/erasure.js';
import type { MailLogDoc } from '../../read-models/queries/customers.js';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { openSqliteKeyStore } from '../../api/keys/keyStore.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { rebuildReadModels } from '../../projections/rebuild.js';
import { COLLECTIONS, type BookingDoc } from '../../read-models/shapes.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, useTestServer } from './harness.js';
import { scriptEntry } from '../apiProcess.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
const scratch = mkdtempSync(join(tmpdir(), 'pizzakiosken-erasure-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// ASCII on purpose: the search below looks for these very bytes (an .eml would encode å, ä, ö).
const EMAIL = 'Ester.Unik@Example.se';
const NAME = 'Ester Ingenannan';
const PHONE = '073-555 98 76';
const COMMENT = 'Ring Ester vid porten';
const ENDPOINT = 'https://push.example/ester-egen-webblasare';
// Staff's words about her when they cancel her second booking.
const REASON = 'Ester ringde från sjukhuset';
const SECRETS = [EMAIL.toLowerCase(), NAME.toLowerCase(), PHONE, COMMENT.toLowerCase(), ENDPOINT, REASON.toLowerCase()];

/** Every file under the directory, with the secrets each holds (compared without case). */
function leaks(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      found.push(...leaks(path));
      continue;
    }
    const text = readFileSync(path).toString('latin1').toLowerCase();
    for (const secret of SECRETS) if (text.includes(secret)) found.push(`${path}: ${secret}`);
  }
  return found;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('POST /api/admin/customers/erase', () => {
  it('leaves the bookings, their history, statistics and capacity, with every personal field "[raderad]", and no readable copy under DATA_DIR', async () => {
    const admin = await t.login();
    const customer = { name: NAME, email: EMAIL, phone: PHONE, comment: COMMENT };
    const first = await t.post('/api/bookings', bookingPayload({ ...customer, time: '12:00' }));
    const second = await t.post('/api/bookings', bookingPayload({ ...customer, time: '13:00' }));
    const other = await t.post('/api/bookings', bookingPayload({ time: '12:00' }));
    for (const r of [first, second, other]) expect(r.status).toBe(201);
    expect((await t.put(`/api/admin/bookings/${first.body.booking_id}/confirm`, {}, admin)).status).toBe(200);
    expect(
      (await t.put(`/api/admin/bookings/${second.body.booking_id}/cancel`, { reason: REASON }, admin)).status,
    ).toBe(200);
    // A queue place on a full 18:00, and a VIP entry with an invitation.
    expect(
      (
        await t.post(
          '/api/bookings',
          bookingPayload({ time: '18:00', items: [{ pizza_id: 1, qty: 6 }], requested_pizzas: 6 }),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await t.post('/api/waitlist', {
          date: '2026-11-24',
          time: '18:00',
          name: NAME,
          email: EMAIL,
          requested_pizzas: 2,
        })
      ).status,
    ).toBe(201);
    const vip = await t.post(
      '/api/admin/vip-customers',
      { email: EMAIL, name: NAME, phone: PHONE, notes: COMMENT },
      admin,
    );
    expect(vip.status).toBe(201);
    expect(
      (
        await t.post(
          '/api/admin/vip-invitations/send',
          { customer_ids: [vip.body.id], subject: 'Välkommen', message: 'Hej', expires_hours: 24 },
          admin,
        )
      ).status,
    ).toBe(200);
    // Her browser asks for the ready notice: its endpoint is hers, sealed under her key.
    const subscribed = await t.post('/api/notifications/subscribe', {
      endpoint: ENDPOINT,
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      booking_id: first.body.booking_id,
      email: EMAIL,
    });
    expect(subscribed.status).toBe(201);
    // The mails (received ×2, confirmed, queue receipt, invitation) have gone out to the outbox.
    await until(
      () => t.get(`/api/admin/customers/export?email=${EMAIL}`, admin),
      (r) => r.body.mails?.length >= 5 && r.body.push_subscriptions?.length === 1,
    );

    const stats = async () => ({
      overview: (await t.get('/api/admin/stats/overview', admin)).body,
      sales: (await t.get('/api/admin/stats/sales?startDate=2026-11-01&endDate=2026-11-30', admin)).body,
      availability: (await t.get('/api/availability?date=2026-11-24&pizzas=1')).body,
    });
    const before = await stats();
    // The search finds them while they are held (the read models, the outbox), never in the event log: it is sealed.
    const held = leaks(t.dataDir);
    expect(held.some((leak) => leak.includes('read-models.db'))).toBe(true);
    expect(held.some((leak) => leak.includes('outbox'))).toBe(true);
    expect(held.filter((leak) => leak.includes('events.db'))).toEqual([]);

    const erased = await t.post('/api/admin/customers/erase', { email: ` ${EMAIL.toUpperCase()} ` }, admin);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ erased_bookings: 2, erased_at: MONDAY_MORNING.toISOString() });

    // The bookings stay, with their times, pizzas and statuses; the person is gone.
    const booking = (await t.get(`/api/admin/bookings/${first.body.booking_id}`, admin)).body;
    expect(booking).toMatchObject({
      id: first.body.booking_id,
      status: 'confirmed',
      name: '[raderad]',
      email: '[raderad]',
      phone: '[raderad]',
      comment: '[raderad]',
      total_pizzas: 2,
    });
    const history = (await t.get(`/api/admin/bookings/${first.body.booking_id}/history`, admin)).body;
    expect(history.map((h: any) => h.type)).toEqual(['BookingPlaced', 'BookingConfirmed']);
    expect(JSON.stringify(history)).toContain('[raderad]');
    const cancelled = (await t.get(`/api/admin/bookings/${second.body.booking_id}/history`, admin)).body;
    expect(cancelled.at(-1)).toMatchObject({ type: 'BookingCancelled', data: { reason: '[raderad]' } });
    expect((await t.get(`/api/admin/bookings/${second.body.booking_id}`, admin)).body).toMatchObject({
      status: 'cancelled',
      cancel_reason: '[raderad]',
    });
    expect(await stats()).toEqual(before);
    // The other customer is untouched.
    expect((await t.get(`/api/admin/bookings/${other.body.booking_id}`, admin)).body).toMatchObject({
      name: 'Åsa Öberg',
      email: 'asa@example.se',
    });
    // Nothing is found under the address any more; the customer can no longer look the booking up.
    const after = (await t.get(`/api/admin/customers/export?email=${EMAIL}`, admin)).body;
    expect(after).toMatchObject({
      bookings: [],
      waitlist: [],
      vip_customers: [],
      vip_invitations: [],
      mails: [],
      push_subscriptions: [],
    });
    // Her subscription is gone from the read model, and its events read "[raderad]".
    expect(await t.server.docs.get(COLLECTIONS.pushSubscriptions, subscribed.body.id)).toBeNull();
    const pushLog = await t.server.events.readStream('push-subscriptions');
    expect(pushLog.map((e) => (e.data as { endpoint?: string }).endpoint)).toEqual(['[raderad]']);
    expect((await t.post('/api/bookings/lookup', { email: EMAIL, booking_id: second.body.booking_id })).status).toBe(
      404,
    );

    // No readable copy anywhere under DATA_DIR: event log, read models, key store, mail outbox, WALs.
    expect(leaks(t.dataDir)).toEqual([]);

    // The log exported and imported into a new store replays the same bookings, still erased.
    const exported = join(scratch, 'events.ndjson');
    await exportEvents(t.server.events, exported);
    expect(leaks(scratch)).toEqual([]);
    const keys = openSqliteKeyStore(join(scratch, 'keys.db'));
    await importEventsIntoSqliteFile(join(scratch, 'events.db'), exported, {
      seal: (store) => sealedEventStore(store, keys, false),
    });
    const events = sealedEventStore(openSqliteEventStore(join(scratch, 'events.db')), keys);
    const docs = openSqliteDocumentStore(join(scratch, 'read-models.db'));
    try {
      expect((await rebuildReadModels(events, docs)).ok).toBe(true);
      const rebuilt = await docs.get<BookingDoc>(COLLECTIONS.bookings, first.body.booking_id);
      expect(rebuilt).toMatchObject({ name: '[raderad]', email: '[raderad]', status: 'confirmed', total_pizzas: 2 });
      expect((await docs.get<BookingDoc>(COLLECTIONS.bookings, other.body.booking_id))?.email).toBe('asa@example.se');
    } finally {
      await docs.close();
      await events.close();
    }
    expect(leaks(scratch)).toEqual([]);
  });

  it('is completed by the erasure reactor when the process stopped right after recording it: the key goes, the mails are forgotten', async () => {
    const admin = await t.login();
    const email = 'avbruten@example.se';
    expect((await t.post('/api/bookings', bookingPayload({ email, time: '14:00' }))).status).toBe(201);
    await until(
      () => t.get(`/api/admin/customers/export?email=${email}`, admin),
      (r) => r.body.mails?.length >= 1,
    );
    const mailIds = (await t.server.docs.find<MailLogDoc>(MAIL_LOG)).filter((m) => m.to === email).map((m) => m.id);
    const { keys } = t.server.events as SealedEventStore;
    const keyId = keys.customerIdOf(email);
    const serial = await keys.serialOf(keyId);
    expect(serial).not.toBeNull();
    // What POST /customers/erase appends, and nothing of what it does next.
    const data: CustomerErasedData = {
      customer_key: keyId,
      key_serial: serial,
      reason: 'request',
      erased_at: MONDAY_MORNING.toISOString(),
      last_booking_at: null,
      booking_ids: [],
      waitlist_ids: [],
      vip_customer_ids: [],
      invitation_ids: [],
      mail_ids: mailIds,
      staff_mail_ids: [],
    };
    await t.server.events.append(
      customerStream(keyId),
      [
        {
          id: randomUUID(),
          type: 'CustomerErased',
          data,
          metadata: { actor: 'admin@pizzakiosken.test', timestamp: MONDAY_MORNING.toISOString() },
        },
      ],
      'no_stream',
    );
    await until(
      () => keys.serialOf(keyId),
      (s) => s === null,
    );
    await until(
      () => t.server.docs.find<MailLogDoc>(MAIL_LOG),
      (log) => log.every((m) => m.to !== email),
    );
    // The outbox files go after the log is scrubbed.
    const held = async () =>
      mailIds.filter((id) => readdirSync(join(t.dataDir, 'outbox')).some((f) => f.startsWith(id)));
    expect(await until(held, (ids) => ids.length === 0)).toEqual([]);
  });

  it('counts nothing for an unknown customer, refuses a malformed e-mail and needs a signed-in admin', async () => {
    const admin = await t.login();
    const none = await t.post('/api/admin/customers/erase', { email: 'ingen@example.se' }, admin);
    expect(none.status).toBe(200);
    expect(none.body.erased_bookings).toBe(0);
    const bad = await t.post('/api/admin/customers/erase', { email: 'inte-en-adress' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ogiltig e-postadress');
    expect((await t.post('/api/admin/customers/erase', { email: 'kund@example.se' })).status).toBe(401);
  });
});

describe('an erased customer who books again the same day', () => {
  const root = join(import.meta.dirname, '..', '..');
  const cli = (script: string, args: string[], dataDir: string) =>
    promisify(execFile)(process.execPath, [...scriptEntry(script), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    }).then(
      (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );

  it('gets a new key: the old booking reads "[raderad]", the new one opens, and the day keeps working after a restart, an export and a rebuild', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-erasure-again-'));
    const email = 'Greta.Atervand@example.se';
    let server = await startTestServer({ dataDir, now: () => MONDAY_MORNING });
    try {
      let admin = await server.login();
      const old = await server.post('/api/bookings', bookingPayload({ email, name: 'Greta Gammal', time: '12:00' }));
      expect(old.status).toBe(201);
      const erased = await server.post('/api/admin/customers/erase', { email }, admin);
      expect(erased.status).toBe(200);
      expect(erased.body.erased_bookings).toBe(1);
      const again = await server.post(
        '/api/bookings',
        bookingPayload({ email: email.toLowerCase(), name: 'Greta Ny', time: '13:00' }),
      );
      expect(again.status).toBe(201);

      const histories = async () => {
        const [before, after] = await Promise.all(
          [old, again].map((b) => server.get(`/api/admin/bookings/${b.body.booking_id}/history`, admin)),
        );
        expect(before.status).toBe(200);
        expect(after.status).toBe(200);
        expect(JSON.stringify(before.body)).toContain('[raderad]');
        expect(JSON.stringify(before.body)).not.toContain('Greta Gammal');
        expect(JSON.stringify(after.body)).toContain('Greta Ny');
        expect(JSON.stringify(after.body)).not.toContain('[raderad]');
      };
      await histories();

      // A restart on the same DATA_DIR: the day's stream is read from the log again.
      await server.close();
      server = await startTestServer({ dataDir, now: () => MONDAY_MORNING });
      admin = await server.login();
      await histories();
      const other = await server.post('/api/bookings', bookingPayload({ email: 'ny.kund@example.se', time: '14:00' }));
      expect(other.status).toBe(201);
      const confirmed = await server.put(`/api/admin/bookings/${again.body.booking_id}/confirm`, {}, admin);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.booking).toMatchObject({ status: 'confirmed', name: 'Greta Ny' });
      const baking = await server.put(
        `/api/admin/bookings/${again.body.booking_id}/kitchen`,
        { step: 'baking' },
        admin,
      );
      expect(baking.status).toBe(200);
      expect((await server.get(`/api/admin/bookings/${old.body.booking_id}`, admin)).body).toMatchObject({
        name: '[raderad]',
        email: '[raderad]',
      });
      // Erased by generation: the old record finds no key, none is opened with a wrong one.
      expect((server.server.events as SealedEventStore).unopenable).toBe(0);
      await server.close();

      // The operations scripts, run as an operator runs them, read the whole log through the seal.
      const exported = await cli('eventsExport.ts', [join(dataDir, 'backup.ndjson')], dataDir);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toContain('verified: every read model matches the events');
      const rebuilt = await cli('projectionsRebuild.ts', [], dataDir);
      expect(rebuilt.code, rebuilt.stderr).toBe(0);
      expect(rebuilt.stdout).toContain('verified: every read model matches the events');
      expect(exported.stderr + rebuilt.stderr).not.toContain('could not be opened');
      const backup = readFileSync(join(dataDir, 'backup.ndjson'), 'utf8');
      expect(backup).toContain('Greta Ny');
      expect(backup).not.toContain('Greta Gammal');
    } finally {
      await server.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
