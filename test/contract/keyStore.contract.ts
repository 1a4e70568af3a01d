// The key store contract (rule: erasure), run against the embedded store (sealedEventStore.test.ts)
// and MongoDB (mongoDocumentStore.test.ts, where a server is given): one key id and key per
// customer for every opener, keys read back in bulk, and an erasure that deletes exactly the
// key it names by serial.
import { describe, expect, it } from 'vitest';
import type { KeyStore } from '../../api/keys/keyStore.js';

export function keyStoreContract(label: string, open: () => Promise<KeyStore>) {
  describe(`KeyStore contract: ${label}`, () => {
    it('gives every opener the same key id and key for one customer, whatever the case and spaces of the address', async () => {
      const [a, b] = await Promise.all([open(), open()]);
      try {
        const email = `Kim.${Date.now()}@Example.se`;
        expect(b.keyIdOf(` ${email.toLowerCase()} `)).toBe(a.keyIdOf(email));
        expect(a.keyIdOf(email)).not.toContain('kim');
        const [first, second] = await Promise.all([a.keyFor(a.keyIdOf(email)), b.keyFor(b.keyIdOf(email))]);
        await Promise.all([first.written, second.written]);
        expect(first.key.equals(second.key)).toBe(true);
        expect(first.key).toHaveLength(32);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('reads the keys there are in bulk, and deletes a key only under its own serial', async () => {
      const keys = await open();
      try {
        const ids = [0, 1, 2].map((i) => keys.keyIdOf(`bulk-${i}-${Date.now()}@example.se`));
        const made = await Promise.all(ids.map((id) => keys.keyFor(id)));
        await Promise.all(made.map((k) => k.written ?? Promise.resolve()));
        const found = await keys.keysOf([...ids, keys.keyIdOf('ingen@example.se')]);
        expect([...found.keys()].sort()).toEqual([...ids].sort());
        // Each id with its own key, not a neighbour's (the SQLite store answers them end to end).
        expect(ids.map((id) => found.get(id)?.toString('hex'))).toEqual(made.map((k) => k.key.toString('hex')));
        expect((await keys.keysOf([keys.keyIdOf('ingen@example.se')])).size).toBe(0);
        expect(await keys.serialOf(ids[0])).toBe(made[0].serial);
        expect(await keys.erase(ids[0], 'another serial')).toBe(false);
        expect(await keys.erase(ids[0], made[0].serial)).toBe(true);
        expect(await keys.erase(ids[0], made[0].serial)).toBe(false);
        expect(await keys.serialOf(ids[0])).toBeNull();
        expect((await keys.keysOf(ids)).has(ids[0])).toBe(false);
        const again = await keys.keyFor(ids[0]);
        expect(again.key.equals(made[0].key)).toBe(false);
        expect(again.serial).not.toBe(made[0].serial);
      } finally {
        await keys.close();
      }
    });
  });
}
