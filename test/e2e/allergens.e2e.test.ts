/// <reference lib="dom" />
// Allergens per pizza (rule: allergen-declaration; EU 1169/2011 art. 14.2 and 44) in a real
// Chromium against the built server: each menu card says its allergens in text before the pizza is
// added; "Visa bara pizzor utan …" hides the pizzas with what the customer avoids and says how many;
// the order summary and the confirmation repeat them; the admin's form declares them with the 14
// checkboxes and "Inga allergener", refusing an active pizza without; axe finds nothing serious in
// either theme. ALLERGENS_SHOTS=<dir> keeps screenshots at 360 and 1280 px in both themes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { animationsDone, chooseDateAndCount, inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.ALLERGENS_SHOTS;
const suite = browserSuite({ shots });

const card = (page: Page, name: string) => page.locator('.menu__item', { has: page.getByRole('heading', { name }) });
const menuNames = (page: Page) => page.locator('.menu__name').allTextContents();

async function noSeriousAxe(page: Page, label: string) {
  await animationsDone(page);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('the booking page', () => {
  it('shows each pizza’s allergens as text before it is added, and repeats them in the summary and confirmation', async () => {
    const { page, errors } = await suite.fresh(390);
    await page.goto('/');
    // In the first HTML, before any step is taken: the card says it in words.
    expect(await card(page, 'Margherita').locator('.menu__allergens').textContent()).toBe(
      'Allergener: Spannmål som innehåller gluten, Mjölk',
    );
    expect(await card(page, 'Quattro Stagioni').locator('.menu__allergens').textContent()).toBe(
      'Allergener: Spannmål som innehåller gluten, Kräftdjur, Mjölk, Blötdjur',
    );

    await chooseDateAndCount(page, inDays(2), 2);
    await page.getByRole('button', { name: 'Lägg till en Kebabpizza' }).click();
    await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
    const summary = page.locator('.summary');
    await summary.getByText('Allergener: Spannmål som innehåller gluten, Ägg, Mjölk').waitFor();
    await summary.getByText('Allergener: Spannmål som innehåller gluten, Mjölk').waitFor();

    await page.getByLabel('Namn').fill('Allan Ergi');
    await page.getByLabel('E-post').fill('allan@example.se');
    await page.locator('.booking button[type=submit]').click();
    const dialog = page.getByRole('dialog');
    // The sale record's lines (rule: sale-record), each with its allergens.
    const kebab = dialog.locator('.sale-record tbody tr', { hasText: 'Kebabpizza' });
    await kebab.waitFor();
    expect(await kebab.textContent()).toContain('Allergener: Spannmål som innehåller gluten, Ägg, Mjölk');
    expect(errors).toEqual([]);
  });

  it('"Visa bara pizzor utan …" hides the pizzas with the chosen allergens and says how many', async () => {
    const { page, errors } = await suite.fresh(1280);
    await page.goto('/');
    await chooseDateAndCount(page, inDays(3), 1);
    expect(await menuNames(page)).toHaveLength(6);

    await page.locator('.allergen-filter__summary').click();
    await page.getByRole('checkbox', { name: 'Kräftdjur' }).check();
    const status = page.locator('.allergen-filter__status');
    await expect.poll(() => status.textContent()).toContain('1 pizza dold');
    expect(await menuNames(page)).not.toContain('Quattro Stagioni');
    expect(await menuNames(page)).toHaveLength(5);

    await page.getByRole('checkbox', { name: 'Ägg' }).check();
    await expect.poll(() => status.textContent()).toContain('2 pizzor dolda');
    expect(await menuNames(page)).toEqual(['Margherita', 'Vesuvio', 'Capricciosa', 'Hawaii']);
    await page.getByRole('button', { name: 'Lägg till en Hawaii' }).click();

    await page.getByRole('checkbox', { name: 'Mjölk' }).check();
    await expect.poll(() => status.textContent()).toContain('6 pizzor dolda');
    expect(await status.textContent()).toContain('Ingen pizza på menyn är fri från det du valt.');
    expect(await menuNames(page)).toEqual([]);

    await page.getByRole('button', { name: 'Visa alla pizzor' }).click();
    await expect.poll(() => menuNames(page)).toHaveLength(6);
    expect(errors).toEqual([]);
  });

  it('is axe clean with the filter open, in both themes at 360 and 1280 px (screenshots on request)', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page } = await suite.fresh(width, theme);
        await page.goto('/');
        await chooseDateAndCount(page, inDays(2), 2);
        await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
        await page.locator('.allergen-filter__summary').click();
        await page.getByRole('checkbox', { name: 'Kräftdjur' }).check();
        await page.getByText('1 pizza dold').waitFor();
        await noSeriousAxe(page, `${theme} ${width} /`);
        if (shots) {
          await page.screenshot({ path: join(shots, `page-allergens-${theme}-${width}.png`), fullPage: true });
          await page
            .locator('section[aria-labelledby="step-menu"]')
            .screenshot({ path: join(shots, `menu-allergens-${theme}-${width}.png`) });
        }
      }
    }
  });
});

