// A client that sends headers and half a body, then trickles or stalls, does not hold a
// connection for ever: the request timeout answers 408 and closes it, the connection timeout
// closes a silent one.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const HALF_A_BOOKING =
  'POST /api/bookings HTTP/1.1\r\nHost: kiosk.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"date":"2026-11-24","ti';

/** Sends headers and half a body, then (when trickle) a byte every 100 ms; resolves with what came back when the server closes. */
function halfRequest(server: TestServer, trickle: boolean): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(server.base).port), '127.0.0.1', () => socket.write(HALF_A_BOOKING));
    const timer = trickle ? setInterval(() => socket.writable && socket.write(' '), 100) : undefined;
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    });
    socket.on('error', () => undefined);
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error('the server kept the stalled connection open'));
    }, 8000);
  });
}

describe('stalled requests', () => {
  it('a body that trickles in is cut off at the request timeout with a Swedish 408', async () => {
    t = await startTestServer({ config: { requestTimeoutMs: 1000, connectionTimeoutMs: 5000 } });
    const { answer, ms } = await halfRequest(t, true);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ error: 'Förfrågan tog för lång tid' }));
    expect(ms).toBeLessThan(4000);
  });

  it('a connection that goes silent mid-body is closed at the connection timeout', async () => {
    t = await startTestServer({ config: { requestTimeoutMs: 30_000, connectionTimeoutMs: 700 } });
    const { ms } = await halfRequest(t, false);
    expect(ms).toBeLessThan(4000);
  });

  it('defaults to 30 s for a request and 10 s of silence', async () => {
    t = await startTestServer();
    expect(t.server.app.server.requestTimeout).toBe(30_000);
    expect(t.server.app.server.timeout).toBe(10_000);
  });
});

describe('the admin live stream', () => {
  it('stays open past the idle-connection timeout', async () => {
    t = await startTestServer({ now: () => new Date('2026-11-23T08:00:00Z'), config: { connectionTimeoutMs: 500 } });
    const cookie = await t.login();
    const controller = new AbortController();
    const response = await fetch(`${t.base}/api/admin/live`, { headers: { cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read(); // retry: 3000
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const booked = await t.post('/api/bookings', {
      date: '2026-11-24',
      time: '12:00',
      name: 'Åsa Öberg',
      email: 'asa@example.se',
      dine_in: false,
      items: [{ pizza_id: 1, qty: 1 }],
      requested_pizzas: 1,
    });
    expect(booked.status).toBe(201);
    const { value, done } = await reader.read();
    expect(done).toBe(false);
    expect(new TextDecoder().decode(value)).toContain(booked.body.booking_id);
    controller.abort();
  });
});
