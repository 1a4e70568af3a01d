// The sealing layer (api/eventStore/sealed.ts) and the embedded key store (api/keys/keyStore.ts),
// on real SQLite files (rule: erasure): keys by generation, stores and records from before
// generations, and records that cannot be opened (another key, damaged), which read as erased.
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sealedEventStore } from '../../api/eventStore/sealed.js';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { customerIdWith, openSqliteKeyStore } from '../../api/keys/keyStore.js';
import type { NewEvent } from '../../domain/eventStore.js';
import { keyStoreContract } from './keyStore.contract.js';
import { vipOwner } from '../../domain/customers/personalData.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stores(prepare?: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-sealed-'));
  dirs.push(dir);
  prepare?.(dir);
  const inner = openSqliteEventStore(join(dir, 'events.db'));
  const keys = openSqliteKeyStore(join(dir, 'keys.db'));
  const logged: string[] = [];
  return { dir, inner, keys, logged, events: sealedEventStore(inner, keys, true, { log: (m) => logged.push(m) }) };
}

/** A key store file as it was before generations: no customer column, a key's id its customer id. */
function oldKeyStore(file: string, secret: Buffer, keys: Array<{ id: string; key: Buffer; serial: string }>) {
  const db = new Database(file);
  db.exec(`
    CREATE TABLE secret (id INTEGER PRIMARY KEY CHECK (id = 1), value BLOB NOT NULL);
    CREATE TABLE customer_keys (key_id TEXT PRIMARY KEY, key BLOB NOT NULL, serial TEXT NOT NULL);
  `);
  db.prepare('INSERT INTO secret (id, value) VALUES (1, ?)').run(secret);
  for (const k of keys) db.prepare('INSERT INTO customer_keys VALUES (?, ?, ?)').run(k.id, k.key, k.serial);
  db.close();
}

let n = 0;
const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  type,
  data,
  metadata: { actor: 'customer', timestamp: '2026-11-23T08:00:00.000Z' },
});
const placed = (email: string, phone: string | null = '070-111 22 33') =>
  event('BookingPlaced', {
    booking_id: '20261124-1',
    booking_date: '2026-11-24',
    booking_time: '12:00',
    name: 'Kim Kund',
    email,
    phone,
    dine_in: false,
    comment: 'Extra ost',
    items: [{ pizza_id: 1, pizza_name: 'Margherita', qty: 2, price_cents: 9500 }],
    total_pizzas: 2,
    final_total_cents: 19000,
  });

/** A seal written by hand, as sealed.ts writes one (and wrote before generations, under the customer id). */
function sealedBy(keyId: string, key: Buffer, plaintext: string, fields: string[]) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(keyId));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { key: keyId, fields, iv: iv.toString('base64'), data: data.toString('base64') };
}

