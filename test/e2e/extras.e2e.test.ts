/// <reference lib="dom" />
// Extras and removals (issue 29) in a real Chromium against the built server: on a menu card an
// extra ("Extra ost +15 kr") or a removal ("Utan basilika") is chosen in at most two taps; the
// card's price and allergens follow the extras; the allergen filter hides extras with what the
// customer avoids; the summary prices each line with its extras and shows the VAT at the domain's
// rate for the date and order type; the confirmation repeats the choices in bold; axe finds nothing
// serious in either theme at 360 and 1280 px. EXTRAS_SHOTS=<dir> keeps screenshots.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { rateOn, vatOfReceipt, type AccountingSettings } from '../../domain/accounting/accounting.js';
import { formatKrOre } from '../../domain/shared/money.js';
import { animationsDone, chooseDateAndCount, inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.EXTRAS_SHOTS;
const suite = browserSuite({ shots });

beforeAll(async () => {
  for (const extra of [
    { name: 'Extra ost', price_cents: 1500, allergens: ['milk'] },
    { name: 'Aioli', price_cents: 1000, allergens: ['eggs'] },
  ])
    expect((await suite.server.api('POST', '/api/admin/extras', extra, suite.cookie)).status).toBe(201);
  const pizzas = (await suite.server.api('GET', '/api/admin/pizzas', undefined, suite.cookie)).body as any[];
  for (const [name, removable] of [
    ['Margherita', ['basilika']],
    ['Kebabpizza', ['lök', 'feferoni']],
  ] as const) {
    const { id, allergens_declared: _d, removable: _r, ...fields } = pizzas.find((p) => p.name === name);
    expect(
      (await suite.server.api('PUT', `/api/admin/pizzas/${id}`, { ...fields, removable }, suite.cookie)).status,
    ).toBe(200);
  }
});

const card = (page: Page, name: string) => page.locator('.menu__item', { has: page.getByRole('heading', { name }) });

/** Clicks, counting each click as one tap. */
function tapCounter() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.click();
    },
    taken: () => taps,
    reset: () => void (taps = 0),
  };
}

