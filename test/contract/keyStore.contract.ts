// The key store contract (rule: erasure), run against the embedded store (sealedEventStore.test.ts)
// and MongoDB (mongoDocumentStore.test.ts, where a server is given): one customer id and one
// current key per customer for every opener, keys read back in bulk by their own ids, an erasure
// that deletes exactly the key it names by serial, keys by generation (a customer erased who
// comes back gets a new key under a new id; the old id stays gone), and keys made before
// generations (their id the customer id) still found and erased as their customer's.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { KeyStore } from '../../api/keys/keyStore.js';

/** Puts a key into the store as one made before generations: its id the customer id, no customer of its own. */
export type PutOldKey = (customerId: string, key: Buffer, serial: string) => Promise<void>;

export function keyStoreContract(label: string, open: () => Promise<KeyStore>, putOldKey?: PutOldKey) {
  describe(`KeyStore contract: ${label}`, () => {
    it('gives every opener the same customer id and key for one customer, whatever the case and spaces of the address', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        const email = `Kim.${Date.now()}@Example.se`;
        const customerId = a.customerIdOf(email);
        expect(b.customerIdOf(` ${email.toLowerCase()} `)).toBe(customerId);
        expect(customerId).not.toContain('kim');
        const [first, second] = await Promise.all([a.keyFor(customerId), b.keyFor(customerId)]);
        await Promise.all([first.written, second.written]);
        expect(first.key.equals(second.key)).toBe(true);
        expect(first.id).toBe(second.id);
        expect(first.key).toHaveLength(32);
        // A key has an id of its own, never the customer's.
        expect(first.id).not.toBe(customerId);
        expect((await a.keyFor(customerId)).id).toBe(first.id);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('has one identity for every opener of the store, which tells nothing of the secret (rule: key-store-identity)', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        expect(a.identity).toMatch(/^[A-Za-z0-9_-]{22}$/);
        expect(b.identity).toBe(a.identity);
        expect(a.customerIdOf('x@example.se')).not.toContain(a.identity);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('reads the keys there are in bulk by their own ids, and deletes a key only under its own serial', async () => {
      const keys = await open();
      try {
        const customers = [0, 1, 2].map((i) => keys.customerIdOf(`bulk-${i}-${Date.now()}@example.se`));
        const made = await Promise.all(customers.map((id) => keys.keyFor(id)));
        await Promise.all(made.map((k) => k.written ?? Promise.resolve()));
        const ids = made.map((k) => k.id);
        expect(new Set(ids).size).toBe(3);
        const found = await keys.keysOf([...ids, 'no-such-key-id']);
        expect([...found.keys()].sort()).toEqual([...ids].sort());
        // Each id with its own key, not a neighbour's (the SQLite store answers them end to end).
        expect(ids.map((id) => found.get(id)?.toString('hex'))).toEqual(made.map((k) => k.key.toString('hex')));
        expect((await keys.keysOf(['no-such-key-id'])).size).toBe(0);
        // A customer id is not a key id.
        expect((await keys.keysOf(customers)).size).toBe(0);
        expect(await keys.serialOf(customers[0])).toBe(made[0].serial);
        expect(await keys.erase(customers[0], 'another serial')).toBe(false);
        expect(await keys.erase(customers[0], made[0].serial)).toBe(true);
        expect(await keys.erase(customers[0], made[0].serial)).toBe(false);
        expect(await keys.serialOf(customers[0])).toBeNull();
        expect((await keys.keysOf(ids)).has(ids[0])).toBe(false);
        // The others are untouched.
        expect((await keys.keysOf(ids)).size).toBe(2);
      } finally {
        await keys.close();
      }
    });

    it('keys by generation: erased, then asked again, a customer gets a new key under a new id, and the old id stays gone', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        const customerId = a.customerIdOf(`generations-${Date.now()}@example.se`);
        const first = await a.keyFor(customerId);
        await first.written;
        expect(await a.erase(customerId, first.serial)).toBe(true);

        // Two openers asking at once agree on the one new key.
        const [second, same] = await Promise.all([a.keyFor(customerId), b.keyFor(customerId)]);
        await Promise.all([second.written, same.written]);
        expect(same.id).toBe(second.id);
        expect(same.key.equals(second.key)).toBe(true);
        expect(second.id).not.toBe(first.id);
        expect(second.id).not.toBe(customerId);
        expect(second.key.equals(first.key)).toBe(false);
        expect(second.serial).not.toBe(first.serial);
        expect(await a.serialOf(customerId)).toBe(second.serial);

        // The old id finds nothing, now and after the new key is in use; the new one finds its key.
        const found = await b.keysOf([first.id, second.id]);
        expect(found.has(first.id)).toBe(false);
        expect(found.get(second.id)?.equals(second.key)).toBe(true);
        // The first erasure replayed deletes nothing of the new generation.
        expect(await b.erase(customerId, first.serial)).toBe(false);
        expect((await a.keysOf([second.id])).size).toBe(1);

        // A third generation is new again, never one of the ids before it.
        expect(await b.erase(customerId, second.serial)).toBe(true);
        const third = await a.keyFor(customerId);
        await third.written;
        expect([first.id, second.id, customerId]).not.toContain(third.id);
        expect((await a.keysOf([first.id, second.id, third.id])).size).toBe(1);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it.skipIf(!putOldKey)(
      'keeps a key made before generations (its id the customer id) as the customer’s current key until it is erased; the next has an id of its own',
      async () => {
        const keys = await open();
        try {
          const customerId = keys.customerIdOf(`before-generations-${Date.now()}@example.se`);
          const old = { key: randomBytes(32), serial: randomBytes(9).toString('base64url') };
          await putOldKey!(customerId, old.key, old.serial);

          const current = await keys.keyFor(customerId);
          expect(current).toMatchObject({ id: customerId, serial: old.serial });
          expect(current.key.equals(old.key)).toBe(true);
          expect((await keys.keysOf([customerId])).get(customerId)?.equals(old.key)).toBe(true);
          expect(await keys.serialOf(customerId)).toBe(old.serial);

          expect(await keys.erase(customerId, 'another serial')).toBe(false);
          expect(await keys.erase(customerId, old.serial)).toBe(true);
          expect((await keys.keysOf([customerId])).size).toBe(0);
          expect(await keys.serialOf(customerId)).toBeNull();

          const next = await keys.keyFor(customerId);
          await next.written;
          expect(next.id).not.toBe(customerId);
          expect(next.key.equals(old.key)).toBe(false);
          // The old id stays gone: records sealed under it read as erased, never opened with the new key.
          expect((await keys.keysOf([customerId, next.id])).size).toBe(1);
          expect(await keys.serialOf(customerId)).toBe(next.serial);
        } finally {
          await keys.close();
        }
      },
    );
  });
}
