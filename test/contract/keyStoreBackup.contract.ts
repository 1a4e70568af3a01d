// The key store's backup contract (api/keys/keyStoreBackupPort.ts; rule: erasure, rule:
// backup-restore), run on keys.db (sqliteKeyStoreBackup.test.ts) and on MongoDB
// (mongoKeyStoreBackup.test.ts, where a server is given): a dump holds the secret, every key by
// generation and the erasure record; written into an empty store it makes the same store (the
// same identity, customer ids and keys); another store holding keys is never written over; the
// same store may be (a restore over the surviving key store).
import { describe, expect, it } from 'vitest';
import type { KeyStore } from '../../api/keys/keyStore.js';
import { KeyStoreNotEmptyError, type KeyStoreBackup } from '../../api/keys/keyStoreBackupPort.js';

/** A new, empty place for a key store: its backup port and an opener of the store itself. */
export interface KeyStorePlace {
  backup: KeyStoreBackup;
  open(): Promise<KeyStore>;
}

async function made(keys: KeyStore, email: string) {
  const customer = keys.customerIdOf(email);
  const key = await keys.keyFor(customer);
  await key.written;
  return { customer, ...key };
}

export function keyStoreBackupContract(label: string, place: () => Promise<KeyStorePlace>) {
  describe(`KeyStoreBackup contract: ${label}`, () => {
    it('has nothing to dump where no store was ever opened', async () => {
      expect(await (await place()).backup.dump()).toBeNull();
    });

    it('dumps the secret, every key by generation and the erasure record; written into an empty store it is the same store', async () => {
      const source = await place();
      const keys = await source.open();
      const stamp = Date.now();
      let kept, erased, again;
      try {
        kept = await made(keys, `kept-${stamp}@example.se`);
        erased = await made(keys, `erased-${stamp}@example.se`);
        // Erased, then back: a second generation under a new id.
        expect(await keys.erase(erased.customer, erased.serial)).toBe(true);
        again = await made(keys, `erased-${stamp}@example.se`);
        // An erasure of a serial that is not there records nothing.
        expect(await keys.erase(kept.customer, 'no such serial')).toBe(false);
      } finally {
        await keys.close();
      }
      const dump = (await source.backup.dump())!;
      expect(dump).not.toBeNull();
      expect(dump.keys.map((k) => k.key_id).sort()).toEqual([kept.id, again.id].sort());
      expect(dump.keys.find((k) => k.key_id === again.id)).toMatchObject({
        customer: erased.customer,
        serial: again.serial,
        key: again.key.toString('base64'),
      });
      expect(dump.erasures).toEqual([
        { customer: erased.customer, serial: erased.serial, erased_at: expect.any(String) },
      ]);

      // The target was started once (it made a secret of its own) but holds no keys: written over.
      const target = await place();
      const empty = await target.open();
      const otherIdentity = empty.identity;
      await empty.close();
      await target.backup.write(dump);
      expect(await target.backup.dump()).toEqual(dump);

      const [a, b] = [await source.open(), await target.open()];
      try {
        expect(b.identity).toBe(a.identity);
        expect(b.identity).not.toBe(otherIdentity);
        expect(b.customerIdOf(`kept-${stamp}@example.se`)).toBe(kept.customer);
        const found = await b.keysOf([kept.id, erased.id, again.id]);
        expect([...found.keys()].sort()).toEqual([kept.id, again.id].sort());
        expect(found.get(kept.id)!.equals(kept.key)).toBe(true);
        expect(await b.serialOf(erased.customer)).toBe(again.serial);
        // Current keys are found again, not made anew; erasing still works and is recorded.
        expect((await b.keyFor(kept.customer)).id).toBe(kept.id);
        expect(await b.erase(kept.customer, kept.serial)).toBe(true);
        expect((await target.backup.dump())!.erasures.map((e) => e.serial).sort()).toEqual(
          [erased.serial, kept.serial].sort(),
        );
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('never writes over another store that holds keys, and leaves it as it was', async () => {
      const source = await place();
      const keys = await source.open();
      await made(keys, `source-${Date.now()}@example.se`).finally(() => keys.close());
      const dump = (await source.backup.dump())!;

      const other = await place();
      const theirs = await other.open();
      await made(theirs, `other-${Date.now()}@example.se`).finally(() => theirs.close());
      const before = await other.backup.dump();
      await expect(other.backup.write(dump)).rejects.toThrow(KeyStoreNotEmptyError);
      await expect(other.backup.write(dump)).rejects.toThrow(/another key store, holding 1 keys/);
      expect(await other.backup.dump()).toEqual(before);
    });

    it('writes over the same store (same secret): its keys become exactly the dump’s', async () => {
      const source = await place();
      const keys = await source.open();
      const stamp = Date.now();
      let first, second;
      try {
        first = await made(keys, `first-${stamp}@example.se`);
        const dump = (await source.backup.dump())!;
        second = await made(keys, `second-${stamp}@example.se`);
        await keys.close();
        await source.backup.write(dump);
      } finally {
        await keys.close().catch(() => {});
      }
      const after = await source.open();
      try {
        expect((await after.keysOf([first.id, second.id])).has(second.id)).toBe(false);
        expect((await after.keysOf([first.id])).get(first.id)!.equals(first.key)).toBe(true);
      } finally {
        await after.close();
      }
    });
  });
}
