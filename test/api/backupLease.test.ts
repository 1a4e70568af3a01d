// The scheduled backup's lease (api/backup/schedule.ts) is renewed while a backup runs (issue 44):
// a backup that takes longer than the lease's term is never joined by a second process's. Two
// schedulers on one DATA_DIR, each with a store handle and an owner of its own (as two processes
// have), real SQLite files and real backups; the term is shortened so that a real backup of a
// log of some thousands of events outlasts it several times.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scheduledBackups, startScheduledBackups } from '../../api/backup/schedule.js';
import { configFromEnv } from '../../api/config.js';
import { openEventStore, openReadModelStore } from '../../api/stores.js';

const scratch = mkdtempSync(join(tmpdir(), 'pizzakiosken-backup-lease-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const PASSPHRASE = 'korv-med-bröd-och-senap';
const STREAMS = 300;
// Renewed every 400 ms: far more often than any pause of this process's event loop during a
// backup (some 150 ms here), so only a missing renewal can lose it.
const TTL_MS = 1200;

describe('the scheduled backup’s lease', () => {
  it('is renewed while a backup longer than its term runs: the other process, asking all along, takes none', async () => {
    const dataDir = join(scratch, 'data');
    const backups = join(scratch, 'backups');
    const config = {
      ...configFromEnv({}),
      dataDir,
      backupDir: backups,
      backupPassphrase: PASSPHRASE,
      backupIntervalMs: 3_600_000,
      backupKeep: 7,
    };
    // A log large enough that a backup takes more than two lease terms (some 3 s here).
    const events = await openEventStore(config);
    try {
      for (let stream = 0; stream < STREAMS; stream++)
        await events.append(
          `load-${stream}`,
          Array.from({ length: 500 }, (_, i) => ({
            id: randomUUID(),
            type: 'LoadTested',
            data: { i, note: Array.from({ length: 16 }, () => randomUUID()).join(' ') },
            metadata: { actor: 'system', timestamp: new Date().toISOString() },
          })),
          'no_stream',
        );
    } finally {
      await events.close();
    }

    const docsA = await openReadModelStore(config);
    const docsB = await openReadModelStore(config);
    const errors: unknown[] = [];
    const log = (_message: string, error?: unknown) => errors.push(error);
    const a = startScheduledBackups({ config, docs: docsA, leaseTtlMs: TTL_MS, log });
    const started = Date.now();
    let aDone = false;
    // Settles once A's first round (the backup it takes at start: there is none yet) has ended.
    const aFirst = a.round().finally(() => (aDone = true));
    const b = startScheduledBackups({ config, docs: docsB, leaseTtlMs: TTL_MS, log });
    try {
      let asked = 0;
      while (!aDone) {
        expect(await b.round(), 'B took a backup while A’s was under way').toBeNull();
        asked += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
      await aFirst;
      const took = Date.now() - started;
      // Meaningful only if A's backup outlasted the term twice over, with B asking throughout.
      expect(took).toBeGreaterThan(2 * TTL_MS);
      expect(asked).toBeGreaterThan(3);
      expect(errors).toEqual([]);
      expect(scheduledBackups(backups)).toHaveLength(1);
    } finally {
      await b.stop();
      await a.stop();
      await docsB.close();
      await docsA.close();
    }
  }, 120_000);
});