describe('a sealed event store', () => {
  it('stores a booking’s personal fields encrypted and reads them back in the order written, leaving the caller’s event as it was', async () => {
    const { inner, events } = stores();
    const booking = placed('Kim@Example.se');
    const copy = structuredClone(booking);
    await events.append('kioskday-2026-11-24', [booking], 'no_stream');
    expect(booking).toEqual(copy);

    const [raw] = await inner.readStream('kioskday-2026-11-24');
    expect(JSON.stringify(raw.data)).not.toMatch(/Kim|070-111|Extra ost/i);
    expect(raw.data).toMatchObject({
      name: null,
      email: null,
      phone: null,
      comment: null,
      total_pizzas: 2,
      booking_time: '12:00',
    });

    const [read] = await events.readStream('kioskday-2026-11-24');
    expect(JSON.stringify(read.data)).toBe(JSON.stringify(booking.data));
    expect((await events.readAll(0, 10))[0].data).toEqual(booking.data);
    await events.close();
  });

  it('reads an erased customer’s fields as "[raderad]" (a null stays null) and everything else as it was', async () => {
    const { events, keys } = stores();
    await events.append(
      'kioskday-2026-11-24',
      [placed('kim@example.se', null), placed('annan@example.se')],
      'no_stream',
    );
    const customerId = keys.customerIdOf(' KIM@example.se ');
    expect(await keys.erase(customerId, (await keys.serialOf(customerId))!)).toBe(true);

    const [erased, other] = await events.readStream('kioskday-2026-11-24');
    expect(erased.data).toMatchObject({
      name: '[raderad]',
      email: '[raderad]',
      phone: null,
      comment: '[raderad]',
      total_pizzas: 2,
      final_total_cents: 19000,
    });
    expect(other.data).toMatchObject({ name: 'Kim Kund', email: 'annan@example.se', phone: '070-111 22 33' });
    // Sealed again by an import of an export made after the erasure: "[raderad]" is nobody's to seal.
    await events.append('kioskday-2026-11-25', [{ ...erased, id: event('x', {}).id }], 'no_stream');
    expect((await events.readStream('kioskday-2026-11-25'))[0].data).toMatchObject({
      name: '[raderad]',
      email: '[raderad]',
    });
    await events.close();
  });

  it('opens a large page (on its opener thread) exactly as small ones, erased customers and a customer of many bookings included', async () => {
    const { events, keys } = stores();
    const bookings = Array.from({ length: 600 }, (_, i) =>
      placed(`kund${i % 400}@example.se`, i % 3 ? null : '070-111 22 33'),
    );
    await events.append('kioskday-2026-11-24', bookings, 'no_stream');
    for (const email of ['kund7@example.se', 'kund399@example.se']) {
      const customerId = keys.customerIdOf(email);
      await keys.erase(customerId, (await keys.serialOf(customerId))!);
    }
    // A full page (600 of 600 asked for): a reader far behind, whose page goes to the thread.
    const large = await events.readAll(0, 600);
    const small: unknown[] = [];
    for (let after = 0; after < large.length; after += 10) small.push(...(await events.readAll(after, 10)));
    expect(JSON.stringify(large)).toBe(JSON.stringify(small));
    expect(large[7].data).toMatchObject({ name: '[raderad]', email: '[raderad]', phone: null, comment: '[raderad]' });
    expect(large[407].data).toMatchObject({ name: '[raderad]', email: '[raderad]' });
    expect(large[8].data).toEqual(bookings[8].data);
    expect(large.filter((e) => (e.data as { name: string }).name === '[raderad]')).toHaveLength(3);
    // Only the event types asked for are opened, on the thread as elsewhere.
    const unopened = await events.readAll(0, 1000, new Set(['WaitlistJoined']));
    expect(unopened[0].data).toHaveProperty('sealed');
    await events.close();
  });

  it('seals each VIP invitation recipient under their own VIP entry’s key (one VIP, one key)', async () => {
    const { events, keys } = stores();
    const recipients = [
      { invitation_id: 'i1', vip_customer_id: 1, email: 'a@example.se', name: 'Anna', token: 't1' },
      { invitation_id: 'i2', vip_customer_id: 2, email: 'b@example.se', name: 'Bo', token: 't2' },
    ];
    await events.append(
      'vip-links',
      [event('VipInvitationsSent', { subject: 'Hej', message: 'Välkommen', recipients })],
      'no_stream',
    );
    // Not the address's key: the VIP entry's, whatever address it had when invited.
    expect(await keys.serialOf(keys.customerIdOf('a@example.se'))).toBeNull();
    const customerId = keys.customerIdOf(vipOwner(1));
    await keys.erase(customerId, (await keys.serialOf(customerId))!);
    const [read] = await events.readStream('vip-links');
    expect((read.data as { recipients: unknown[] }).recipients).toEqual([
      { ...recipients[0], email: '[raderad]', name: '[raderad]' },
      recipients[1],
    ]);
    await events.close();
  });

  it('keeps the order appends were issued in, also when a new customer’s key waits for the disk', async () => {
    const { events } = stores();
    expect(events.keepsIssueOrder).toBe(true);
    const appends = [
      events.append('kioskday-2026-11-24', [placed('ny@example.se')], 'no_stream'),
      events.append('menu', [event('PizzaAdded', { id: 1 })], 'no_stream'),
    ];
    const [first, second] = await Promise.all(appends);
    expect(first.position).toBeLessThan(second.position);
    await events.close();
  });
});

