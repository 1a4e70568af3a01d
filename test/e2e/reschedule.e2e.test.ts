/// <reference lib="dom" />
// 'Flytta bokningen' on /my-booking (rule: reschedule) in a real Chromium: the dialog offers the
// open days and the slots that hold the booking's pizzas, a move to another date answers the
// booking under its new number, the old number still leads to it, a refusal shows the server's
// Swedish text in the dialog; axe on the dialog and the result at 360 and 1280 px in both themes.
// With SCREENSHOT_DIR set, each combination is also saved as a picture.
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.SCREENSHOT_DIR;
const suite = browserSuite({ shots });
const fresh = (width: number, theme: string) => suite.fresh(width, theme);

async function book(email: string, date: string, time: string, pizzas = 2) {
  const placed = await suite.server.api('POST', '/api/bookings', {
    date,
    time,
    name: 'Flora Flytt',
    email,
    items: [{ pizza_id: 1, qty: pizzas }],
    requested_pizzas: pizzas,
  });
  expect(placed.status).toBe(201);
  return placed.body.booking_id as string;
}

async function serious(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function openDialog(page: Page, id: string, email: string) {
  await page.goto(`/my-booking?id=${id}&email=${email}`);
  await page.getByRole('heading', { name: `Bokning ${id}` }).waitFor();
  await page.getByRole('button', { name: 'Flytta bokningen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Flytta bokningen' });
  await dialog.waitFor();
  return dialog;
}

describe('/my-booking: Flytta bokningen', () => {
  const combinations: Array<[theme: string, width: number]> = [
    ['classic', 360],
    ['napoli', 360],
    ['classic', 1280],
    ['napoli', 1280],
  ];
  combinations.forEach(([theme, width], i) => {
    it(`moves a booking to another date under a new number, with no serious axe violations (${theme}, ${width} px)`, async () => {
      const from = inDays(3);
      const to = inDays(4);
      const time = `1${2 + i}:00`;
      // Each combination its own target slot: every one of them starts 'Ledigt'.
      const target = `1${6 + i}:30`;
      const email = `flytt${i}@example.se`;
      const id = await book(email, from, time);
      const { page, errors } = await fresh(width, theme);
      const dialog = await openDialog(page, id, email);

      await dialog.getByLabel('Ny dag').selectOption(to);
      const slot = dialog.getByRole('button', { name: `${target}, Ledigt` });
      await slot.click();
      expect(await slot.getAttribute('aria-pressed')).toBe('true');
      expect(await serious(page, 'dialog')).toEqual([]);
      if (shots)
        await page.screenshot({ path: join(shots, `reschedule-dialog-${theme}-${width}.png`), fullPage: false });

      await dialog.getByRole('button', { name: 'Flytta', exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const notice = page.locator('.notice--success');
      await notice.waitFor();
      const heading = await page.locator('#result-title').textContent();
      const newId = heading!.replace('Bokning ', '');
      expect(newId).not.toBe(id);
      expect(newId.startsWith(to.replaceAll('-', ''))).toBe(true);
      expect(await notice.textContent()).toContain(`Ditt nya bokningsnummer är ${newId}.`);
      expect(await page.locator('.booking-result').textContent()).toContain(target);
      expect(new URL(page.url()).searchParams.get('id')).toBe(newId);
      expect(await serious(page)).toEqual([]);
      if (shots) await page.screenshot({ path: join(shots, `reschedule-moved-${theme}-${width}.png`), fullPage: true });

      // The old slot is free again, the new one taken.
      const old = await suite.server.api('GET', `/api/test-availability?date=${from}&pizzas=1`);
      expect(old.body.slots.find((s: { time: string }) => s.time === time).capacity_remaining).toBe(6);
      expect(errors).toEqual([]);
    });
  });

  it('leads the old number to the moved booking, and says so', async () => {
    const email = 'gammal@example.se';
    const id = await book(email, inDays(3), '19:00');
    const moved = await suite.server.api('POST', `/api/bookings/${id}/reschedule`, {
      email,
      date: inDays(5),
      time: '19:00',
    });
    expect(moved.status).toBe(200);
    const { page, errors } = await fresh(360, 'classic');
    await page.goto(`/my-booking?id=${id}&email=${email}`);
    await page.getByRole('heading', { name: `Bokning ${moved.body.booking.id}` }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'har flyttats' }).textContent()).toBe(
      `Bokning ${id} har flyttats. Den heter nu ${moved.body.booking.id}.`,
    );
    expect(errors).toEqual([]);
  });

  it("shows the server's refusal in the dialog when the slot filled up meanwhile, and keeps the booking", async () => {
    const email = 'full@example.se';
    const id = await book(email, inDays(3), '20:00');
    const { page } = await fresh(1280, 'classic');
    const dialog = await openDialog(page, id, email);
    await dialog.getByLabel('Ny dag').selectOption(inDays(6));
    await dialog.getByRole('button', { name: '20:00, Ledigt' }).click();
    // Someone else takes the whole slot before the customer presses the button.
    await book('annan@example.se', inDays(6), '20:00', 6);
    await dialog.getByRole('button', { name: 'Flytta', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Tidsluckan har inte plats för hela beställningen. Välj en annan tid.');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.locator('#result-title').textContent()).toBe(`Bokning ${id}`);
  });
});
