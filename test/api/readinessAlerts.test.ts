// /api/ready's report of the worker's lag and its alerts (api/readiness.ts): the projections
// behind the head past ALERT_LAG, a due mail waiting and a sender stalled past ALERT_DUE_SECONDS,
// all without making the process unready (mail trouble never takes the site down).
import { createServer as createTcpServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bookingPayload, startTestServer } from './harness.js';

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

describe('GET /api/ready: lag and alerts', () => {
  it('names projection_lag once the projections are more than ALERT_LAG events behind, still ready below READY_MAX_LAG', async () => {
    const t = await startTestServer({ config: { alertLag: 1, readyMaxLag: 10 } });
    try {
      await t.server.projections.waitFor(await t.server.events.headPosition());
      // A fresh install names no seller yet (rule: seller-first): that alert stands throughout.
      expect((await t.get('/api/ready')).body).toMatchObject({ projection_lag: 0, alerts: ['seller_missing'] });
      await t.server.projections.stop();
      const noted = () => ({
        id: crypto.randomUUID(),
        type: 'Noted',
        data: {},
        metadata: { actor: 'system', timestamp: new Date().toISOString() },
      });
      await t.server.events.append('test-lag', [noted()], 'any');
      expect((await t.get('/api/ready')).body).toMatchObject({
        ready: true,
        projection_lag: 1,
        alerts: ['seller_missing'],
      });
      await t.server.events.append('test-lag', [noted()], 'any');
      const behind = await t.get('/api/ready');
      expect(behind.status).toBe(200);
      expect(behind.body).toMatchObject({
        ready: true,
        projection_lag: 2,
        alerts: ['projection_lag', 'seller_missing'],
      });
    } finally {
      await t.close();
    }
  });

  it('names mail_waiting and stalled while a relay that never answers holds a booking mail past ALERT_DUE_SECONDS', async () => {
    // Accepts the connection and never greets: the mail sender's round waits on it.
    const sockets: Socket[] = [];
    const relay = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as { port: number }).port;
    const t = await startTestServer({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, alertDueSeconds: 1 },
    });
    try {
      expect((await t.post('/api/bookings', bookingPayload({ date: inDays(3), time: '12:00' }))).status).toBe(201);
      let body: any;
      for (let i = 0; i < 100; i++) {
        body = (await t.get('/api/ready')).body;
        if (body.alerts.includes('mail_waiting') && body.alerts.includes('stalled')) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(body).toMatchObject({ ready: true, push: { due: 0, oldest_due_seconds: null } });
      expect(body.alerts).toEqual(['mail_waiting', 'stalled', 'seller_missing']);
      expect(body.mail.due).toBe(2);
      expect(body.mail.oldest_due_seconds).toBeGreaterThan(1);
      expect(body.stalled_seconds).toBeGreaterThan(1);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      relay.close();
      await t.close();
    }
  });
});