describe('the tail of events this process appended (issue 30)', () => {
  function tailStores() {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-tail-'));
    dirs.push(dir);
    const open = (tail: boolean) =>
      sealedEventStore(openSqliteEventStore(join(dir, 'events.db')), openSqliteKeyStore(join(dir, 'keys.db')), true, {
        tail,
      });
    return { open };
  }

  it('serves a reader what the store gives back, byte for byte, each reader objects of its own, and reads on in the store past it', async () => {
    const { open } = tailStores();
    const withTail = open(true);
    const other = open(false);
    try {
      await withTail.append('kioskday-2026-11-24', [placed('kim@example.se'), placed('alva@example.se', null)], 'any');
      // Another process's append between this process's: the page is still whole and in order.
      await other.append('kioskday-2026-11-25', [placed('bo@example.se')], 'any');
      await withTail.append('menu', [event('PizzaAdded', { pizza_id: 7, name: 'Vesuvio' })], 'any');
      const fromTail = await withTail.readAll(0, 10);
      const fromStore = await other.readAll(0, 10);
      expect(fromTail.map((e) => e.position)).toEqual([1, 2, 3, 4]);
      expect(JSON.stringify(fromTail)).toBe(JSON.stringify(fromStore));
      const again = await withTail.readAll(0, 10);
      expect(again[0].data).not.toBe(fromTail[0].data);
      (fromTail[0].data as Record<string, unknown>).name = 'Ändrad';
      expect((again[0].data as Record<string, unknown>).name).toBe('Kim Kund');
      // A short page from the tail, then the rest of one.
      expect((await withTail.readAll(0, 1)).map((e) => e.position)).toEqual([1]);
      expect((await withTail.readAll(1, 2)).map((e) => e.position)).toEqual([2, 3]);
    } finally {
      await withTail.close();
      await other.close();
    }
  });

  it('is emptied by an erasure through the store’s keys: the erased customer’s events read "[raderad]" at once', async () => {
    const { open } = tailStores();
    const events = open(true);
    try {
      await events.append('kioskday-2026-11-24', [placed('kim@example.se')], 'any');
      expect((await events.readAll(0, 10))[0].data).toMatchObject({ name: 'Kim Kund' });
      const customer = events.keys.customerIdOf('kim@example.se');
      await events.keys.erase(customer, (await events.keys.serialOf(customer))!);
      expect((await events.readAll(0, 10))[0].data).toMatchObject({ name: '[raderad]', email: '[raderad]' });
    } finally {
      await events.close();
    }
  });
});

