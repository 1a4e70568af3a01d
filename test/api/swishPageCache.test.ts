// The booking page kept for anonymous visitors follows the Swish prepay rule (issue 49, rule:
// swish-prepay): the page says before its order button how the order is paid, so a new rule is on
// the next page (the rule's read model is among those the kept page depends on), not a minute
// later. Over the real server with Swish set up (a Swish of the test's own on loopback). (Needs the
// UI build: npm test builds it first.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, startTestServer, type TestServer } from './harness.js';
import { startSwishSetup, type SwishSetup } from '../support/swishSetup.js';

const SOME = 'Du kan också betala i förväg med Swish här.';
const ALL = 'Beställningen betalas i förväg med Swish här på sidan.';
let setup: SwishSetup | undefined;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  setup = await startSwishSetup('swish-page', { callBack: false });
  const config = setup.config;
  // The clock stands still: only a change of what the page shows renders it again.
  server = await startTestServer({ now: () => MONDAY_MORNING, config: { swish: config, swishPollMs: 0 } });
  admin = await server.login();
}, 60_000);

afterAll(async () => {
  await server?.close();
  await setup?.close();
});

const page = async () => {
  const reply = await fetch(`${server.base}/`);
  return { cache: reply.headers.get('x-cache'), html: await reply.text() };
};
/** Waits until the page is kept (x-cache: HIT). */
async function kept() {
  for (let i = 0; i < 100; i++) {
    const reply = await page();
    if (reply.cache === 'HIT') return reply;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the page was never kept');
}
async function setPrepay(choice: string) {
  expect((await server.put('/api/admin/swish/prepay', { choice }, admin)).status).toBe(200);
  await server.server.projections.waitFor(await server.server.events.headPosition());
}

describe('the kept booking page and the Swish prepay rule', () => {
  it('shows a new rule on the next page', async () => {
    const before = await kept();
    expect(before.html).not.toContain(SOME);
    await setPrepay('offered');
    const offered = await page();
    expect(offered.cache).not.toBe('HIT');
    expect(offered.html).toContain(SOME);
    expect((await kept()).html).toContain(SOME);
    await setPrepay('required_all_web');
    expect((await page()).html).toContain(ALL);
  });
});
