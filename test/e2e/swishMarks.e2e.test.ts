/// <reference lib="dom" />
// "Betald med Swish" and "Väntar på Swish-betalning" where staff and the counter see an order
// (issue 49, rule: swish-payment), in Chromium against the built server with Swish set up through
// SWISH_* (a Swish of the test's own on loopback, the watch polling it). One booking paid with
// Swish and one still waiting for its payment: the counter screen (/admin/counter) lists both with
// their marks, the kitchen board marks each (and the paid one's printed ticket), and the public
// order status screen (/status, and GET /api/order-status's `paid`) marks the paid number only,
// with no name. Axe finds nothing at 360 and 1280 px in both themes. SWISH_SHOTS=<folder> saves
// screenshots.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browserSuite.js';
import { swishKiosk } from './swishKiosk.js';
import { axeFindings } from './axe.js';
import { animationsDone, inDays, until } from './harness.js';

const DAY = inDays(1);
const shots = process.env.SWISH_SHOTS;
let next: string | null = null;

const kiosk = swishKiosk('swish-marks-e2e', { callBack: false, outcome: () => next, pollMs: 200 });
const suite = browserSuite({ env: kiosk.env, shots });

let paid = '';
let waiting = '';

async function book(time: string, name: string, email: string): Promise<string> {
  const reply = await suite.server.api('POST', '/api/bookings', {
    date: DAY,
    time,
    name,
    email,
    phone: null,
    dine_in: false,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.booking_id as string;
}

const paymentOf = async (id: string) =>
  (await suite.server.api('GET', `/api/admin/bookings/${id}`, undefined, suite.cookie)).body?.payment?.status as
    string | undefined;

describe('the Swish marks on the counter, the kitchen board and the order status screen', () => {
  it('before the others: one booking paid with Swish and in the oven, one still waiting for its payment', async () => {
    expect(
      (await suite.server.api('PUT', '/api/admin/swish/prepay', { choice: 'required_all_web' }, suite.cookie)).status,
    ).toBe(200);
    next = null; // PAID after the test Swish's delay
    paid = await book('12:00', 'Greta Betald', 'betald@example.se');
    await until(async () => (await paymentOf(paid)) === 'paid', 'the payment paid', 15_000);
    expect((await suite.server.api('PUT', `/api/admin/bookings/${paid}/confirm`, {}, suite.cookie)).status).toBe(200);
    expect(
      (await suite.server.api('PUT', `/api/admin/bookings/${paid}/kitchen`, { step: 'baking' }, suite.cookie)).status,
    ).toBe(200);
    next = 'OPEN'; // the payer never opens the app
    waiting = await book('12:30', 'Sven Väntar', 'vantar@example.se');
    expect(await paymentOf(waiting)).toBe('requested');
  });

  it('GET /api/order-status names the paid number under `paid`, with no name', async () => {
    const board = await suite.server.api('GET', '/api/order-status');
    expect(board.body.baking).toEqual([paid]);
    expect(board.body.paid).toEqual([paid]);
    expect(JSON.stringify(board.body)).not.toContain('Greta');
  });

  it('the counter lists both with their marks; the kitchen board and the ticket mark each', async () => {
    const { page, errors } = await suite.signedIn(1280);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.goto(`/admin/counter?date=${DAY}`);
    const card = page.getByRole('region', { name: 'Betalt med Swish' });
    await card.waitFor();
    expect(await card.locator(`[data-booking="${paid}"] .badge`).textContent()).toBe('Betald med Swish');
    expect(await card.locator(`[data-booking="${waiting}"] .badge`).textContent()).toBe('Väntar på Swish-betalning');
    await page.goto(`/admin/kitchen?date=${DAY}`);
    const paidCard = page.locator(`[data-booking="${paid}"]`);
    await paidCard.getByText('Betald med Swish').waitFor();
    const waitingCard = page.locator(`[data-booking="${waiting}"]`);
    await waitingCard.getByText('Väntar på Swish-betalning').waitFor();
    expect(await paidCard.getByText('Väntar på Swish-betalning').count()).toBe(0);
    // Its printed ticket says so too.
    await page.getByRole('button', { name: `Skriv ut orderlapp för ${paid}` }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator(`.ticket[data-ticket="${paid}"] .ticket__paid`).innerText()).toMatch(
      /^betald med swish$/i,
    );
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
  });

  it('the status screen marks the paid number only', async () => {
    const { page, errors } = await suite.fresh(1280);
    await page.goto('/status');
    const number = page.locator(`[data-list="baking"] [data-order="${paid}"]`);
    await number.waitFor();
    expect(await number.getAttribute('data-paid')).toBe('swish');
    expect(await number.getAttribute('aria-label')).toBe(`Order ${paid}, betald med Swish`);
    expect(await number.locator('.status-number__paid').textContent()).toBe('Betald med Swish');
    expect(await page.locator(`[data-order="${waiting}"]`).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('at 360 and 1280 px in both themes: axe finds nothing on the counter, the kitchen board and /status', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page, errors } = await suite.signedIn(width, theme);
        for (const [name, path, ready] of [
          ['counter', `/admin/counter?date=${DAY}`, '.counter-swish'],
          ['kitchen', `/admin/kitchen?date=${DAY}`, `[data-booking="${waiting}"]`],
          ['status', '/status', `[data-order="${paid}"]`],
        ] as const) {
          await page.goto(path);
          await page.locator(ready).first().waitFor();
          await animationsDone(page);
          expect(await axeFindings(page, `swish marks ${name} ${theme} ${width}`)).toEqual([]);
          if (shots) await page.screenshot({ path: join(shots, `swish-marks-${name}-${theme}-${width}.png`) });
        }
        expect(errors).toEqual([]);
      }
    }
  });
});