describe('records under keys by generation, and records that cannot be opened', () => {
  it('seals a customer who comes back after an erasure under a new key: the old records read "[raderad]", the new ones open', async () => {
    const { inner, events, keys, logged } = stores();
    await events.append('kioskday-2026-11-24', [placed('kim@example.se')], 'no_stream');
    const customerId = keys.customerIdOf('kim@example.se');
    expect(await keys.erase(customerId, (await keys.serialOf(customerId))!)).toBe(true);
    const again = event('BookingPlaced', {
      ...placed('Kim@Example.se').data!,
      booking_id: '20261124-2',
      name: 'Kim Ny',
    });
    await events.append('kioskday-2026-11-24', [again], 0);

    const [oldRaw, newRaw] = (await inner.readStream('kioskday-2026-11-24')).map(
      (e) => (e.data as { sealed: { key: string } }).sealed.key,
    );
    expect(newRaw).not.toBe(oldRaw);
    expect([oldRaw, newRaw]).not.toContain(customerId);
    const [old, fresh] = await events.readStream('kioskday-2026-11-24');
    expect(old.data).toMatchObject({ name: '[raderad]', email: '[raderad]', comment: '[raderad]', total_pizzas: 2 });
    expect(fresh.data).toMatchObject({ name: 'Kim Ny', email: 'Kim@Example.se', comment: 'Extra ost' });
    // An erasure is no fault: nothing counted, nothing logged.
    expect(events.unopenable).toBe(0);
    expect(logged).toEqual([]);
    await events.close();
  });

  it('reads a record under another key and damaged records as "[raderad]" without throwing, on the calling thread and the opener thread alike, counting each and logging it once with its position', async () => {
    const { dir, inner, events, keys, logged } = stores();
    // 300 customers: a full page of them goes to the opener thread.
    await events.append(
      'kioskday-2026-11-24',
      Array.from({ length: 300 }, (_, i) => placed(`kund${i}@example.se`)),
      'no_stream',
    );
    const raw = await inner.readStream('kioskday-2026-11-24');
    const sealOf = (i: number) => (raw[i].data as { sealed: { key: string; iv: string; data: string } }).sealed;

    // Another key under kund0's key id: what an erased customer's new key under the old id left in stores before generations.
    const file = new Database(join(dir, 'keys.db'));
    expect(
      file.prepare('UPDATE customer_keys SET key = ? WHERE key_id = ?').run(randomBytes(32), sealOf(0).key).changes,
    ).toBe(1);
    file.close();
    // Damaged records: a ciphertext cut short, a seal that is no seal, an IV that is not kund2's.
    const damaged = (i: number, sealed: unknown): NewEvent => ({
      ...event('BookingPlaced', { ...(raw[i].data as object), sealed }),
    });
    await inner.append(
      'kioskday-2026-11-25',
      [
        damaged(1, { ...sealOf(1), data: sealOf(1).data.slice(0, 12) }),
        damaged(2, 'inte en försegling'),
        damaged(2, { ...sealOf(2), iv: sealOf(3).iv }),
      ],
      'no_stream',
    );
    const total = raw.length + 3;

    // Read one by one on this thread: nothing throws, the four read as erased, the rest open.
    const small: Array<{ position: number; data: any }> = [];
    for (let after = 0; after < total; after += 10) small.push(...(await events.readAll(after, 10)));
    expect(small).toHaveLength(total);
    const unreadable = [0, 300, 301, 302];
    for (const i of unreadable) {
      expect(small[i].data).toMatchObject({
        name: '[raderad]',
        email: '[raderad]',
        total_pizzas: 2,
        booking_time: '12:00',
      });
      expect(small[i].data).not.toHaveProperty('sealed');
    }
    expect(small[1].data).toMatchObject({ name: 'Kim Kund', email: 'kund1@example.se', comment: 'Extra ost' });
    expect(small[299].data).toMatchObject({ email: 'kund299@example.se' });
    expect(await events.readStream('kioskday-2026-11-25')).toHaveLength(3);
    expect(events.unopenable).toBe(4 + 3);

    // The same page whole (a reader far behind, its page on the opener thread) reads the same.
    const large = await events.readAll(0, total);
    expect(JSON.stringify(large)).toBe(JSON.stringify(small));

    // Counted at every read, logged once each, by position.
    expect(events.unopenable).toBe(7 + 4);
    expect(logged).toHaveLength(4);
    for (const i of unreadable) {
      expect(logged.filter((m) => m.includes(`position ${small[i].position} `))).toHaveLength(1);
    }
    expect(logged.join('\n')).not.toMatch(/kund|Kim|Extra ost/);

    // A plaintext that is no record (sealed by hand under kund5's key): the opener thread's page
    // is opened again on this thread, and still nothing throws.
    const key5 = (await keys.keysOf([sealOf(5).key])).get(sealOf(5).key)!;
    await inner.append(
      'kioskday-2026-11-26',
      [damaged(5, sealedBy(sealOf(5).key, key5, 'inget json{', ['name', 'email']))],
      'no_stream',
    );
    const withIt = await events.readAll(0, total + 1);
    expect(withIt[total].data).toMatchObject({ name: '[raderad]', email: '[raderad]' });
    expect(JSON.stringify(withIt.slice(0, total))).toBe(JSON.stringify(small));
    expect(logged.some((m) => m.includes('opener thread'))).toBe(true);
    expect(logged.filter((m) => m.includes(`position ${withIt[total].position} `))).toHaveLength(1);
    await events.close();
  });
});

describe('the embedded key store', () => {
  it('gives two processes on one file the same customer id and key for one customer', async () => {
    const { dir, keys } = stores();
    const again = openSqliteKeyStore(join(dir, 'keys.db'));
    const id = keys.customerIdOf('kim@example.se');
    expect(again.customerIdOf(' Kim@Example.SE')).toBe(id);
    expect(id).not.toContain('kim');
    const [a, b] = await Promise.all([keys.keyFor(id), again.keyFor(id)]);
    expect(a.key.equals(b.key)).toBe(true);
    expect(a.id).toBe(b.id);
    await again.close();
    await keys.close();
  });

  it('deletes a key only under the serial an erasure recorded: a newer key of the same customer stays, and no copy of the old one is left in the files', async () => {
    const { dir, keys } = stores();
    const id = keys.customerIdOf('kim@example.se');
    const old = await keys.keyFor(id);
    expect(await keys.erase(id, old.serial)).toBe(true);
    const newer = await keys.keyFor(id);
    expect(newer.key.equals(old.key)).toBe(false);
    expect(newer.id).not.toBe(old.id);
    expect(await keys.erase(id, old.serial)).toBe(false);
    expect((await keys.keysOf([old.id, newer.id])).get(newer.id)?.equals(newer.key)).toBe(true);
    expect((await keys.keysOf([old.id])).size).toBe(0);
    await keys.close();
    const files = ['keys.db', 'keys.db-wal'].map((f) => {
      try {
        return readFileSync(join(dir, f));
      } catch {
        return Buffer.alloc(0);
      }
    });
    expect(files.some((file) => file.includes(old.key))).toBe(false);
    expect(files.some((file) => file.includes(newer.key))).toBe(true);
  });
});

