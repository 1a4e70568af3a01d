// The tests' own Swish on loopback and the kiosk's Swish set up to use it (issue 49): a CA made
// here, Swish's HTTPS server checking the merchant's client certificate from it, and the kiosk's
// SWISH_* environment (its certificate files in a folder of their own) and the configuration read
// from it, for a server in this process (`config`) or one started as a process (`env`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv } from '../../api/config.js';
import type { SwishConfig } from '../../api/swish/config.js';
import { makeTestCa, swishEnvironment } from './testCa.js';
import { startTestSwish, type TestSwish, type TestSwishOptions } from './swishServer.js';

/** The kiosk's Swish number in the tests. */
export const SWISH_PAYEE = '1231181189';

export interface SwishSetup {
  swish: TestSwish;
  /** SWISH_* as the kiosk's environment gives them. */
  env: Record<string, string>;
  /** The same, as the server reads it (configFromEnv). */
  config: SwishConfig;
  close(): Promise<void>;
}

export async function startSwishSetup(
  name: string,
  options: Omit<TestSwishOptions, 'server' | 'clientCa'> & {
    /** The merchant certificate's end (a test of the expiry alert); two years by default. */
    certificateEnds?: Date;
    /** SWISH_CALLBACK_URL; https://pizza.example.se/api/swish/callback by default. */
    callbackUrl?: string;
  } = {},
): Promise<SwishSetup> {
  const { certificateEnds, callbackUrl, ...swishOptions } = options;
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const ca = makeTestCa();
  const merchant = ca.client({ commonName: SWISH_PAYEE, ...(certificateEnds ? { notAfter: certificateEnds } : {}) });
  const swish = await startTestSwish({ ...swishOptions, server: ca.server(), clientCa: ca.cert });
  const env = swishEnvironment(dir, {
    ca,
    merchant,
    payee: SWISH_PAYEE,
    url: swish.url,
    callbackUrl: callbackUrl ?? 'https://pizza.example.se/api/swish/callback',
  });
  return {
    swish,
    env,
    config: configFromEnv(env).swish!,
    async close() {
      await swish.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
