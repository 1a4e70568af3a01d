/// <reference lib="dom" />
// A daily stock per base (rule: daily-stock) in a real Chromium against the built server: staff add
// "Glutenfri botten" on /admin/counter with the pizzas made on it, a booking uses it up, the counter
// shows none left, and the customer's booking page shows its pizzas sold out; at phone and desktop
// width in both themes, axe clean. With COUNTER_SHOTS=dir the screens are photographed.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseDateAndCount, inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';
import { axeFindings } from './axe.js';

const shots = process.env.COUNTER_SHOTS;
const suite = browserSuite({ shots });

async function axe(page: Page, where: string) {
  expect(await axeFindings(page, where)).toEqual([]);
  if (shots) await page.screenshot({ path: join(shots, `${where}.png`), fullPage: true });
}

describe('/admin/counter: daily stock per base', () => {
  let run = 0;
  for (const theme of ['classic', 'napoli']) {
    for (const width of [360, 1280]) {
      it(`adds a base, a booking uses it up, the booking page shows its pizzas sold out (${theme}, ${width} px)`, async () => {
        // A day of its own per run: each run's base starts whole.
        const day = inDays(2 + run++);
        const { page, errors } = await suite.signedIn(width, theme);
        const name = (where: string) => `${theme}-${width}-${where}`;

        await page.goto(`/admin/counter?date=${day}`);
        const card = page.locator('section', { has: page.getByRole('heading', { name: 'Dagligt lager per botten' }) });
        await card.getByText('Inget lager per botten.').waitFor();
        await card.getByLabel('Botten', { exact: true }).fill('Glutenfri botten');
        await card.getByLabel('Antal per dag').fill('1');
        await card.getByRole('checkbox', { name: 'Margherita' }).check();
        await card.getByRole('checkbox', { name: 'Vesuvio' }).check();
        await card.getByRole('button', { name: 'Lägg till lager' }).click();
        const row = card.locator('.counter-row', { hasText: 'Glutenfri botten' });
        await row.getByText('1 av 1 kvar').waitFor();
        await row.getByText('Margherita, Vesuvio').waitFor();
        await axe(page, name('counter-base'));

        // A booking of a pizza on the base takes the last one; the screen hears of it live.
        const placed = await suite.server.api('POST', '/api/bookings', {
          date: day,
          time: '18:00',
          name: 'Kund Bas',
          email: `bas-${theme}-${width}@example.se`,
          phone: null,
          dine_in: false,
          items: [{ pizza_id: 2, qty: 1 }],
          requested_pizzas: 1,
        });
        expect(placed.status, JSON.stringify(placed.body)).toBe(201);
        await row.getByText('0 av 1 kvar').waitFor();

        // The customer's page: both pizzas on the base are sold out that day, others are not.
        const customer = await page.context().newPage();
        await customer.goto('/');
        await chooseDateAndCount(customer, day, 1);
        const margherita = customer.locator('.menu__item', { hasText: 'Margherita' });
        await margherita.getByText('Glutenfri botten slut denna dag').waitFor();
        expect(await margherita.getByRole('button', { name: 'Lägg till en Margherita' }).isDisabled()).toBe(true);
        const other = customer.locator('.menu__item', { hasText: 'Kebabpizza' });
        expect(await other.getByText('slut denna dag').count()).toBe(0);
        await axe(customer, name('booking-base-sold-out'));
        await customer.close();

        // Removed: the base limits nothing any more.
        await row.getByRole('button', { name: 'Ta bort lagret för Glutenfri botten' }).click();
        await card.getByText('Inget lager per botten.').waitFor();
        expect(errors).toEqual([]);
      });
    }
  }
});
