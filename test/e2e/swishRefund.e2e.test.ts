/// <reference lib="dom" />
// A cancelled paid booking's refund where staff and the customer see it (issue 49, rule:
// swish-refund), in Chromium against the built server with Swish set up through SWISH_* (a Swish
// of the test's own on loopback, the watch polling it). Two bookings paid with Swish are cancelled
// by staff: one refund Swish pays ("Återbetald"), one it fails with RF07 ("Återbetalningen
// misslyckades (kod RF07)", with what staff do then). The bookings list marks each, the booking's
// details show the refund and its history, and /my-booking tells the customer. Axe finds nothing
// at 360 and 1280 px in both themes. SWISH_SHOTS=<folder> saves screenshots.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browserSuite.js';
import { swishKiosk } from './swishKiosk.js';
import { axeFindings } from './axe.js';
import { animationsDone, inDays, until } from './harness.js';

const DAY = inDays(2);
const shots = process.env.SWISH_SHOTS;
let nextRefund: string | null = null;

const kiosk = swishKiosk('swish-refund-e2e', { callBack: false, refundOutcome: () => nextRefund, pollMs: 200 });
const suite = browserSuite({ env: kiosk.env, shots });

let refunded = '';
let failed = '';

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
  (await suite.server.api('GET', `/api/admin/bookings/${id}`, undefined, suite.cookie)).body?.payment as
    { status: string; refund?: { status: string; error_code?: string | null } } | undefined;

async function paidAndCancelled(time: string, name: string, email: string, refund: string | null) {
  const id = await book(time, name, email);
  await until(async () => (await paymentOf(id))?.status === 'paid', 'the payment paid', 15_000);
  nextRefund = refund;
  const reply = await suite.server.api(
    'PUT',
    `/api/admin/bookings/${id}/cancel`,
    { reason: 'Ugnen är trasig' },
    suite.cookie,
  );
  expect(reply.status).toBe(200);
  await until(
    async () => ['refunded', 'failed'].includes((await paymentOf(id))?.refund?.status ?? ''),
    'the refund ended',
    15_000,
  );
  nextRefund = null;
  return id;
}

describe('a cancelled paid booking’s refund, shown to staff and the customer', () => {
  it('before the others: one refund paid by Swish, one failed with RF07', async () => {
    expect(
      (await suite.server.api('PUT', '/api/admin/swish/prepay', { choice: 'required_all_web' }, suite.cookie)).status,
    ).toBe(200);
    refunded = await paidAndCancelled('12:00', 'Greta Återbetald', 'tillbaka@example.se', null);
    failed = await paidAndCancelled('12:30', 'Sven Misslyckad', 'misslyckad@example.se', 'RF07');
    expect((await paymentOf(refunded))?.refund?.status).toBe('refunded');
    expect((await paymentOf(failed))?.refund).toMatchObject({ status: 'failed', error_code: 'RF07' });
  });

  it('the bookings list marks each; the details show the refund and its history', async () => {
    const { page, errors } = await suite.signedIn(1280);
    await page.goto(`/admin/bookings?date=${DAY}`);
    const row = page.locator(`[data-booking="${refunded}"]`);
    await row.locator('[data-refund="refunded"]').waitFor();
    expect(await row.locator('[data-refund]').textContent()).toBe('Återbetald');
    expect(await page.locator(`[data-booking="${failed}"] [data-refund]`).textContent()).toBe(
      'Återbetalningen misslyckades (kod RF07)',
    );
    await page.getByRole('button', { name: `Visa ${failed}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-refund="failed"]').waitFor();
    const text = await dialog.locator('[data-refund="failed"]').textContent();
    expect(text).toContain('Återbetalningen misslyckades (kod RF07)');
    expect(text).toContain('Betala tillbaka kunden på annat sätt');
    await dialog.getByText('Återbetalning begärd').first().waitFor();
    await dialog
      .locator('.timeline')
      .getByText(/kod RF07/)
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('/my-booking tells the customer the money is back', async () => {
    const { page, errors } = await suite.fresh(1280);
    await page.goto(`/my-booking?id=${refunded}&email=tillbaka@example.se`);
    const refund = page.locator('[data-refund="refunded"]');
    await refund.waitFor();
    expect(await refund.textContent()).toMatch(/^\d+(,\d{2})?\s*kr är återbetalt till ditt Swish-konto\.$/);
    expect(errors).toEqual([]);
  });

  it('at 360 and 1280 px in both themes: axe finds nothing on the details and on /my-booking', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const staff = await suite.signedIn(width, theme);
        await staff.page.goto(`/admin/bookings?date=${DAY}`);
        await staff.page.getByRole('button', { name: `Visa ${failed}` }).click();
        await staff.page.getByRole('dialog').locator('[data-refund="failed"]').waitFor();
        await staff.page.getByRole('dialog').locator('.timeline').waitFor();
        await animationsDone(staff.page);
        expect(await axeFindings(staff.page, `refund details ${theme} ${width}`)).toEqual([]);
        if (shots)
          await staff.page.screenshot({
            path: join(shots, `swish-refund-details-${theme}-${width}.png`),
            fullPage: true,
          });
        if (shots) {
          await staff.page.getByRole('dialog').locator('.timeline li').last().scrollIntoViewIfNeeded();
          await staff.page.screenshot({ path: join(shots, `swish-refund-history-${theme}-${width}.png`) });
        }
        expect(staff.errors).toEqual([]);

        const customer = await suite.fresh(width, theme);
        await customer.page.goto(`/my-booking?id=${refunded}&email=tillbaka@example.se`);
        await customer.page.locator('[data-refund="refunded"]').waitFor();
        await animationsDone(customer.page);
        expect(await axeFindings(customer.page, `refund my-booking ${theme} ${width}`)).toEqual([]);
        if (shots)
          await customer.page.screenshot({
            path: join(shots, `swish-refund-my-booking-${theme}-${width}.png`),
            fullPage: true,
          });
        expect(customer.errors).toEqual([]);
      }
    }
  });
});
