// TRUST_PROXY: only the address the nearest trusted proxy saw counts as the client's (rate
// limits key on it); what a client writes into X-Forwarded-For itself is ignored.
import { afterEach, describe, expect, it } from 'vitest';
import { trustProxyFrom } from '../../api/config.js';
import { startTestServer, type TestServer } from './harness.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Failed logins through "the proxy" (this test, on 127.0.0.1) with the given X-Forwarded-For. */
async function login(server: TestServer, forwardedFor: string): Promise<number> {
  const response = await fetch(`${server.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: 'nobody@example.se', password: 'gissning' }),
  });
  return response.status;
}

describe('TRUST_PROXY', () => {
  it('parses hops and address lists, and never trusts every hop', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('0')).toBe(false);
    expect(trustProxyFrom('1')).toBe(1);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });

  it.each([
    ['one hop', 1],
    ['the proxy address', ['127.0.0.1']],
  ] as const)('with %s, a forged X-Forwarded-For entry from an untrusted hop is ignored', async (_name, trustProxy) => {
    t = await startTestServer({ config: { trustProxy: trustProxy as number | string[], loginAttemptsPerMinute: 2 } });
    // The client forges a new address before the real one on every attempt.
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await login(t, `203.0.113.${i}, 198.51.100.7`));
    expect(statuses).toEqual([401, 401, 429, 429]);
    // Another client behind the same proxy has its own count.
    expect(await login(t, '198.51.100.8')).toBe(401);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For entirely', async () => {
    t = await startTestServer({ config: { loginAttemptsPerMinute: 2 } });
    const statuses = [];
    for (let i = 1; i <= 3; i++) statuses.push(await login(t, `198.51.100.${i}`));
    expect(statuses).toEqual([401, 401, 429]);
  });
});
