// The kept erasure record (rule: erasure): a small file, one line per key destroyed (the
// customer id, the key's serial, when), written before the key goes. It lives beside the backups
// (BACKUP_DIR/erasures.ndjson), apart from DATA_DIR, so it survives the loss of the stores a
// backup is restored over; a restore re-applies the erasures it names that the backup does not
// know (api/backup/backup.ts). It names no person: a customer id is a keyed hash of the e-mail.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { KeptErasure } from '../keys/keyStore.js';

/** The journal's name in BACKUP_DIR. */
export const ERASURE_JOURNAL = 'erasures.ndjson';

export const erasureJournalIn = (backupDir: string) => join(backupDir, ERASURE_JOURNAL);

/** Appends one erasure and syncs it to disk before answering (the file is made 0600). */
export function keepErasure(file: string, erasure: KeptErasure): void {
  const fd = openSync(file, 'a', 0o600);
  try {
    writeSync(fd, JSON.stringify(erasure) + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Every erasure the journal holds (none when it does not exist); a damaged line is skipped. */
export function readErasureJournal(file: string): KeptErasure[] {
  if (!existsSync(file)) return [];
  const kept: KeptErasure[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const e = JSON.parse(line) as Partial<KeptErasure>;
      if (typeof e.customer === 'string' && typeof e.serial === 'string' && typeof e.erased_at === 'string')
        kept.push({ customer: e.customer, serial: e.serial, erased_at: e.erased_at });
    } catch {
      // A line cut short by a crash while it was written: the key was not destroyed after it.
    }
  }
  return kept;
}
