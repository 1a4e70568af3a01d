/// <reference lib="dom" />
// Paying a web booking with Swish on the booking page in Chromium (issue 49, rule: swish-payment),
// against the built server set up through SWISH_* with a certificate from the test's own CA and a
// Swish of the test's own on loopback. With the prepay rule 'required_all_web', after "Slutför
// Beställning" the confirmation asks for the payment: on a computer the QR code (an SVG the server
// drew from the token), on a phone an "Öppna Swish" button with the app's link, and it follows the
// booking until the payment is paid or has failed, in Swedish. Swish's callbacks cannot reach this
// server (its callback address is the kiosk's public one), so the watch's poll (SWISH_POLL_MS)
// reads each payment's end. Axe finds nothing at 360 and 1280 px in both themes.
// SWISH_SHOTS=<folder> saves screenshots.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './browserSuite.js';
import { swishKiosk } from './swishKiosk.js';
import { axeFindings } from './axe.js';
import { chooseDateAndCount, inDays } from './harness.js';

const shots = process.env.SWISH_SHOTS;
let next: string | null = null;

const kiosk = swishKiosk('swish-pay-e2e', { callBack: false, outcome: () => next, pollMs: 200 });
const suite = browserSuite({ env: kiosk.env, shots });

let days = 2;
/** Books one Margherita on a date of its own, up to the confirmation. */
async function bookAndPay(page: Page, email: string) {
  await page.goto('/');
  await chooseDateAndCount(page, inDays(days++), 1);
  await expect.poll(() => page.locator('.slot--selected').count()).toBe(1);
  await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
  await page.getByLabel('Namn').fill('Greta Garbo');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: /^Slutför Beställning/ }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('heading', { name: 'Betala med Swish' }).waitFor();
  return modal;
}

describe('paying with Swish on the booking page', () => {
  it('before the first test: the owner requires Swish for every web order', async () => {
    const reply = await suite.server.api(
      'PUT',
      '/api/admin/swish/prepay',
      { choice: 'required_all_web' },
      suite.cookie,
    );
    expect(reply.status).toBe(200);
  });

  it('on a computer: the QR code of the request, then "Betalningen är klar" once Swish says PAID', async () => {
    next = null;
    const { page, errors } = await suite.fresh(1280);
    const modal = await bookAndPay(page, 'dator@example.se');
    const qr = modal.getByRole('img', { name: /^QR-kod för att betala .* med Swish$/ });
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await modal.getByRole('link', { name: 'Öppna Swish' }).isVisible()).toBe(false);
    await modal.getByText('Betalningen är klar. Tack!').waitFor({ timeout: 10_000 });
    // The customer's own page shows it paid.
    await modal.getByRole('link', { name: 'Hantera din bokning' }).click();
    await page.locator('dd[data-payment="paid"]').waitFor();
    expect(await page.locator('dd[data-payment="paid"]').textContent()).toBe('Betald med Swish');
    expect(errors).toEqual([]);
  });

  it('on a phone: "Öppna Swish" opens the Swish app with the request’s token', async () => {
    next = 'OPEN';
    const { page, errors } = await suite.fresh(360);
    const modal = await bookAndPay(page, 'mobil@example.se');
    const link = modal.getByRole('link', { name: 'Öppna Swish' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^swish:\/\/paymentrequest\?token=token-[0-9a-f]{12}&callbackurl=/);
    expect(await modal.getByRole('img', { name: /^QR-kod/ }).isVisible()).toBe(false);
    await modal.getByText('Väntar på betalningen …').waitFor();
    expect(errors).toEqual([]);
  });

  it('declined in Swish: the page says the payment did not go through and the booking is let go', async () => {
    next = 'DECLINED';
    const { page, errors } = await suite.fresh(360);
    const modal = await bookAndPay(page, 'nej@example.se');
    await modal.getByText('Betalningen gick inte igenom.').waitFor({ timeout: 10_000 });
    await modal.getByText('Betalningen avböjdes i Swish.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });

  it('at 360 and 1280 px in both themes: axe finds nothing while the payment is awaited', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        next = 'OPEN';
        const { page } = await suite.fresh(width, theme);
        const modal = await bookAndPay(page, `axe-${theme}-${width}@example.se`);
        await modal.getByText('Väntar på betalningen …').waitFor();
        if (width === 1280)
          await expect
            .poll(() =>
              modal.getByRole('img', { name: /^QR-kod/ }).evaluate((img) => (img as HTMLImageElement).naturalWidth),
            )
            .toBeGreaterThan(0);
        expect(await axeFindings(page, `swish pay ${theme} ${width}`)).toEqual([]);
        if (shots) await modal.screenshot({ path: join(shots, `swish-pay-${theme}-${width}.png`) });
      }
    }
  });
});