describe('/admin/pizzas', () => {
  it('declares allergens with the 14 checkboxes and "Inga allergener"; an undeclared pizza is not put on the menu', async () => {
    const { page, errors } = await suite.fresh(1280);
    await signIn(page);
    await page.goto('/admin/pizzas');
    await page.getByRole('heading', { name: 'Margherita' }).waitFor();
    expect(await page.locator('.pizza-card', { hasText: 'Margherita' }).textContent()).toContain(
      'Allergener: Spannmål som innehåller gluten, Mjölk',
    );

    await page.getByRole('button', { name: '+ Ny pizza' }).click();
    const form = page.getByRole('dialog');
    const allergens = form.getByRole('group', { name: 'Allergener' });
    expect(await allergens.getByRole('checkbox').count()).toBe(15);
    await form.getByLabel('Namn').fill('Funghi');
    await form.getByLabel('Pris (kr)').fill('105');
    await form.getByRole('button', { name: 'Skapa pizza' }).click();
    await form.getByText('Ange pizzans allergener (eller Inga allergener) innan den kan visas på menyn').waitFor();
    const all = async () =>
      (await suite.server.api('GET', '/api/admin/pizzas', undefined, suite.cookie)).body as {
        name: string;
        allergens: string[];
        allergens_declared: boolean;
      }[];
    expect((await all()).some((p) => p.name === 'Funghi')).toBe(false);

    await allergens.getByRole('checkbox', { name: 'Mjölk' }).check();
    await allergens.getByRole('checkbox', { name: 'Spannmål som innehåller gluten' }).check();
    if (shots) await form.screenshot({ path: join(shots, 'admin-pizza-form-classic-1280.png') });
    await noSeriousAxe(page, 'classic 1280 /admin/pizzas form');
    await form.getByRole('button', { name: 'Skapa pizza' }).click();
    await form.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await all()).find((p) => p.name === 'Funghi'))
      .toMatchObject({ allergens: ['gluten', 'milk'], allergens_declared: true });

    // "Inga allergener" clears the ticked ones and is a declaration of its own.
    await page.getByRole('button', { name: 'Redigera Funghi' }).click();
    expect(await allergens.getByRole('checkbox', { name: 'Mjölk' }).isChecked()).toBe(true);
    await allergens.getByRole('checkbox', { name: 'Inga allergener' }).check();
    expect(await allergens.getByRole('checkbox', { name: 'Mjölk' }).isChecked()).toBe(false);
    await form.getByRole('button', { name: 'Spara ändringar' }).click();
    await form.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await all()).find((p) => p.name === 'Funghi'))
      .toMatchObject({ allergens: [], allergens_declared: true });
    await page.locator('.pizza-card', { hasText: 'Funghi' }).getByText('Allergener: Inga allergener').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('after the order', () => {
  it('/my-booking, the kitchen board and the printed ticket name each pizza’s allergens in text', async () => {
    const date = inDays(2);
    const placed = await suite.server.api('POST', '/api/bookings', {
      date,
      time: '18:00',
      name: 'Allie Gen',
      email: 'allie@example.se',
      dine_in: false,
      items: [
        { pizza_id: 5, qty: 2 },
        { pizza_id: 1, qty: 1 },
      ],
      requested_pizzas: 3,
    });
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id as string;
    expect((await suite.server.api('PUT', `/api/admin/bookings/${id}/confirm`, {}, suite.cookie)).status).toBe(200);
    const quattro = 'Allergener: Spannmål som innehåller gluten, Kräftdjur, Mjölk, Blötdjur';
    const margherita = 'Allergener: Spannmål som innehåller gluten, Mjölk';

    const { page, errors } = await suite.fresh(390);
    await page.goto(`/my-booking?id=${id}&email=allie@example.se`);
    await page.getByRole('heading', { name: `Bokning ${id}` }).waitFor();
    const result = (await page.locator('.booking-result').textContent()) ?? '';
    expect(result).toContain(quattro);
    expect(result).toContain(margherita);

    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await signIn(page);
    await page.goto(`/admin/kitchen?date=${date}`);
    const card = page.locator(`.kitchen-order[data-booking="${id}"]`);
    await card.waitFor();
    expect(await card.locator('.kitchen-order__pizzas').innerText()).toContain(quattro);
    await page.getByRole('button', { name: `Skriv ut kvitto för ${id}` }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const ticket = page.locator(`.ticket[data-ticket="${id}"]`);
    expect(await ticket.isVisible()).toBe(true);
    const text = (await ticket.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(quattro);
    expect(text).toContain(margherita);
    if (shots) await ticket.screenshot({ path: join(shots, 'kitchen-ticket-print.png') });
    await page.emulateMedia({ media: 'screen' });
    if (shots) await card.screenshot({ path: join(shots, 'kitchen-order-classic-390.png') });
    expect(errors).toEqual([]);
  });
});
