// The key store's identity beside the events (rule: key-store-identity): a start that finds sealed
// events and no key store (keys.db moved away), or another kiosk's, refuses with a message saying
// what to restore; KEY_STORE_RESET=1 starts anew on purpose and is recorded in the log.
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../domain/eventStore.js';
import { KEY_STORE_STREAM, KeyStoreMismatchError } from '../../api/keys/identity.js';
import { openEventStore } from '../../api/stores.js';
import { killApiProcesses, startApiProcess } from '../apiProcess.js';
import { ADMIN, MONDAY_MORNING, bookingPayload, startTestServer } from './harness.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-keystore-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  killApiProcesses();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const now = () => MONDAY_MORNING;
const start = (dataDir: string, reset = false) =>
  startTestServer({ dataDir, now, config: { retentionIntervalMs: 0, keyStoreReset: reset } });

/** Moves keys.db (and its WAL files) out of the way, as a restore without it would leave things. */
function moveKeysAway(dataDir: string) {
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(join(dataDir, `keys.db${suffix}`)))
      renameSync(join(dataDir, `keys.db${suffix}`), join(dataDir, `keys.db${suffix}.moved`));
}

async function keyStoreEvents(dataDir: string): Promise<RecordedEvent[]> {
  const events = await openEventStore({ dataDir, eventStoreUrl: null, mongoUrl: null, mongoDb: 'x' });
  try {
    return await events.readStream(KEY_STORE_STREAM);
  } finally {
    await events.close();
  }
}

describe('the key store beside the event log', () => {
  it('refuses a start without keys.db, and with another one; KEY_STORE_RESET=1 starts anew and is recorded', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const booked = await first.post('/api/bookings', bookingPayload());
    expect(booked.status).toBe(201);
    const id = booked.body.booking_id as string;
    await first.close();

    const recorded = await keyStoreEvents(dataDir);
    expect(recorded.map((e) => e.type)).toEqual(['KeyStoreIdentified']);
    const original = (recorded[0].data as { key_store_id: string }).key_store_id;

    // The same key store: starts as always, records nothing more.
    const again = await start(dataDir);
    expect((await again.get('/api/ready')).status).toBe(200);
    await again.close();
    expect((await keyStoreEvents(dataDir)).length).toBe(1);

    // keys.db moved away: refused, naming the file to restore (and nothing recorded).
    moveKeysAway(dataDir);
    const refused = await start(dataDir).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(KeyStoreMismatchError);
    const message = (refused as Error).message;
    expect(message).toContain(join(dataDir, 'keys.db'));
    expect(message).toContain(original);
    expect(message).toContain('Restore the key store');
    expect(message).toContain('Återställ nyckellagret');
    expect(message).toContain('KEY_STORE_RESET=1');

    // Another kiosk's key store (with keys of its own) is refused the same way.
    const other = tempDir();
    const stranger = await start(other);
    expect((await stranger.post('/api/bookings', bookingPayload({ email: 'annan@example.se' }))).status).toBe(201);
    await stranger.close();
    rmSync(join(dataDir, 'keys.db'), { force: true });
    copyFileSync(join(other, 'keys.db'), join(dataDir, 'keys.db'));
    await expect(start(dataDir)).rejects.toThrow(/Refusing to start: the customers' keys are missing/);

    // The old one put back: starts, and the booking reads as it was written.
    rmSync(join(dataDir, 'keys.db'), { force: true });
    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(join(dataDir, `keys.db${suffix}.moved`)))
        renameSync(join(dataDir, `keys.db${suffix}.moved`), join(dataDir, `keys.db${suffix}`));
    const restored = await start(dataDir);
    const admin = await restored.login();
    expect(JSON.stringify((await restored.get(`/api/admin/bookings/${id}/history`, admin)).body)).toContain(
      'asa@example.se',
    );
    await restored.close();

    // Lost for good: KEY_STORE_RESET=1 starts with a new key store, recorded as an event.
    moveKeysAway(dataDir);
    const reset = await start(dataDir, true);
    expect((await reset.get('/api/ready')).status).toBe(200);
    // What was sealed under the lost key store reads as erased in the log.
    const history = JSON.stringify((await reset.get(`/api/admin/bookings/${id}/history`, await reset.login())).body);
    expect(history).not.toContain('asa@example.se');
    expect(history).toContain('[raderad]');
    await reset.close();
    const after = await keyStoreEvents(dataDir);
    expect(after.map((e) => e.type)).toEqual(['KeyStoreIdentified', 'KeyStoreReset']);
    const resetEvent = after[1];
    expect(resetEvent.metadata.actor).toBe('system');
    expect(resetEvent.metadata.timestamp).toBe(MONDAY_MORNING.toISOString());
    const data = resetEvent.data as { previous_key_store_id: string; key_store_id: string };
    expect(data.previous_key_store_id).toBe(original);
    expect(data.key_store_id).not.toBe(original);

    // From then on the new key store is the log's: a start without KEY_STORE_RESET goes on.
    const later = await start(dataDir);
    expect((await later.get('/api/ready')).status).toBe(200);
    await later.close();
  });

  it('a log without sealed data takes a new key store without asking', async () => {
    const dataDir = tempDir();
    await (await start(dataDir)).close();
    moveKeysAway(dataDir);
    await (await start(dataDir)).close();
    expect((await keyStoreEvents(dataDir)).map((e) => e.type)).toEqual(['KeyStoreIdentified', 'KeyStoreIdentified']);
  });

  it('npm start: the process exits with the message instead of answering ready', async () => {
    const dataDir = tempDir();
    const server = await startApiProcess(dataDir);
    const login = await server.call('POST', '/api/admin/login', ADMIN);
    const added = await server.call(
      'POST',
      '/api/admin/vip-customers',
      { email: 'stamkund@example.se', name: 'Stam Kund' },
      login.cookie,
    );
    expect(added.status).toBe(201);
    server.child.kill('SIGTERM');
    await server.exited;
    moveKeysAway(dataDir);
    await expect(startApiProcess(dataDir)).rejects.toThrow(/exited with 1: Refusing to start[\s\S]*keys\.db/);
  });
});
