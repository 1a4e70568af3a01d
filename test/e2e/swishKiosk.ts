// A browser suite's kiosk with Swish Handel set up (issue 49): the tests' own Swish on loopback
// (HTTPS that checks the merchant's client certificate, from a CA made here) and the SWISH_*
// environment the built server starts with, its certificate files in a folder of their own.
// Call it before browserSuite, whose server reads `env` in its own beforeAll after this one's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { makeTestCa, swishEnvironment } from '../support/testCa.js';
import { startTestSwish, type TestSwish, type TestSwishOptions } from '../support/swishServer.js';

/** The kiosk's Swish number in the browser suites. */
export const SWISH_PAYEE = '1231181189';

export interface SwishKiosk {
  /** The tests' Swish (its requests, refunds and outcomes). */
  swish: () => TestSwish;
  /** The server's SWISH_* environment (with SWISH_POLL_MS). */
  env: () => Record<string, string>;
}

export function swishKiosk(
  name: string,
  options: Omit<TestSwishOptions, 'server' | 'clientCa'> & {
    /** The merchant certificate's end (a test of the expiry banner); two years by default. */
    certificateEnds?: Date;
    /** SWISH_POLL_MS; unset: the server's default. */
    pollMs?: number;
  } = {},
): SwishKiosk {
  const { certificateEnds, pollMs, ...swishOptions } = options;
  let dir = '';
  let swish: TestSwish | undefined;
  let env: Record<string, string> = {};
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `${name}-`));
    const ca = makeTestCa();
    const merchant = ca.client({
      commonName: SWISH_PAYEE,
      ...(certificateEnds ? { notAfter: certificateEnds } : {}),
    });
    swish = await startTestSwish({ ...swishOptions, server: ca.server(), clientCa: ca.cert });
    env = {
      ...swishEnvironment(dir, {
        ca,
        merchant,
        payee: SWISH_PAYEE,
        url: swish.url,
        callbackUrl: 'https://pizza.example.se/api/swish/callback',
      }),
      ...(pollMs === undefined ? {} : { SWISH_POLL_MS: String(pollMs) }),
    };
  }, 60_000);
  afterAll(async () => {
    await swish?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    swish: () => {
      if (!swish) throw new Error('the Swish of the test has not started');
      return swish;
    },
    env: () => env,
  };
}
