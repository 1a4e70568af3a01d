// The outbox's directory sync (api/mail/sharedSync.ts): each caller is answered only after a sync
// that began after its call, and callers that arrive while one runs share the next one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedSync, syncDirectory } from '../../api/mail/sharedSync.js';

/** A sync the test ends by hand: the calls made, and a way to end the oldest one still open. */
function manualSync() {
  const open: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let calls = 0;
  const syncOnce = () => {
    calls++;
    return new Promise<void>((resolve, reject) => open.push({ resolve, reject }));
  };
  const settle = async (error?: Error) => {
    const oldest = open.shift()!;
    if (error) oldest.reject(error);
    else oldest.resolve();
    // Let the promise chains behind it run.
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { syncOnce, settle, calls: () => calls, open: () => open.length };
}

/** Whether each promise has settled yet, as a list kept up to date. */
function track(promises: Array<Promise<void>>) {
  const done = promises.map(() => false);
  promises.forEach((p, i) => {
    void p.then(
      () => (done[i] = true),
      () => (done[i] = true),
    );
  });
  return done;
}

describe('sharedSync', () => {
  it('answers a caller after a sync that began after its call, and lets the callers during one share the next', async () => {
    const sync = manualSync();
    const shared = sharedSync(sync.syncOnce);
    const first = shared();
    expect(sync.calls()).toBe(1);
    // Five writes finish while the first sync runs: it may have begun before their renames.
    const during = [shared(), shared(), shared(), shared(), shared()];
    const done = track([first, ...during]);
    expect(sync.calls()).toBe(1);
    await sync.settle();
    expect(done).toEqual([true, false, false, false, false, false]);
    // One more sync for all five, no more.
    expect(sync.calls()).toBe(2);
    await sync.settle();
    expect(done).toEqual([true, true, true, true, true, true]);
    expect(sync.calls()).toBe(2);
    // Idle again: the next caller starts a sync of its own at once.
    const later = shared();
    expect(sync.calls()).toBe(3);
    await sync.settle();
    await expect(later).resolves.toBeUndefined();
  });

  it('gives a failed sync to those who waited for it, and starts afresh for the next caller', async () => {
    const sync = manualSync();
    const shared = sharedSync(sync.syncOnce);
    const first = shared();
    const second = shared();
    const failed = expect(first).rejects.toThrow('EIO');
    await sync.settle(new Error('EIO'));
    await failed;
    // The one who came during the failed sync still gets a sync of its own.
    expect(sync.calls()).toBe(2);
    await sync.settle();
    await expect(second).resolves.toBeUndefined();
    const third = shared();
    expect(sync.calls()).toBe(3);
    await sync.settle();
    await expect(third).resolves.toBeUndefined();
    expect(sync.open()).toBe(0);
  });

  it('syncs a real directory, and fails on one that is not there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-sync-'));
    try {
      writeFileSync(join(dir, 'a.eml'), 'x');
      await expect(syncDirectory(dir)).resolves.toBeUndefined();
      await expect(syncDirectory(join(dir, 'gone'))).rejects.toThrow(/ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
