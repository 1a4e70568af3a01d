/// <reference lib="dom" />
// The new version (SPEC 2): when the site's service worker changes, the customer page offers the
// new version in a toast, and a tap on it activates the waiting worker and reloads the page under
// it (ui/components/ReloadPrompt.tsx, through workbox-window).
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browserSuite } from './browserSuite.js';
import { customerTexts } from '../../ui/lib/texts.js';

const suite = browserSuite();
let deploy: Server;
/** Set by the test: the next deploy's sw.js is the one built with a line added. */
let nextVersion = false;

/**
 * The site as a deploy serves it: the server behind a proxy that, once `nextVersion` is set, adds a
 * line to /sw.js (as a new build's precache manifest would change it). The browser checks the
 * worker's script itself, outside the page, where a Playwright route does not reach.
 */
function deployOf(target: URL): Promise<Server> {
  const proxy = createServer((incoming, outgoing) => {
    const isWorker = incoming.url === '/sw.js';
    const headers: Record<string, string | string[] | undefined> = { ...incoming.headers, host: target.host };
    // The worker whole and uncompressed, so that the line can be added to it.
    if (isWorker) for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since']) delete headers[name];
    const forward = request(
      { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        if (!isWorker || !nextVersion || answer.statusCode !== 200) {
          outgoing.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from('\n// the next version\n')]);
          const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...rest } = answer.headers;
          outgoing.writeHead(200, { ...rest, 'content-length': body.length });
          outgoing.end(body);
        });
      },
    );
    incoming.pipe(forward);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

beforeAll(async () => {
  deploy = await deployOf(new URL(suite.server.base));
});
afterAll(() => {
  deploy?.close();
});

it('offers a new service worker in a toast, and a tap reloads the page under it', async () => {
  const base = `http://127.0.0.1:${(deploy.address() as AddressInfo).port}`;
  const { page, errors } = await suite.fresh(390, undefined, { baseURL: base, serviceWorkers: 'allow' });
  await page.goto('/');
  const prompt = page.getByRole('button', { name: customerTexts.updateAvailable });
  // The first worker installs without asking: there is no older one to replace.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(
    `${base}/sw.js`,
  );
  expect(await prompt.count()).toBe(0);

  nextVersion = true;
  await page.reload();
  await prompt.waitFor();

  await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
  await Promise.all([page.waitForEvent('load'), prompt.click()]);
  // A new page: the tap reloaded it, under the worker that was waiting.
  expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
  const after = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
  });
  expect(after).toEqual({ waiting: null, controlled: true });
  expect(errors).toEqual([]);
});
