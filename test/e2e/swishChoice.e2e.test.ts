/// <reference lib="dom" />
// "Betala nu med Swish" on the booking page (issue 49, rule: swish-prepay), in Chromium against the
// built server with Swish set up through SWISH_* (a Swish of the test's own on loopback). With the
// rule `offered` the form offers paying now with Swish or at pick-up (a radio group before
// "Slutför Beställning", paying at pick-up chosen until the customer picks the other), and the
// before-order facts say how it is paid; choosing to pay now asks for the payment: on a phone the
// Swish app's link, on a computer the QR code. Paying at pick-up asks for none. Where the rule
// requires payment of the order, the page says so before the button. Axe finds nothing at 360 and
// 1280 px in both themes. SWISH_SHOTS=<folder> saves screenshots.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './browserSuite.js';
import { swishKiosk } from './swishKiosk.js';
import { axeFindings } from './axe.js';
import { chooseDateAndCount, inDays } from './harness.js';

const shots = process.env.SWISH_SHOTS;

const kiosk = swishKiosk('swish-choice-e2e', { callBack: false, outcome: () => 'OPEN', pollMs: 200 });
const suite = browserSuite({ env: kiosk.env, shots });

const setPrepay = async (body: { choice: string; from_pizzas?: number }) =>
  expect((await suite.server.api('PUT', '/api/admin/swish/prepay', body, suite.cookie)).status).toBe(200);

let days = 2;
/** Fills in an order of Margheritas on a date of its own, up to the order button. */
async function fillOrder(page: Page, email: string, pizzas = 1) {
  await page.goto('/');
  await chooseDateAndCount(page, inDays(days++), pizzas);
  await expect.poll(() => page.locator('.slot--selected').count()).toBe(1);
  for (let i = 0; i < pizzas; i++) await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
  await page.getByLabel('Namn').fill('Greta Garbo');
  await page.getByLabel('E-post').fill(email);
}
const order = (page: Page) => page.getByRole('button', { name: /^Slutför Beställning/ });

describe('choosing to pay now with Swish on the booking page', () => {
  it('before the others: the kiosk offers Swish; GET /api/settings says so', async () => {
    expect((await suite.server.api('GET', '/api/settings')).body).not.toHaveProperty('swish_prepay');
    await setPrepay({ choice: 'offered' });
    expect((await suite.server.api('GET', '/api/settings')).body.swish_prepay).toEqual({
      choice: 'offered',
      from_pizzas: null,
    });
  });

  it('on a phone: paying at pick-up is chosen first; "Betala nu med Swish" asks for the payment with the app link', async () => {
    const { page, errors } = await suite.fresh(360);
    await fillOrder(page, 'mobil-val@example.se');
    expect(await page.locator('.payment-notice').textContent()).toContain(
      'Du kan också betala i förväg med Swish här.',
    );
    const group = page.getByRole('group', { name: 'Hur vill du betala?' });
    expect(await group.getByRole('radio', { name: 'Betala när du hämtar' }).isChecked()).toBe(true);
    expect(await page.locator('#before-order').textContent()).toContain('Betalas i kiosken när du hämtar');
    await group.getByRole('radio', { name: 'Betala nu med Swish' }).check();
    expect(await page.locator('#before-order').textContent()).toContain('Betalas nu med Swish');
    await order(page).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Betala med Swish' }).waitFor();
    const link = modal.getByRole('link', { name: 'Öppna Swish' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^swish:\/\/paymentrequest\?token=/);
    expect(errors).toEqual([]);
  });

  it('on a computer: "Betala nu med Swish" shows the QR code', async () => {
    const { page, errors } = await suite.fresh(1280);
    await fillOrder(page, 'dator-val@example.se');
    await page.getByRole('radio', { name: 'Betala nu med Swish' }).check();
    await order(page).click();
    const modal = page.getByRole('dialog');
    const qr = modal.getByRole('img', { name: /^QR-kod för att betala .* med Swish$/ });
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('paying at pick-up asks for no payment', async () => {
    const { page, errors } = await suite.fresh(1280);
    await fillOrder(page, 'senare@example.se');
    await order(page).click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    expect(await modal.getByRole('heading', { name: 'Betala med Swish' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('at 360 and 1280 px in both themes: axe finds nothing with the choice on the page', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page } = await suite.fresh(width, theme);
        await fillOrder(page, `axe-val-${theme}-${width}@example.se`);
        await page.getByRole('radio', { name: 'Betala nu med Swish' }).check();
        expect(await axeFindings(page, `swish choice ${theme} ${width}`)).toEqual([]);
        if (shots)
          await page
            .locator('.booking__checkout')
            .screenshot({ path: join(shots, `swish-choice-${theme}-${width}.png`) });
      }
    }
  });

  it('offline: paying now cannot be chosen, and the order is paid at pick-up', async () => {
    const { page, context, errors } = await suite.fresh(360);
    await fillOrder(page, 'offline-val@example.se');
    const now = page.getByRole('radio', { name: 'Betala nu med Swish' });
    await now.check();
    await context.setOffline(true);
    await expect.poll(() => now.isDisabled()).toBe(true);
    expect(await now.isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: 'Betala när du hämtar' }).isChecked()).toBe(true);
    expect(await page.locator('#swish-now-hint').textContent()).toMatch(/^Går bara när du är ansluten/);
    expect(await page.locator('#before-order').textContent()).toContain('Betalas i kiosken när du hämtar');
    await context.setOffline(false);
    await expect.poll(() => now.isDisabled()).toBe(false);
    expect(errors.filter((e) => !/net::|Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });

  it('required from 2 pizzas: an order of 2 is told so before the button, and paying is asked for', async () => {
    await setPrepay({ choice: 'required_from_pizzas', from_pizzas: 2 });
    const { page, errors } = await suite.fresh(360, 'napoli');
    await fillOrder(page, 'tva@example.se', 2);
    const notice = page.locator('[data-swish="required"]');
    expect(await notice.textContent()).toBe(
      'Beställningar med 2 pizzor eller fler betalas i förväg med Swish, direkt efter att du skickat dem.',
    );
    expect(await page.getByRole('radio', { name: 'Betala nu med Swish' }).count()).toBe(0);
    expect(await page.locator('#before-order').textContent()).toContain('Betalas nu med Swish');
    // The notice stands before the order button.
    const [noticeY, buttonY] = await Promise.all([
      notice.evaluate((el) => el.getBoundingClientRect().top),
      order(page).evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(noticeY).toBeLessThan(buttonY);
    expect(await axeFindings(page, 'swish required napoli 360')).toEqual([]);
    if (shots)
      await page.locator('.booking__checkout').screenshot({ path: join(shots, 'swish-required-napoli-360.png') });
    await order(page).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Betala med Swish' }).waitFor();
    expect(errors).toEqual([]);
  });
});
