// The kiosk's HTTPS front in a test (as Caddy is in deploy/): Swish calls back over HTTPS only,
// and the kiosk's own server speaks HTTP behind it. It passes each request on to the server the
// test names and its answer back, and `callBack` posts a callback to it as Swish does (issue 49).
import { createServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCertificate } from './testCa.js';

export interface SwishFront {
  /** The front's base URL (https://127.0.0.1:port). */
  url: string;
  /** Posts a callback as Swish does: JSON over HTTPS, to /api/swish/callback; answers the status. */
  callBack(body: unknown): Promise<number>;
  close(): Promise<void>;
}

/** Starts the front with this certificate (trusted through `ca`), passing requests to `target()`'s base URL. */
export async function startSwishFront(cert: TestCertificate, ca: string, target: () => string): Promise<SwishFront> {
  const front = createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fetch(`${target()}${req.url}`, {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body: Buffer.concat(chunks),
      }).then(
        async (reply) => res.writeHead(reply.status, { 'content-type': 'application/json' }).end(await reply.text()),
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return {
    url,
    callBack(body) {
      const payload = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = httpsRequest(
          `${url}/api/swish/callback`,
          { method: 'POST', ca, headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => new Promise<void>((resolve) => front.close(() => resolve())),
  };
}
