// The sealed event store's opener thread (api/eventStore/openerThread.ts) as a thread of its own,
// loaded by URL from its typed source (as under tsx and Vitest) and from the compiled build in
// dist/ (as `npm start` runs it; scripts/build.mjs makes it, before the tests in `npm test`). The
// store falls back to opening a page on its own thread when the opener fails, so its own tests
// would pass with a thread that never starts: this one talks to the thread directly.
import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPENER_THREAD, type OpenerBatch } from '../../api/eventStore/openerThread.js';
import { threadCalls } from '../../read-models/threadCalls.js';

const root = join(import.meta.dirname, '..', '..');

function sealed(key: Buffer, keyId: string, plain: object) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(keyId));
  const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64'), data: data.toString('base64') };
}

const files = {
  'the typed source': join(root, 'api', 'eventStore', 'openerThread.ts'),
  'the build in dist/': join(root, 'dist', 'api', 'eventStore', 'openerThread.js'),
};

describe.each(Object.entries(files))('the opener thread from %s', (_, file) => {
  it('opens each record of a batch, answers null without a key and false (with the reason) where one does not open', async () => {
    expect(existsSync(file), `${file} is missing (run scripts/build.mjs)`).toBe(true);
    const anna = randomBytes(32);
    const bo = randomBytes(32);
    const records = [
      { keyId: 'k-anna', ...sealed(anna, 'k-anna', { name: 'Anna' }) },
      { keyId: 'k-bo', ...sealed(bo, 'k-bo', { name: 'Bo', phone: '0701' }) },
      // Sealed under Bo's key but naming Anna's: the authenticated key id does not match.
      { keyId: 'k-anna', ...sealed(bo, 'k-bo', { name: 'Falsk' }) },
      // An erased customer: no key.
      { keyId: 'k-gone', ...sealed(randomBytes(32), 'k-gone', { name: 'Borta' }) },
    ];
    const batch: Omit<OpenerBatch, 'n'> = {
      keys: Buffer.concat([anna, bo]),
      key: [0, 1, 0, -1],
      keyIds: JSON.stringify(records.map((r) => r.keyId)),
      ivs: JSON.stringify(records.map((r) => r.iv)),
      data: JSON.stringify(records.map((r) => r.data)),
    };
    const thread = threadCalls<Omit<OpenerBatch, 'n'>, Record<string, unknown>>(
      pathToFileURL(file),
      'event opener',
      (m) => m,
      OPENER_THREAD,
    );
    try {
      const answer = await thread.call(batch);
      expect(JSON.parse(answer.plain as string)).toEqual([
        { name: 'Anna' },
        { name: 'Bo', phone: '0701' },
        false,
        null,
      ]);
      expect(Object.keys(answer.errors as object)).toEqual(['2']);
      // A batch that is not one fails that call only; the thread answers the next.
      await expect(thread.call({ ...batch, keyIds: 'inte json' })).rejects.toThrow();
      expect(JSON.parse((await thread.call(batch)).plain as string)[0]).toEqual({ name: 'Anna' });
    } finally {
      await thread.close();
    }
  });
});
