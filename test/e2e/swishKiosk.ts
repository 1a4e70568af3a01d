// A browser suite's kiosk with Swish Handel set up (issue 49): the tests' own Swish on loopback
// and the SWISH_* environment the built server starts with (test/support/swishSetup.ts). Call it
// before browserSuite, whose server reads `env` in its own beforeAll, after this one's.
import { afterAll, beforeAll } from 'vitest';
import { startSwishSetup, type SwishSetup } from '../support/swishSetup.js';
import type { TestSwish } from '../support/swishServer.js';

export { SWISH_PAYEE } from '../support/swishSetup.js';

export interface SwishKiosk {
  /** The tests' Swish (its requests, refunds and outcomes). */
  swish: () => TestSwish;
  /** The server's SWISH_* environment (with SWISH_POLL_MS). */
  env: () => Record<string, string>;
}

export function swishKiosk(
  name: string,
  options: Parameters<typeof startSwishSetup>[1] & {
    /** SWISH_POLL_MS; unset: the server's default. */
    pollMs?: number;
  } = {},
): SwishKiosk {
  const { pollMs, ...setupOptions } = options;
  let setup: SwishSetup | undefined;
  beforeAll(async () => {
    setup = await startSwishSetup(name, setupOptions);
  }, 60_000);
  afterAll(async () => {
    await setup?.close();
  });
  const started = () => {
    if (!setup) throw new Error('the Swish of the test has not started');
    return setup;
  };
  return {
    swish: () => started().swish,
    env: () => ({ ...started().env, ...(pollMs === undefined ? {} : { SWISH_POLL_MS: String(pollMs) }) }),
  };
}