async function noSeriousAxe(page: Page, label: string) {
  await animationsDone(page);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The law's rate (prop. 2025/26:55) of an order type on a date: the domain's table, not a copy. */
const lawRate = (date: string, dineIn: boolean) =>
  rateOn({ vat_rates: [] } as unknown as AccountingSettings, dineIn ? 'dine_in' : 'take_away', date);

describe('extras and removals on the booking page', () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px: an extra and a removal each take at most two taps; the summary prices them with VAT`, async () => {
      const date = inDays(2);
      const { page, errors } = await suite.fresh(width);
      await page.goto('/');
      await chooseDateAndCount(page, date, 2);
      const taps = tapCounter();

      // An extra: open the card's options (1), tick "Extra ost +15 kr" (2).
      const kebab = card(page, 'Kebabpizza');
      await taps.tap(kebab.getByText('Tillval och utan'));
      await taps.tap(kebab.getByRole('checkbox', { name: /Extra ost \+15 kr/ }));
      expect(taps.taken()).toBeLessThanOrEqual(2);
      expect(await kebab.locator('.menu__price').textContent()).toBe('154 kr');
      expect(await kebab.locator('.menu__choices').textContent()).toBe('+ Extra ost 15 kr');
      await page.getByRole('button', { name: 'Lägg till en Kebabpizza (+ Extra ost 15 kr)' }).click();

      // A removal, and an extra that brings an allergen of its own (Aioli: eggs).
      taps.reset();
      const margherita = card(page, 'Margherita');
      await taps.tap(margherita.getByText('Tillval och utan'));
      await taps.tap(margherita.getByRole('checkbox', { name: 'Utan basilika' }));
      expect(taps.taken()).toBeLessThanOrEqual(2);
      await margherita.getByRole('checkbox', { name: /Aioli \+10 kr/ }).check();
      expect(await margherita.locator('.menu__allergens').textContent()).toBe(
        'Allergener: Spannmål som innehåller gluten, Ägg, Mjölk',
      );
      await page.getByRole('button', { name: 'Lägg till en Margherita (+ Aioli 10 kr, utan basilika)' }).click();

      // The summary: each line priced with its extras, the choices in bold, the VAT at the domain's rate.
      const summary = page.locator('.summary');
      const kebabRow = summary.locator('tbody tr', { hasText: 'Kebabpizza' });
      expect(await kebabRow.locator('strong.line-choices').textContent()).toBe('+ Extra ost 15 kr');
      expect(await kebabRow.locator('td.num').last().textContent()).toBe('154 kr');
      const margheritaRow = summary.locator('tbody tr', { hasText: 'Margherita' });
      expect(await margheritaRow.locator('strong.line-choices').textContent()).toBe('+ Aioli 10 kr, utan basilika');
      expect(await margheritaRow.textContent()).toContain('Allergener: Spannmål som innehåller gluten, Ägg, Mjölk');
      const total = 15400 + 10900;
      expect(await summary.locator('.summary__total td').textContent()).toBe('263 kr');
      const vatRow = summary.locator('.summary__vat');
      const takeAway = lawRate(date, false);
      await expect
        .poll(() => vatRow.textContent())
        .toBe(`varav moms ${takeAway} %${formatKrOre(vatOfReceipt(total, takeAway))}`);
      // Eating in is restaurant service: the rate of the other order type.
      await page.getByLabel('Äta på plats (annars avhämtning)').check();
      const dineIn = lawRate(date, true);
      await expect
        .poll(() => vatRow.textContent())
        .toBe(`varav moms ${dineIn} %${formatKrOre(vatOfReceipt(total, dineIn))}`);

      // Sent: the server prices the same, and the confirmation repeats the choices in bold.
      await page.getByLabel('Namn').fill('Tilda Val');
      await page.getByLabel('E-post').fill(`tilda${width}@example.se`);
      await page.locator('.booking button[type=submit]').click();
      const dialog = page.getByRole('dialog');
      const kebabLine = dialog.locator('.sale-record tbody tr', { hasText: 'Kebabpizza' });
      await kebabLine.waitFor();
      expect(await kebabLine.locator('strong.line-choices').textContent()).toBe('+ Extra ost 15 kr');
      expect(await dialog.textContent()).toContain('263 kr');
      expect(errors).toEqual([]);
    });
  }

  it('the allergen filter hides the extras with what the customer avoids', async () => {
    const { page, errors } = await suite.fresh(1280);
    await page.goto('/');
    await chooseDateAndCount(page, inDays(3), 1);
    const margherita = card(page, 'Margherita');
    await margherita.getByText('Tillval och utan').click();
    await margherita.getByRole('checkbox', { name: /Aioli/ }).check();
    await page.locator('.allergen-filter__summary').click();
    await page.getByRole('checkbox', { name: 'Ägg', exact: true }).check();
    await expect.poll(() => margherita.getByRole('checkbox', { name: /Aioli/ }).count()).toBe(0);
    // The chosen extra drops out of the card's choice, its price and its allergens.
    expect(await margherita.locator('.menu__price').textContent()).toBe('99 kr');
    expect(await margherita.locator('.menu__allergens').textContent()).toBe(
      'Allergener: Spannmål som innehåller gluten, Mjölk',
    );
    expect(await margherita.getByRole('checkbox', { name: /Extra ost/ }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('is axe clean with the options open, in both themes at 360 and 1280 px (screenshots on request)', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page } = await suite.fresh(width, theme);
        await page.goto('/');
        await chooseDateAndCount(page, inDays(2), 1);
        const kebab = card(page, 'Kebabpizza');
        await kebab.getByText('Tillval och utan').click();
        await kebab.getByRole('checkbox', { name: /Extra ost/ }).check();
        await kebab.getByRole('checkbox', { name: 'Utan lök' }).check();
        await page.getByRole('button', { name: /Lägg till en Kebabpizza \(/ }).click();
        await page.locator('.summary__vat').waitFor();
        await noSeriousAxe(page, `${theme} ${width} /`);
        if (shots) {
          await kebab.screenshot({ path: join(shots, `card-extras-${theme}-${width}.png`) });
          await page.locator('.summary').screenshot({ path: join(shots, `summary-extras-${theme}-${width}.png`) });
        }
      }
    }
  });
});

describe('/admin/pizzas: extras and removals', () => {
  it('staff add an extra with its price and allergens, and list what a pizza can be made without', async () => {
    const { page, errors } = await suite.fresh(1280);
    await signIn(page);
    await page.goto('/admin/pizzas');
    const extras = page.getByRole('list', { name: 'Tillvalen' });
    await extras.getByRole('heading', { name: 'Extra ost' }).waitFor();

    await page.getByRole('button', { name: '+ Nytt tillval' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Namn').fill('Parmaskinka');
    await form.getByLabel('Pris (kr)').fill('25');
    await form.getByRole('button', { name: 'Skapa tillval' }).click();
    // No allergens ticked is no declaration: refused with the domain's message, nothing saved.
    await form.getByText('Ange tillvalets allergener (eller Inga allergener)').waitFor();
    await form.getByRole('checkbox', { name: 'Inga allergener' }).check();
    await noSeriousAxe(page, 'classic 1280 extra form');
    if (shots) await form.screenshot({ path: join(shots, 'admin-extra-form-classic-1280.png') });
    await form.getByRole('button', { name: 'Skapa tillval' }).click();
    await form.waitFor({ state: 'detached' });
    const card = extras.locator('li', { hasText: 'Parmaskinka' });
    await card.waitFor();
    expect(await card.textContent()).toContain('+25 kr');
    expect(await card.textContent()).toContain('Allergener: Inga allergener');

    await page.getByRole('button', { name: 'Redigera Vesuvio' }).click();
    await form.getByLabel('Kan göras utan').fill('skinka, Oregano');
    await form.getByRole('button', { name: 'Spara ändringar' }).click();
    await form.waitFor({ state: 'detached' });
    await page.locator('.pizza-card', { hasText: 'Vesuvio' }).getByText('Utan: skinka, oregano').waitFor();
    await noSeriousAxe(page, 'classic 1280 /admin/pizzas');
    if (shots) await page.screenshot({ path: join(shots, 'admin-pizzas-extras-classic-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});

describe('the kitchen board', () => {
  it("shows each line's extras and removals in bold, without prices", async () => {
    const date = inDays(2);
    const ost = ((await suite.server.api('GET', '/api/extras')).body as { id: number; name: string }[]).find(
      (e) => e.name === 'Extra ost',
    )!;
    const placed = await suite.server.api('POST', '/api/bookings', {
      date,
      time: '19:00',
      name: 'Kök Test',
      email: 'kok@example.se',
      dine_in: false,
      items: [{ pizza_id: 6, qty: 1, extras: [ost.id], without: ['lök'] }],
      requested_pizzas: 1,
    });
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id as string;
    expect((await suite.server.api('PUT', `/api/admin/bookings/${id}/confirm`, {}, suite.cookie)).status).toBe(200);
    const { page, errors } = await suite.fresh(1280);
    await signIn(page);
    await page.goto(`/admin/kitchen?date=${date}`);
    const order = page.locator(`.kitchen-order[data-booking="${id}"]`);
    await order.waitFor();
    expect(await order.locator('strong.line-choices').textContent()).toBe('+ Extra ost, utan lök');
    if (shots) await order.screenshot({ path: join(shots, 'kitchen-order-extras-classic-1280.png') });
    expect(errors).toEqual([]);
  });
});
