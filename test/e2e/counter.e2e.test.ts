/// <reference lib="dom" />
// The counter's evening (issue 29) in a real Chromium against the built server: a sold-out mark
// reaching an open booking page within 2 s through GET /api/live, today's web pause shown on the
// booking page, and the staff screen /admin/counter pausing web bookings and delaying a slot, at
// phone and desktop width in both themes, axe clean. With COUNTER_SHOTS=dir the screens are
// photographed.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseDateAndCount, inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';
import { axeFindings } from './axe.js';

const shots = process.env.COUNTER_SHOTS;
const suite = browserSuite({ shots });
// Tomorrow: every slot of it can still be booked, whenever the tests run.
const DAY = inDays(1);

const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};
async function axe(page: Page, where: string) {
  expect(await axeFindings(page, where)).toEqual([]);
  await shoot(page, where);
}

describe('the booking page', () => {
  it('shows a pizza marked sold out within 2 s, through the public live stream', async () => {
    const { page, errors } = await suite.fresh(1280);
    // The stream's answer has come: the server is listening for this page.
    const live = page.waitForResponse((r) => r.url().endsWith('/api/live'));
    await page.goto('/');
    await live;
    await chooseDateAndCount(page, DAY, 1);
    const margherita = page.locator('.menu__item', { hasText: 'Margherita' });
    const add = margherita.getByRole('button', { name: 'Lägg till en Margherita' });
    expect(await add.isEnabled()).toBe(true);
    expect(await margherita.getByText('Slut denna dag').count()).toBe(0);

    expect(
      (await suite.server.api('PUT', '/api/admin/sold-out/1', { date: DAY, until: null }, suite.cookie)).status,
    ).toBe(200);
    // The bound: on the page within 2 s of the mark, no reload.
    await margherita.getByText('Slut denna dag').waitFor({ timeout: 2000 });
    expect(await add.isDisabled()).toBe(true);
    await axe(page, 'booking-sold-out');

    // Back in stock: the card is whole again, also without a reload.
    expect((await suite.server.api('DELETE', `/api/admin/sold-out/1?date=${DAY}`, {}, suite.cookie)).status).toBe(200);
    await margherita.getByText('Slut denna dag').waitFor({ state: 'detached', timeout: 2000 });
    expect(errors).toEqual([]);
  });
});

describe('/admin/counter', () => {
  beforeAll(async () => {
    for (const email of ['a@example.se', 'b@example.se']) {
      const placed = await suite.server.api('POST', '/api/bookings', {
        date: DAY,
        time: '18:00',
        name: 'Kund Disk',
        email,
        phone: null,
        dine_in: false,
        items: [{ pizza_id: 2, qty: 1 }],
        requested_pizzas: 1,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    }
  });

  for (const theme of ['classic', 'napoli']) {
    for (const width of [360, 1280]) {
      it(`pauses web bookings and delays a slot, axe clean (${theme}, ${width} px)`, async () => {
        const { page, errors } = await suite.fresh(width, theme);
        await signIn(page);
        const name = (where: string) => `${theme}-${width}-${where}`;

        // Pause today's web bookings with a reason; the customer's page says it.
        await page.goto('/admin/counter');
        await page.getByRole('heading', { name: 'Pausa webbokningar' }).waitFor();
        await page.getByLabel('Anledning (kunderna ser den)').fill('Ugnen är full');
        await page.getByRole('button', { name: '30 min' }).click();
        const paused = page.locator('.counter-paused');
        await paused.getByText(/Webbokningen är pausad till \d\d:\d\d: Ugnen är full/).waitFor();
        await axe(page, name('counter-paused'));

        const customer = await page.context().newPage();
        await customer.goto('/');
        await customer.locator('.web-pause').getByText('Ugnen är full').waitFor();
        await axe(customer, name('booking-paused'));
        await customer.close();

        await page.getByRole('button', { name: 'Öppna webbokningen igen' }).click();
        await page.getByRole('button', { name: '30 min' }).waitFor();
        expect((await suite.server.api('GET', '/api/day-status')).body.paused).toBeNull();

        // Delay tomorrow's 18:00 by 15 minutes, then undo it.
        await page.goto(`/admin/counter?date=${DAY}`);
        await page.getByRole('button', { name: 'Skjut upp 18:00 med 15 minuter' }).click();
        await page.getByText('Uppskjuten 15 min, klar 18:15').waitFor();
        expect((await suite.server.api('GET', `/api/day-status?date=${DAY}`)).body.delays).toEqual([
          { time: '18:00', minutes: 15, delayed_to: '18:15', orders: 2 },
        ]);
        await axe(page, name('counter-delayed'));
        await page.getByRole('button', { name: 'Ångra uppskjutningen av 18:00' }).click();
        await page.getByRole('button', { name: 'Skjut upp 18:00 med 15 minuter' }).waitFor();
        expect((await suite.server.api('GET', `/api/day-status?date=${DAY}`)).body.delays).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  }
});
