// The key store's identity against the log (rule: key-store-identity), on the embedded stores:
// a log from before identities is taken by its own key store and refused by another, 'verify'
// (the CLIs) never writes, and two processes starting at once record one identity.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sealedEventStore } from '../../api/eventStore/sealed.js';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { KEY_STORE_STREAM, KeyStoreMismatchError, checkKeyStoreIdentity } from '../../api/keys/identity.js';
import { openSqliteKeyStore } from '../../api/keys/keyStore.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const where = { describe: 'the file keys.db' };

/** A log with one sealed booking and no identity recorded (as written before identities existed). */
async function oldLog() {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-identity-'));
  dirs.push(dir);
  const keys = openSqliteKeyStore(join(dir, 'keys.db'));
  const events = sealedEventStore(openSqliteEventStore(join(dir, 'events.db')), keys);
  await events.append(
    'kioskday-2026-11-24',
    [
      {
        id: randomUUID(),
        type: 'BookingPlaced',
        data: { booking_id: '20261124-1', name: 'Åsa', email: 'asa@example.se', phone: '070', comment: null },
        metadata: { actor: 'customer', timestamp: '2026-11-23T08:00:00.000Z' },
      },
    ],
    'no_stream',
  );
  await events.close();
  const open = (keyFile = 'keys.db') =>
    sealedEventStore(openSqliteEventStore(join(dir, 'events.db')), openSqliteKeyStore(join(dir, keyFile)));
  return { open };
}

describe('checkKeyStoreIdentity', () => {
  it('a log from before identities: refused by another key store, taken (and recorded) by its own', async () => {
    const log = await oldLog();
    const foreign = log.open('other.db');
    await expect(checkKeyStoreIdentity(foreign, foreign.keys, { where, reset: false, mode: 'record' })).rejects.toThrow(
      KeyStoreMismatchError,
    );
    expect(await foreign.readStream(KEY_STORE_STREAM)).toEqual([]);
    await foreign.close();

    const own = log.open();
    // The CLIs only verify: nothing written.
    await checkKeyStoreIdentity(own, own.keys, { where, reset: false, mode: 'verify' });
    expect(await own.readStream(KEY_STORE_STREAM)).toEqual([]);
    await checkKeyStoreIdentity(own, own.keys, { where, reset: false, mode: 'record' });
    const recorded = await own.readStream(KEY_STORE_STREAM);
    expect(recorded.map((e) => [e.type, e.data])).toEqual([
      ['KeyStoreIdentified', { key_store_id: own.keys.identity }],
    ]);
    await own.close();
  });

  it('two processes starting at once record one identity', async () => {
    const log = await oldLog();
    const [a, b] = [log.open(), log.open()];
    await Promise.all([a, b].map((s) => checkKeyStoreIdentity(s, s.keys, { where, reset: false, mode: 'record' })));
    expect((await a.readStream(KEY_STORE_STREAM)).map((e) => e.type)).toEqual(['KeyStoreIdentified']);
    await Promise.all([a.close(), b.close()]);
  });

  it('KEY_STORE_RESET with a foreign store on a log from before identities records the reset', async () => {
    const log = await oldLog();
    const foreign = log.open('other.db');
    await checkKeyStoreIdentity(foreign, foreign.keys, { where, reset: true, mode: 'record' });
    const recorded = await foreign.readStream(KEY_STORE_STREAM);
    expect(recorded.map((e) => [e.type, e.data, e.metadata.actor])).toEqual([
      ['KeyStoreReset', { previous_key_store_id: 'unknown', key_store_id: foreign.keys.identity }, 'system'],
    ]);
    await foreign.close();
  });
});
