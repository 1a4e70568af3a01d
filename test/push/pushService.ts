// A push service of the test's own, standing where a browser vendor's would: an HTTPS endpoint
// (a self-signed certificate the server under test is told to trust, as a corporate CA would be)
// that receives the server's Web Push requests and checks them as a real one does: the VAPID JWT
// (ES256 over the server's public key, aud the endpoint's origin, exp within 24 h) and the
// aes128gcm body, decrypted with the private key of a subscription the test made itself (P-256,
// http_ece as web-push uses it). Nothing in the product is replaced.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import ece from 'http_ece';

export const PUSH_CERT_FILE = join(import.meta.dirname, 'fixtures', 'push-service.crt');
export const PUSH_CERT = readFileSync(PUSH_CERT_FILE, 'utf8');

export interface TestSubscription {
  name: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  name: string;
  /** The decrypted payload, parsed. */
  payload: any;
  ttl: string | undefined;
  /** The JWT's claims, checked. */
  claims: { aud: string; exp: number; sub: string };
  status: number;
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** Every request that reached the endpoint, also those answered with an error. */
  requests: Array<{ name: string; status: number }>;
  /** Problems found in a request (bad signature, undecryptable body): none is expected. */
  problems: string[];
  subscribe(name: string): TestSubscription;
  /** The statuses to answer this subscription's next requests with (then 201). */
  answer(name: string, ...statuses: number[]): void;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * hold: asked at each request before it is answered; a promise holds the answer until it settles,
 * and a status it resolves to is answered instead of the planned one (a push service slow to answer).
 */
export async function startPushService(
  vapidPublicKey: () => string | Promise<string>,
  options: { hold?: (name: string) => Promise<number | null> | null } = {},
): Promise<TestPushService> {
  const keys = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const answers = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const requests: Array<{ name: string; status: number }> = [];
  const problems: string[] = [];
  let origin = '';

  const server: Server = createServer(
    { cert: PUSH_CERT, key: readFileSync(join(import.meta.dirname, 'fixtures', 'push-service.key')) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => void answer());
      const answer = async () => {
        const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
        const held = await options.hold?.(name);
        const status = held ?? answers.get(name)?.shift() ?? 201;
        requests.push({ name, status });
        try {
          if (request.method !== 'POST') throw new Error(`method ${request.method}`);
          const subscriber = keys.get(name);
          if (!subscriber) throw new Error(`unknown subscription ${name}`);
          const claims = checkVapid(request.headers.authorization ?? '', await vapidPublicKey(), origin);
          if (request.headers['content-encoding'] !== 'aes128gcm')
            throw new Error(`content-encoding ${request.headers['content-encoding']}`);
          const body = Buffer.concat(chunks);
          const plain = ece.decrypt(body, {
            version: 'aes128gcm',
            privateKey: subscriber.ecdh,
            authSecret: subscriber.auth.toString('base64url'),
          });
          if (status < 300)
            received.push({
              name,
              payload: JSON.parse(plain.toString('utf8')),
              ttl: request.headers.ttl as string | undefined,
              claims,
              status,
            });
        } catch (error) {
          problems.push(`${name}: ${(error as Error).message}`);
        }
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? '' : 'gone or failing');
      };
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    requests,
    problems,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(name, { ecdh, auth });
      return {
        name,
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(name, ...statuses) {
      answers.set(name, statuses);
    },
    async waitFor(count, timeoutMs = 10_000) {
      for (let waited = 0; received.length < count && waited < timeoutMs; waited += 25)
        await new Promise((r) => setTimeout(r, 25));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): k is the server's VAPID key,
 * the JWT is ES256-signed by it, names the endpoint's origin as aud, expires within 24 h and has
 * a subject. Answers the claims; throws what is wrong.
 */
function checkVapid(header: string, expectedKey: string, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`authorization header ${JSON.stringify(header)}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedKey) throw new Error('k is not the server’s VAPID public key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID JWT signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (header_.alg !== 'ES256') throw new Error(`alg ${header_.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (body.aud !== origin) throw new Error(`aud ${body.aud}, expected ${origin}`);
  const now = Date.now() / 1000;
  if (!(body.exp > now && body.exp <= now + 24 * 3600 + 60)) throw new Error(`exp ${body.exp}`);
  if (!/^(mailto:|https:)/.test(body.sub ?? '')) throw new Error(`sub ${body.sub}`);
  return body;
}
