// A 46elks of the test's own: an HTTPS endpoint (the push service's self-signed certificate for
// 127.0.0.1, trusted by the test's process only) that checks what 46elks checks (Basic auth, POST
// /a1/sms, the form fields from, to in E.164 and message) and answers as it does. When an SMS names
// a `whendelivered` URL it then posts the delivery reports there as 46elks does
// (46elks.se/docs/sms-delivery-reports: form-encoded id, status "sent", then "delivered" with the
// time in UTC without a zone), to the address `reach` turns the URL into (the kiosk's public URL
// is not where the test's server listens).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PUSH_CERT } from '../push/pushService.js';

export interface ElksRequest {
  authorised: boolean;
  path: string;
  fields: Record<string, string>;
}

export interface ElksEndpoint {
  url: string;
  received: ElksRequest[];
  /** The statuses the kiosk answered each delivery report with. */
  reportAnswers: number[];
  until(test: (all: ElksRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startElksEndpoint(o: {
  username: string;
  password: string;
  reach?: (whendelivered: string) => string;
  deliveredAt?: string;
  /** Asked before each SMS is answered: a promise holds the answer; a status it resolves to refuses it. */
  hold?: (to: string) => Promise<number | null> | null;
}): Promise<ElksEndpoint> {
  const received: ElksRequest[] = [];
  const reportAnswers: number[] = [];
  const expected = 'Basic ' + Buffer.from(`${o.username}:${o.password}`).toString('base64');
  const report = async (url: string, fields: Record<string, string>) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
    reportAnswers.push(response.status);
  };
  const server: Server = createServer(
    { cert: PUSH_CERT, key: readFileSync(join(import.meta.dirname, '..', 'push', 'fixtures', 'push-service.key')) },
    (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => void answer());
      const answer = async () => {
        const refused = await o.hold?.(Object.fromEntries(new URLSearchParams(body)).to ?? '');
        if (refused) return res.writeHead(refused).end('Service unavailable');
        const entry: ElksRequest = {
          authorised: req.headers.authorization === expected,
          path: `${req.method} ${req.url}`,
          fields: Object.fromEntries(new URLSearchParams(body)),
        };
        received.push(entry);
        if (!entry.authorised) return res.writeHead(401).end('Unauthorized');
        if (!/^\+[1-9]\d{7,14}$/.test(entry.fields.to ?? '') || !entry.fields.message || !entry.fields.from)
          return res.writeHead(403).end('Invalid to');
        const id = `s${received.length}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id, status: 'created', ...entry.fields }));
        const whendelivered = entry.fields.whendelivered;
        if (whendelivered && o.reach) {
          const url = o.reach(whendelivered);
          void (async () => {
            await report(url, { id, status: 'sent' });
            await report(url, { id, status: 'delivered', delivered: o.deliveredAt ?? '2026-11-24T10:30:05.123000' });
          })();
        }
      };
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/a1`,
    received,
    reportAnswers,
    async until(test, timeoutMs = 20_000) {
      for (let waited = 0; !test(received) && waited < timeoutMs; waited += 25)
        await new Promise((r) => setTimeout(r, 25));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
