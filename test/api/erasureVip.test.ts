// One VIP, one key (rule: erasure): a VIP entry and its invitations are sealed under a key of the
// entry, so the e-mail it had before staff changed it goes with that key; erasing the VIP under
// either address erases the other address's bookings, invitations and mails too, and afterwards
// no earlier address of theirs is readable anywhere under DATA_DIR (events.db, read-models.db,
// keys.db, the mail outbox, their WAL files).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { MAIL_LOG } from '../../api/mail/reactor.js';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });

// ASCII on purpose: the search below looks for these very bytes (an .eml would encode å, ä, ö).
const OLD = 'vera.tidigare@example.se';
const NEW = 'vera.numera@example.se';
const NAME = 'Vera Vipsdotter';
const PHONE = '070-246 80 24';

function leaks(dir: string, secrets: string[]): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      found.push(...leaks(path, secrets));
      continue;
    }
    const text = readFileSync(path).toString('latin1').toLowerCase();
    for (const secret of secrets) if (text.includes(secret.toLowerCase())) found.push(`${path}: ${secret}`);
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

/** The raw (sealed) events of a stream, read past the sealing layer. */
function rawStream(dataDir: string, stream: string) {
  const raw = openSqliteEventStore(join(dataDir, 'events.db'));
  return raw.readStream(stream).finally(() => raw.close());
}

describe('erasing a VIP whose e-mail was changed', () => {
  it('seals the entry under one key across its e-mails and erases every address it has held, with its bookings and mails', async () => {
    const admin = await t.login();
    const vip = await t.post('/api/admin/vip-customers', { email: OLD, name: NAME, phone: PHONE, notes: null }, admin);
    expect(vip.status).toBe(201);
    const invite = () =>
      t.post(
        '/api/admin/vip-invitations/send',
        { customer_ids: [vip.body.id], subject: 'Hej {name}', message: 'Välkommen', expires_hours: 24 },
        admin,
      );
    expect((await invite()).status).toBe(200);
    // She books under the earlier address, then staff change it.
    const booked = await t.post('/api/bookings', bookingPayload({ name: NAME, email: OLD, phone: PHONE }));
    expect(booked.status).toBe(201);
    const changed = await t.put(
      `/api/admin/vip-customers/${vip.body.id}`,
      { email: NEW, name: NAME, phone: PHONE, notes: 'Ny adress' },
      admin,
    );
    expect(changed.status).toBe(200);
    expect((await invite()).status).toBe(200);
    // Every mail has gone out (not only been logged): the invitation and the booking's receipt to
    // the old address, the staff notice, the second invitation to the new address.
    await until(
      () => t.server.docs.find<{ id: string; status: string }>(MAIL_LOG),
      (mails) => mails.length === 4 && mails.every((m) => m.status === 'sent'),
    );

    // One VIP, one key: the entry as added (the old address) and as changed (the new) name the same key.
    const sealedKeys = (await rawStream(t.dataDir, 'vip-customers')).map(
      (e) => (e.data as { sealed?: { key: string } }).sealed?.key,
    );
    expect(sealedKeys).toHaveLength(2);
    expect(sealedKeys[0]).toBeTruthy();
    expect(sealedKeys[1]).toBe(sealedKeys[0]);
    expect(leaks(t.dataDir, [OLD]).some((leak) => leak.includes('read-models.db'))).toBe(true);

    const erased = await t.post('/api/admin/customers/erase', { email: NEW }, admin);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ erased_bookings: 1, erased_at: MONDAY_MORNING.toISOString() });

    // The VIP entry, its history and the booking under the earlier address read "[raderad]".
    const list = (await t.get('/api/admin/vip-customers', admin)).body;
    expect(list.find((c: { id: number }) => c.id === vip.body.id)).toMatchObject({
      email: '[raderad]',
      name: '[raderad]',
    });
    const entry = await t.server.events.readStream('vip-customers');
    expect(entry.map((e) => (e.data as { email: string }).email)).toEqual(['[raderad]', '[raderad]']);
    expect((await t.get(`/api/admin/bookings/${booked.body.booking_id}`, admin)).body).toMatchObject({
      name: '[raderad]',
      email: '[raderad]',
    });
    for (const email of [OLD, NEW])
      expect((await t.get(`/api/admin/customers/export?email=${email}`, admin)).body).toMatchObject({
        bookings: [],
        vip_customers: [],
        vip_invitations: [],
        mails: [],
      });
    // Nowhere under DATA_DIR: event log, read models, key store, outbox.
    expect(leaks(t.dataDir, [OLD, NEW, NAME, PHONE])).toEqual([]);
    // The address is free for a new entry (the cached VIP list was read again).
    expect(
      (await t.post('/api/admin/vip-customers', { email: OLD, name: 'Annan Vera', phone: null, notes: null }, admin))
        .status,
    ).toBe(201);
  });
});
