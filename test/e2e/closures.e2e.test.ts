/// <reference lib="dom" />
// Closures and holidays in a real Chromium against the built server (rules: closures,
// closure-bookings): closing a range through the screen reached from the calendar, the bookings
// already on it listed and cancelled with one message, the closure in the list and on the week
// calendar's day cards, a yearly holiday added and removed, and axe on the screens and dialogs in
// both themes at phone and desktop width. With CLOSURES_SHOTS=dir the screens are photographed.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';
import { axeFindings } from './axe.js';

const shots = process.env.CLOSURES_SHOTS;
const suite = browserSuite({ shots });

async function fresh(width = 1280, theme?: string) {
  const opened = await suite.fresh(width, theme);
  // Removing asks window.confirm: accepted.
  opened.page.on('dialog', (dialog) => void dialog.accept());
  return opened;
}

async function book(date: string, name: string, email: string, time = '12:00') {
  const reply = await suite.server.api('POST', '/api/bookings', {
    date,
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

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};

describe('/admin/calendar/closures', () => {
  it('closes a range through the screen, lists the bookings on it and cancels them all with one message', async () => {
    const [from, to] = [inDays(5), inDays(6)];
    const anna = await book(from, 'Anna Ek', 'anna@example.se');
    const bo = await book(to, 'Bo Ek', 'bo@example.se', '18:00');
    const outside = await book(inDays(7), 'Cilla Ek', 'cilla@example.se');

    const { page, errors } = await fresh();
    await signIn(page);
    await page.goto('/admin/calendar');
    await page.locator('.week').waitFor();
    await page.getByRole('link', { name: 'Stängningar och helgdagar' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/calendar/closures');
    await page.getByRole('heading', { name: 'Stängningar och helgdagar', level: 1 }).waitFor();
    await page.getByText('Inga stängningar ännu').waitFor();

    await page.getByRole('button', { name: 'Ny stängning' }).click();
    const form = page.getByRole('dialog', { name: 'Ny stängning' });
    // The domain's schema speaks under each field before anything is sent.
    await form.getByRole('button', { name: 'Stäng datumen' }).click();
    await form.getByText('Välj ett datum').first().waitFor();
    await form.getByText('Ange en anledning till stängningen').waitFor();
    await form.getByLabel('Från').fill(to);
    await form.getByLabel('Till').fill(from);
    await form.getByLabel('Anledning').fill('Semester');
    await form.getByRole('button', { name: 'Stäng datumen' }).click();
    await form.getByText('Slutdatumet får inte vara före startdatumet').waitFor();
    await form.getByLabel('Från').fill(from);
    await form.getByLabel('Till').fill(to);
    await form.getByRole('button', { name: 'Stäng datumen' }).click();
    await toast(page, 'Stängning sparad!');

    // The bookings already on the closed dates, and the one action for them all.
    const affected = page.getByRole('dialog', { name: 'Bokningar under Semester' });
    await affected.waitFor();
    await affected.getByText('2 bokningar ligger redan på de stängda datumen').waitFor();
    expect(await affected.locator('tbody tr').count()).toBe(2);
    expect(await affected.locator('tbody').textContent()).toContain('Anna Ek');
    expect(await affected.locator('tbody').textContent()).toContain('Bo Ek');
    expect(await affected.locator('tbody').textContent()).not.toContain('Cilla Ek');
    await shoot(page, 'flow-affected-1280');
    await affected.getByRole('button', { name: 'Avboka alla och meddela kunderna' }).click();
    await affected.getByText('Skriv ett meddelande till kunderna').waitFor();
    await affected.getByLabel('Meddelande till kunderna').fill('Vi har semester. Välkommen tillbaka!');
    await affected.getByRole('button', { name: 'Avboka alla och meddela kunderna' }).click();
    await toast(page, '2 bokningar avbokade, varje kund får ett mejl.');
    await affected.waitFor({ state: 'detached' });

    for (const id of [anna, bo]) {
      const booking = (await suite.server.api('GET', `/api/admin/bookings/${id}`, undefined, suite.cookie)).body;
      expect(booking).toMatchObject({
        status: 'cancelled',
        cancelled_by: 'staff',
        cancel_reason: 'Vi har semester. Välkommen tillbaka!',
      });
    }
    expect((await suite.server.api('GET', `/api/admin/bookings/${outside}`, undefined, suite.cookie)).body.status).toBe(
      'pending',
    );

    // In the list, once, and asking again finds nothing left to cancel.
    const item = page.locator('.closures > li');
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain('Semester');
    expect(await item.textContent()).toContain('En gång');
    await item.getByRole('button', { name: 'Berörda bokningar för Semester' }).click();
    await toast(page, 'Inga väntande eller bekräftade bokningar');

    // The week calendar names the closure on each closed day, and only there.
    await page.goto(`/admin/calendar?date=${from}`);
    await page.locator(`li[data-date="${from}"]`).waitFor();
    await page.locator(`li[data-date="${from}"]`).getByText('Stängt: Semester').waitFor();
    await page.goto(`/admin/calendar?date=${to}`);
    await page.locator(`li[data-date="${to}"]`).getByText('Stängt: Semester').waitFor();
    await shoot(page, 'flow-calendar-1280');
    expect(
      await page
        .locator(`li[data-date="${to}"]`)
        .getByRole('button', { name: /^Markera som VIP/ })
        .count(),
    ).toBe(0);
    const open = await page.locator('li.day:not(.day--shut)').first().getAttribute('data-date');
    expect(await page.locator(`li[data-date="${open}"] .day__closure`).count()).toBe(0);

    // Customers are not offered the dates.
    const offered = (await suite.server.api('GET', '/api/open-days?days=14')).body.open_days.map(
      (d: { date: string }) => d.date,
    );
    expect(offered).not.toContain(from);
    expect(offered).not.toContain(to);
    expect(offered).toContain(inDays(7));
    expect(errors).toEqual([]);
  }, 180_000);

  it('adds a yearly holiday shown as Varje år, and removes it after a confirmation', async () => {
    const { page, errors } = await fresh(360);
    await signIn(page);
    await page.goto('/admin/calendar/closures');
    await page.locator('.closures').waitFor();
    await page.getByRole('button', { name: 'Ny stängning' }).click();
    const form = page.getByRole('dialog', { name: 'Ny stängning' });
    await form.getByLabel('Från').fill('2026-12-24');
    // The end follows the start until it is set.
    expect(await form.getByLabel('Till').inputValue()).toBe('2026-12-24');
    await form.getByLabel('Anledning').fill('Julafton');
    await form.getByLabel('Återkommande varje år').check();
    await form.getByRole('button', { name: 'Stäng datumen' }).click();
    await toast(page, 'Stängning sparad!');
    const julafton = page.locator('.closures > li').filter({ hasText: 'Julafton' });
    await julafton.waitFor();
    expect(await julafton.textContent()).toContain('Varje år');
    expect(await julafton.textContent()).toContain('24 december');
    expect(await julafton.textContent()).not.toContain('2026');
    expect((await suite.server.api('GET', '/api/test-availability?date=2027-12-24&pizzas=1')).body.message).toBe(
      'Kiosken har stängt detta datum: Julafton',
    );

    await julafton.getByRole('button', { name: /^Ta bort stängningen Julafton/ }).click();
    await toast(page, 'Stängningen borttagen!');
    await julafton.waitFor({ state: 'detached' });
    const left = (await suite.server.api('GET', '/api/admin/closures', undefined, suite.cookie)).body.closures.map(
      (c: { reason: string }) => c.reason,
    );
    expect(left).not.toContain('Julafton');
    expect(errors).toEqual([]);
  }, 180_000);
});

describe('accessibility', () => {
  let inventering: string;
  beforeAll(async () => {
    // A closure with a booking still on it, so the affected-bookings dialog has rows.
    inventering = inDays(10);
    await book(inventering, 'Dora Ek', 'dora@example.se');
    const added = await suite.server.api(
      'POST',
      '/api/admin/closures',
      { from: inventering, to: inventering, reason: 'Inventering', recurring: false },
      suite.cookie,
    );
    expect(added.status).toBe(201);
  });

  for (const theme of ['classic', 'napoli']) {
    for (const width of [360, 1280]) {
      it(`has no axe violations on the closures screen, its dialogs and the closed day (${theme}, ${width} px)`, async () => {
        const { page, errors } = await fresh(width, theme);
        await signIn(page);
        const check = async (where: string, include?: string) => {
          expect(await axeFindings(page, `${theme} ${width} ${where}`, include)).toEqual([]);
          await shoot(page, `${theme}-${width}-${where}`);
        };
        await page.goto('/admin/calendar/closures');
        await page.locator('.closures').waitFor();
        await check('list');

        await page.getByRole('button', { name: 'Berörda bokningar för Inventering' }).click();
        const affected = page.getByRole('dialog', { name: 'Bokningar under Inventering' });
        await affected.waitFor();
        await affected.getByRole('button', { name: 'Avboka alla och meddela kunderna' }).click();
        await affected.getByText('Skriv ett meddelande till kunderna').waitFor();
        await check('affected', 'dialog');
        await affected.getByRole('button', { name: 'Stäng' }).click();
        await affected.waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'Ny stängning' }).click();
        const form = page.getByRole('dialog', { name: 'Ny stängning' });
        await form.getByRole('button', { name: 'Stäng datumen' }).click();
        await form.getByText('Ange en anledning till stängningen').waitFor();
        await check('form', 'dialog');
        await form.getByRole('button', { name: 'Avbryt' }).click();

        await page.goto(`/admin/calendar?date=${inventering}`);
        await page.locator(`li[data-date="${inventering}"] .day__closure`).waitFor();
        await check('calendar');
        expect(errors).toEqual([]);
      }, 180_000);
    }
  }
});
