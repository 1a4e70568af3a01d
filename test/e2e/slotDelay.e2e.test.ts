/// <reference lib="dom" />
// A delayed slot's new time where people look (rule: slot-delay), in a real Chromium against the
// built server: the customer's open /my-booking shows it live (no reload) with the booked time,
// the kitchen board and the staff's bookings list show it, and an undo takes it back; at phone and
// desktop width in both themes, axe clean. With COUNTER_SHOTS=dir the screens are photographed.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';
import { axeFindings } from './axe.js';

const shots = process.env.COUNTER_SHOTS;
const suite = browserSuite({ shots });
const DAY = inDays(1);
const EMAIL = 'sen@example.se';
let id: string;

beforeAll(async () => {
  const placed = await suite.server.api('POST', '/api/bookings', {
    date: DAY,
    time: '19:00',
    name: 'Kund Sen',
    email: EMAIL,
    phone: null,
    dine_in: false,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  id = placed.body.booking_id;
  expect((await suite.server.api('PUT', `/api/admin/bookings/${id}/confirm`, {}, suite.cookie)).status).toBe(200);
});

async function axe(page: Page, where: string) {
  expect(await axeFindings(page, where)).toEqual([]);
  if (shots) await page.screenshot({ path: join(shots, `${where}.png`), fullPage: true });
}

const delay = (minutes: number) =>
  suite.server.api('POST', '/api/admin/slot-delays', { date: DAY, time: '19:00', minutes }, suite.cookie);
const undo = () => suite.server.api('POST', '/api/admin/slot-delays/undo', { date: DAY, time: '19:00' }, suite.cookie);

describe('a delayed slot', () => {
  for (const theme of ['classic', 'napoli']) {
    for (const width of [360, 1280]) {
      it(`shows its new time with the booked one on /my-booking (live), the board and the list (${theme}, ${width} px)`, async () => {
        const { page: customer, errors, context } = await suite.fresh(width, theme);
        const name = (where: string) => `${theme}-${width}-${where}`;

        // The customer's page is open before the delay; the stream is listening.
        const live = customer.waitForResponse((r) => r.url().endsWith('/api/live'));
        await customer.goto(`/my-booking?id=${id}&email=${EMAIL}`);
        await live;
        await customer.getByText(`Bokning ${id}`, { exact: false }).first().waitFor();
        expect(await customer.locator('[data-delayed-to]').count()).toBe(0);

        expect((await delay(20)).body).toEqual({ success: true, orders: 1 });
        await customer.getByText('19:20 (bokad 19:00)').waitFor();
        await customer.getByText('Köket ligger efter: din beställning är klar 19:20 i stället för 19:00.').waitFor();
        await axe(customer, name('my-booking-delayed'));

        // Staff: the kitchen board's slot and the bookings list.
        const staff = await context.newPage();
        await signIn(staff);
        await staff.goto(`/admin/kitchen?date=${DAY}`);
        const slot = staff.locator('[data-slot="19:00"]');
        await slot.getByText('Uppskjuten till 19:20').waitFor();
        await slot.getByRole('heading', { name: 'Kl 19:00' }).waitFor();
        await axe(staff, name('kitchen-delayed'));
        await staff.goto('/admin/bookings?date=tomorrow');
        const row = staff.locator(`[data-booking="${id}"]`);
        await row.getByText('Uppskjuten till 19:20').waitFor();
        await row.getByText('kl 19:00', { exact: false }).waitFor();
        await axe(staff, name('bookings-delayed'));

        // Undone: the booked time stands again, on the open page without a reload.
        expect((await undo()).body).toEqual({ success: true, orders: 1 });
        await customer.locator('[data-delayed-to]').waitFor({ state: 'detached' });
        await customer.getByText('Köket ligger efter', { exact: false }).waitFor({ state: 'detached' });
        await staff.goto(`/admin/kitchen?date=${DAY}`);
        await staff.locator('[data-slot="19:00"]').waitFor();
        expect(await staff.getByText('Uppskjuten till').count()).toBe(0);
        await staff.close();
        expect(errors).toEqual([]);
      });
    }
  }
});
