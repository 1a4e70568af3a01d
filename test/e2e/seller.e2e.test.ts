/// <reference lib="dom" />
// The seller's details in a real Chromium (rules seller-details, sale-record): the settings screen's
// notice while they are blank and the form that fills them in, the footer of every customer page,
// and the order confirmation as the record of the sale, axe clean at 360 and 1280 px in both
// themes. SELLER_SHOTS=<folder> saves screenshots.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { chooseDateAndCount, inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.SELLER_SHOTS;
const suite = browserSuite();
const fresh = (width: number, theme = 'classic') => suite.fresh(width, theme);

const axeProblems = async (page: Page, label: string) => {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe('the seller’s details', () => {
  it('the settings screen says they are required while blank, and saves them with a Swedish refusal first', async () => {
    const { page, errors } = await fresh(1280);
    await signIn(page);
    await page.goto('/admin/settings');
    const notice = page.locator('.seller-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Säljarens uppgifter saknas');
    expect(await notice.textContent()).toContain('Lagen kräver');
    if (shots) await page.screenshot({ path: join(shots, 'settings-seller-missing-classic-1280.png'), fullPage: true });

    await page.getByLabel('Företagsnamn').fill('Pizzakiosken i Malmö AB');
    await page.getByLabel('Organisationsnummer').fill('556036-0794');
    await page.getByLabel('Adress').fill('Storgatan 1, 211 34 Malmö');
    await page.getByLabel('Telefon', { exact: true }).fill('040-12 34 56');
    await page.getByLabel('E-post till kunder').fill('info@pizzakiosken.se');
    await page.getByLabel('Momsregistreringsnummer').fill('SE556036079401');
    await page.getByLabel('Räkenskapsårets första månad').selectOption('5');
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    const error = page.locator('#setting-seller\\.org_number-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Organisationsnumret stämmer inte: kontrollsiffran är fel');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('setting-seller.org_number');
    expect(await axeProblems(page, 'settings with an error')).toEqual([]);

    await page.getByLabel('Organisationsnummer').fill('5560360793');
    await page.getByLabel('Momsregistreringsnummer').fill('SE556036079301');
    // Saved, then the page reloads (SPEC 8): the notice is gone and the numbers are in standard form.
    // The reload is waited for from before the press: on a slow machine the click can return after it.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    await reloaded;
    await expect.poll(() => page.getByLabel('Organisationsnummer').inputValue()).toBe('556036-0793');
    expect(await page.locator('.seller-notice').count()).toBe(0);
    expect(await page.getByLabel('Räkenskapsårets första månad').inputValue()).toBe('5');
    expect(await axeProblems(page, 'settings')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('are in every customer page’s footer', async () => {
    for (const path of ['/', '/my-booking']) {
      const html = await (await fetch(suite.server.base + path)).text();
      expect(html, path).toContain('Pizzakiosken i Malmö AB');
      expect(html, path).toContain('Org.nr 556036-0793');
      expect(html, path).toContain('Storgatan 1, 211 34 Malmö');
    }
    const { page, errors } = await fresh(390);
    await page.goto('/my-booking');
    const footer = page.locator('.site-footer address');
    expect(await footer.textContent()).toContain('Momsreg.nr SE556036079301');
    expect(await footer.getByRole('link', { name: 'info@pizzakiosken.se' }).getAttribute('href')).toBe(
      'mailto:info@pizzakiosken.se',
    );
    expect(errors).toEqual([]);
  });

  it(
    'the confirmation is the record of the sale, axe clean at 360 and 1280 px in both themes',
    { timeout: 600_000 },
    async () => {
      let n = 0;
      for (const theme of ['classic', 'napoli']) {
        for (const width of [360, 1280]) {
          const { page, errors } = await fresh(width, theme);
          await page.goto('/');
          await chooseDateAndCount(page, inDays(3), 2);
          await expect.poll(() => page.locator('.slot--selected').count()).toBe(1);
          await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
          await page.getByRole('button', { name: 'Lägg till en Vesuvio' }).click();
          await page.getByLabel('Namn').fill('Greta Garbo');
          await page.getByLabel('E-post').fill(`greta${n++}@example.se`);
          await page.getByRole('button', { name: /^Slutför Beställning/ }).click();
          const record = page.getByRole('dialog').locator('.sale-record');
          await record.waitFor();
          const text = (await record.textContent()) ?? '';
          expect(text).toContain('Säljare: Pizzakiosken i Malmö AB');
          expect(text).toContain('Org.nr 556036-0793');
          expect(text).toContain('Storgatan 1, 211 34 Malmö');
          expect(text).toContain('Margherita');
          expect(text).toContain('Vesuvio');
          expect(text).toContain('Totalt inkl. moms208 kr');
          // Take-away three days from now: food at 6 % (the law's table), VAT of 208 kr = 11,77 kr.
          expect(text).toMatch(/varav moms 6 %11,77\s?kr/);
          expect(text).toContain('i kiosken, Storgatan 1, 211 34 Malmö');
          expect(text).toContain('Du betalar när du hämtar beställningen i kiosken.');
          expect(text).toContain('Ångerrätt gäller inte');
          expect(await axeProblems(page, `${theme} ${width} confirmation`)).toEqual([]);
          if (shots) {
            await page.screenshot({ path: join(shots, `confirmation-${theme}-${width}.png`), fullPage: false });
            await record.screenshot({ path: join(shots, `sale-record-${theme}-${width}.png`) });
          }
          await page.getByRole('button', { name: 'Stäng och gör en ny beställning' }).click();
          const footer = page.locator('.site-footer');
          await footer.scrollIntoViewIfNeeded();
          expect(await axeProblems(page, `${theme} ${width} page`)).toEqual([]);
          if (shots) await footer.screenshot({ path: join(shots, `footer-${theme}-${width}.png`) });
          expect(errors).toEqual([]);
        }
      }
    },
  );
});