describe('a store from before generations', () => {
  it('opens its key file as it was (the customer column added), its records with their keys; an erasure then a new booking gives a key of its own', async () => {
    const secret = randomBytes(32);
    const customerId = customerIdWith(secret)('kim@example.se');
    const old = { id: customerId, key: randomBytes(32), serial: randomBytes(9).toString('base64url') };
    const { dir, inner, events, keys, logged } = stores((d) => oldKeyStore(join(d, 'keys.db'), secret, [old]));
    expect(keys.customerIdOf(' Kim@Example.se')).toBe(customerId);

    // A booking sealed before generations: under the customer id, with the key stored under it.
    const before = placed('kim@example.se');
    const { name, email, phone, comment } = before.data as Record<string, unknown>;
    const data = { ...(before.data as object), name: null, email: null, phone: null, comment: null };
    const sealed = sealedBy(customerId, old.key, JSON.stringify({ name, email, phone, comment }), [
      'name',
      'email',
      'phone',
      'comment',
    ]);
    await inner.append('kioskday-2026-11-24', [{ ...before, data: { ...data, sealed } }], 'no_stream');
    expect((await events.readStream('kioskday-2026-11-24'))[0].data).toEqual(before.data);

    // The old key is still the customer's current one: a new booking is sealed under it.
    await events.append('kioskday-2026-11-24', [placed('kim@example.se')], 0);
    const raw = await inner.readStream('kioskday-2026-11-24');
    expect((raw[1].data as { sealed: { key: string } }).sealed.key).toBe(customerId);
    // A second process on the file (the column is there already) finds the same key.
    const second = openSqliteKeyStore(join(dir, 'keys.db'));
    expect((await second.keyFor(customerId)).id).toBe(customerId);
    await second.close();

    // Erased, then back: the old records read "[raderad]", the new one opens under a key of its own.
    expect(await keys.erase(customerId, old.serial)).toBe(true);
    await events.append(
      'kioskday-2026-11-24',
      [event('BookingPlaced', { ...placed('kim@example.se').data!, booking_id: '20261124-3', name: 'Kim Ny' })],
      1,
    );
    const [first, alsoOld, fresh] = await events.readStream('kioskday-2026-11-24');
    expect(first.data).toMatchObject({ name: '[raderad]', email: '[raderad]' });
    expect(alsoOld.data).toMatchObject({ name: '[raderad]', email: '[raderad]' });
    expect(fresh.data).toMatchObject({ name: 'Kim Ny', email: 'kim@example.se' });
    const newKey = ((await inner.readStream('kioskday-2026-11-24'))[2].data as { sealed: { key: string } }).sealed.key;
    expect(newKey).not.toBe(customerId);
    expect(events.unopenable).toBe(0);
    expect(logged).toEqual([]);
    await events.close();
  });
});

const keyDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-keys-'));
keyStoreContract(
  'SQLite',
  async () => openSqliteKeyStore(join(keyDir, 'keys.db')),
  async (customerId, key, serial) => {
    const db = new Database(join(keyDir, 'keys.db'));
    db.prepare('INSERT INTO customer_keys (key_id, key, serial) VALUES (?, ?, ?)').run(customerId, key, serial);
    db.close();
  },
);
afterAll(() => rmSync(keyDir, { recursive: true, force: true }));

describe('the key store identity (rule: key-store-identity)', () => {
  it('is the same after a reopen and another for a new keys.db', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-identity-'));
    try {
      const first = openSqliteKeyStore(join(dir, 'keys.db'));
      const identity = first.identity;
      await first.close();
      const reopened = openSqliteKeyStore(join(dir, 'keys.db'));
      expect(reopened.identity).toBe(identity);
      await reopened.close();
      const other = openSqliteKeyStore(join(dir, 'other.db'));
      expect(other.identity).not.toBe(identity);
      await other.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
