// Data at rest and in logs: a new DATA_DIR is private to the user (0700), its databases, their
// WAL files and the mail outbox 0600; errors are logged even with request logging off; request
// logs carry no token, e-mail or cookie.
import { readdirSync, rmSync, statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../api/http/logging.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';

const parent = mkdtempSync(join(tmpdir(), 'pizzakiosken-rest-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

/** A log destination that keeps every line. */
function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream: Object.assign(stream, { write: stream.write.bind(stream) }) };
}

describe('files at rest', () => {
  it('a new DATA_DIR is 0700, its databases, WAL files and outbox mails 0600', async () => {
    const dataDir = join(parent, 'ny', 'data');
    const t = await startTestServer({ dataDir, now: () => MONDAY_MORNING });
    try {
      expect((await t.post('/api/bookings', bookingPayload())).status).toBe(201);
      // The mail reactor writes the booking's mails to the outbox.
      const outbox = join(dataDir, 'outbox');
      for (let i = 0; i < 50 && !readdirSync(dataDir).includes('outbox'); i++)
        await new Promise((r) => setTimeout(r, 100));
      for (let i = 0; i < 50 && readdirSync(outbox).filter((f) => f.endsWith('.eml')).length === 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(mode(dataDir)).toBe(0o700);
      const files = readdirSync(dataDir);
      for (const name of ['events.db', 'events.db-wal', 'read-models.db', 'read-models.db-wal', 'session-secret']) {
        expect(files).toContain(name);
        expect(mode(join(dataDir, name)), name).toBe(0o600);
      }
      expect(mode(outbox)).toBe(0o700);
      const mails = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      expect(mails.length).toBeGreaterThan(0);
      for (const mail of mails) expect(mode(join(outbox, mail)), mail).toBe(0o600);
    } finally {
      await t.close();
    }
  });
});

describe('logs', () => {
  it('redacts query values and VIP tokens in URLs', () => {
    expect(redactUrl('/api/open-days?days=30&vip_token=abc')).toBe(
      '/api/open-days?days=[redacted]&vip_token=[redacted]',
    );
    expect(redactUrl('/api/vip/access/abc123')).toBe('/api/vip/access/[redacted]');
    expect(redactUrl('/api/pizzas')).toBe('/api/pizzas');
  });

  it('request logs carry no token, e-mail or cookie', async () => {
    const log = captured();
    const t: TestServer = await startTestServer({
      now: () => MONDAY_MORNING,
      config: { logRequests: true },
      logStream: log.stream,
    });
    try {
      const cookie = await t.login();
      await t.get('/api/admin/me', cookie);
      const customer = await t.post(
        '/api/admin/vip-customers',
        { email: 'hemlig.vip@example.se', name: 'Hemlig', phone: '', notes: '' },
        cookie,
      );
      const token = (await t.post('/api/admin/vip-links/generate', { vip_customer_id: customer.body.id }, cookie)).body
        .token as string;
      await t.get(`/api/vip/access/${token}`);
      await t.get(`/api/open-days?days=3&vip_token=${token}`);
      await t.get(`/api/test-availability?date=2026-11-24&pizzas=1&vip_token=${token}`);
      await t.post('/api/bookings/lookup', { email: 'hemlig.kund@example.se', booking_id: '20261124-1' });
      const text = log.lines.join('\n');
      expect(log.lines.some((l) => l.includes('incoming request'))).toBe(true);
      expect(text).not.toContain(token);
      expect(text).not.toContain(cookie.split('=')[1].slice(0, 20));
      expect(text).not.toContain('hemlig');
      expect(text).toContain('/api/vip/access/[redacted]');
    } finally {
      await t.close();
    }
  });

  it('request lines carry no IP address unless LOG_IPS=1, and no e-mail', async () => {
    for (const logIps of [false, true]) {
      const log = captured();
      const t = await startTestServer({
        now: () => MONDAY_MORNING,
        config: { logRequests: true, logIps },
        logStream: log.stream,
      });
      try {
        await t.get('/api/pizzas');
        await t.post('/api/bookings/lookup', { email: 'ip.kund@example.se', booking_id: '20261124-1' });
        await t.get('/api/admin/customers/export?email=ip.kund@example.se');
        const requests = log.lines.filter((l) => l.includes('incoming request'));
        expect(requests.length).toBeGreaterThanOrEqual(3);
        const text = log.lines.join('\n');
        expect(text).not.toContain('ip.kund');
        if (logIps) expect(requests.every((l) => l.includes('"remoteAddress":"127.0.0.1"'))).toBe(true);
        else {
          expect(text).not.toContain('remoteAddress');
          // Only the server's own "listening at" line names an address.
          expect(log.lines.filter((l) => l.includes('127.0.0.1') && !l.includes('Server listening at'))).toEqual([]);
        }
      } finally {
        await t.close();
      }
    }
  });

  it('a 5xx is logged even with request logging off', async () => {
    const log = captured();
    const t = await startTestServer({ now: () => MONDAY_MORNING, logStream: log.stream });
    try {
      const docs = t.server.docs as { find: (...args: unknown[]) => unknown };
      const find = docs.find;
      docs.find = () => Promise.reject(new Error('disken brinner vid kund@example.se'));
      const reply = await t.get('/api/pizzas');
      docs.find = find;
      expect(reply.status).toBe(500);
      // Nor is an e-mail address an error message quotes.
      expect(log.lines.join('\n')).not.toContain('kund@example.se');
      expect(reply.body).toEqual({ error: 'Något gick fel. Försök igen senare.' });
      // Made on first use (logging.ts), the request's logger still carries the request's id.
      expect(
        log.lines.some((l) => l.includes('disken brinner') && l.includes('"level":50') && l.includes('"reqId":"req-')),
      ).toBe(true);
      expect(log.lines.some((l) => l.includes('incoming request'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
