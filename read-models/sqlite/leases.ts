// Leases and abuse-limit counters in the embedded store's file: atomic across every process
// that opens it (documentStore.ts says what each call promises; both adapters pass its contract).
import type Database from 'better-sqlite3';
import type { DocumentStore, LeaseRecord, LeaseState } from '../documentStore.js';

type Leases = Pick<
  DocumentStore,
  'lease' | 'endLease' | 'leaseOwners' | 'leasesIn' | 'putLeases' | 'releaseLeasesOf' | 'purgeLeases'
>;
type Counters = Pick<DocumentStore, 'countHit' | 'purgeCounters'>;

/** The leases table's calls; a finished lease is kept leaseRetentionMs (SqliteDocumentStoreOptions). */
export function sqliteLeases(db: Database.Database, leaseRetentionMs: number): Leases {
  // Processes sharing the file share the machine's clock, so expiry is plain Date.now().
  const readLease = db.prepare<[string, string], { owner: string; expires_at: number; done: number }>(
    'SELECT owner, expires_at, done FROM leases WHERE scope = ? AND id = ?',
  );
  const writeLease = db.prepare<[string, string, string, number]>(
    'INSERT OR REPLACE INTO leases (scope, id, owner, expires_at, done) VALUES (?, ?, ?, ?, 0)',
  );
  // A finished lease's expires_at says when it may go (see SqliteDocumentStoreOptions).
  const purgeLeases = db.prepare<{ now: number; retention: number }>(
    'DELETE FROM leases WHERE (done = 1 AND expires_at < @now) OR (done = 0 AND expires_at < @now - @retention)',
  );
  let purgedAt = 0;
  const takeLease = db.transaction((scope: string, id: string, owner: string, ttlMs: number): LeaseState => {
    const now = Date.now();
    if (now - purgedAt >= Math.min(60_000, leaseRetentionMs)) {
      purgedAt = now;
      purgeLeases.run({ now, retention: leaseRetentionMs });
    }
    const current = readLease.get(scope, id);
    if (current?.done) return 'done';
    if (current && current.owner !== owner && current.expires_at > now) return 'theirs';
    writeLease.run(scope, id, owner, now + ttlMs);
    return 'ours';
  });
  const releaseLease = db.prepare<[string, string, string]>(
    'UPDATE leases SET expires_at = 0 WHERE scope = ? AND id = ? AND owner = ? AND done = 0',
  );
  const runningLeaseOwners = db.prepare<[number], { owner: string }>(
    'SELECT DISTINCT owner FROM leases WHERE done = 0 AND expires_at > ?',
  );
  const releaseLeasesOf = db.prepare<[string, number]>(
    'UPDATE leases SET expires_at = 0 WHERE owner = ? AND done = 0 AND expires_at > ?',
  );
  const closeLease = db.prepare<[string, string, string, number]>(
    'INSERT INTO leases (scope, id, owner, expires_at, done) VALUES (?, ?, ?, ?, 1) ON CONFLICT (scope, id) DO UPDATE SET done = 1, expires_at = excluded.expires_at',
  );

  const leasesOfScope = db.prepare<[string], { id: string; owner: string; expires_at: number; done: number }>(
    'SELECT id, owner, expires_at, done FROM leases WHERE scope = ?',
  );
  // Written where there is none; a done one closes the lease whoever holds it.
  const putLease = db.prepare<[string, string, string, number, number]>(
    `INSERT INTO leases (scope, id, owner, expires_at, done) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (scope, id) DO UPDATE SET done = 1, expires_at = excluded.expires_at WHERE excluded.done = 1`,
  );
  const putAll = db.transaction((records: readonly LeaseRecord[]) => {
    const now = Date.now();
    for (const r of records)
      putLease.run(r.scope, r.id, r.owner, r.done ? now + leaseRetentionMs : now + r.remainingMs, r.done ? 1 : 0);
  });

  return {
    async leasesIn(scopes: readonly string[]) {
      const now = Date.now();
      return scopes.flatMap((scope) =>
        leasesOfScope.all(scope).map((row) => ({
          scope,
          id: row.id,
          owner: row.owner,
          done: row.done === 1,
          remainingMs: row.done === 1 ? 0 : row.expires_at - now,
        })),
      );
    },

    async putLeases(records: readonly LeaseRecord[]) {
      putAll.immediate(records);
    },

    async lease(scope: string, id: string, owner: string, ttlMs: number) {
      // IMMEDIATE: the write lock before the read, so two processes cannot both see it free.
      return takeLease.immediate(scope, id, owner, ttlMs);
    },

    async endLease(scope: string, id: string, owner: string, end: 'release' | 'done') {
      if (end === 'done') closeLease.run(scope, id, owner, Date.now() + leaseRetentionMs);
      else releaseLease.run(scope, id, owner);
    },

    async leaseOwners() {
      return runningLeaseOwners.all(Date.now()).map((row) => row.owner);
    },

    async releaseLeasesOf(owner: string) {
      return releaseLeasesOf.run(owner, Date.now()).changes;
    },

    async purgeLeases(now = new Date()) {
      return purgeLeases.run({ now: now.getTime(), retention: leaseRetentionMs }).changes;
    },
  };
}

/** The rate_limits table's calls (api/http/rateLimits.ts). */
export function sqliteCounters(db: Database.Database): Counters {
  // One statement, so two processes counting the same key cannot both see the old count: a new
  // window starts at the first hit after the last one ended.
  const hit = db.prepare<{ key: string; now: number; windowMs: number }, { count: number; reset_at: number }>(
    `INSERT INTO rate_limits (key, count, reset_at) VALUES (@key, 1, @now + @windowMs)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END,
       reset_at = CASE WHEN reset_at <= @now THEN @now + @windowMs ELSE reset_at END
     RETURNING count, reset_at`,
  );
  // Counters whose window ended long ago are cleared now and then, so the table stays small.
  const dropEnded = db.prepare<[number]>('DELETE FROM rate_limits WHERE reset_at < ?');
  let hitsSinceCleanup = 0;

  return {
    async countHit(key: string, windowMs: number) {
      const now = Date.now();
      if (++hitsSinceCleanup >= 10_000) {
        hitsSinceCleanup = 0;
        dropEnded.run(now - 3_600_000);
      }
      const row = hit.get({ key, now, windowMs })!;
      return { count: row.count, resetInMs: row.reset_at - now };
    },

    async purgeCounters(olderThanMs: number, now = new Date()) {
      return dropEnded.run(now.getTime() - olderThanMs).changes;
    },
  };
}
