/// <reference lib="dom" />
// "Ny beställning" (rule: staff-orders) in a real Chromium: a two-pizza phone order from the
// kitchen board by keyboard and from the bookings screen by taps, each within 12 key presses or
// taps beyond typing the name and the number; the order confirmed at once and on the screen at
// once; a full slot taken only after "Ta beställningen ändå"; axe clean at 360 and 1280 px in both
// themes. STAFF_ORDER_SHOTS=<dir> keeps screenshots.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { animationsDone, inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.STAFF_ORDER_SHOTS;
const suite = browserSuite({ shots });

// Tomorrow: every slot of it can still be booked, whenever the tests run.
const DAY = inDays(1);

const signedIn = (width = 1280, theme?: string, hasTouch = false) => suite.signedIn(width, theme, { hasTouch });

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Ny beställning' });

type Listed = { id: string; name: string; booking_time: string; status: string; source: string } & Record<
  string,
  unknown
>;
async function bookingsAt(time: string): Promise<Listed[]> {
  const list = (await suite.server.api('GET', `/api/admin/bookings?date=${DAY}`, undefined, suite.cookie))
    .body as Listed[];
  return list.filter((b) => b.booking_time === time && b.status !== 'cancelled');
}

describe('Ny beställning', () => {
  it('takes a two-pizza phone order from the kitchen board in at most 12 key presses', async () => {
    const { page, errors } = await signedIn(1280);
    await page.goto(`/admin/kitchen?date=${DAY}`);
    await page.locator('[data-live="on"]').waitFor();
    const before = (await suite.server.api('GET', `/api/test-availability?date=${DAY}&pizzas=1`)).body.slots[0];

    // Every key pressed counts (a chord counts each of its keys); typing the name and number does not.
    let presses = 0;
    const press = async (keys: string) => {
      presses += keys.split('+').length;
      await page.keyboard.press(keys);
    };
    await press('n');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('counter');
    await press('ArrowRight');
    await press('Tab');
    await page.keyboard.type('Lisa Lund');
    await press('Tab');
    await page.keyboard.type('070-765 43 21');
    await press('Tab');
    await press('Enter');
    await press('Tab');
    await press('Enter');
    // The first slot with room is chosen already.
    expect(await dialog(page).getByLabel('Tid').inputValue()).toBe(before.time);
    await dialog(page).getByText('Totalt: 2 pizzor').waitFor();
    await press('Control+Enter');

    await page.getByText(/^Beställning \d{8}-\d+ lagd och bekräftad!$/).waitFor();
    expect(presses).toBeLessThanOrEqual(12);
    // On the board at once, confirmed (no "Väntar på bekräftelse").
    const card = page.locator('.kitchen-order', { hasText: 'Lisa Lund' });
    await card.waitFor();
    const [placed] = await bookingsAt(before.time);
    expect(placed).toMatchObject({
      source: 'phone',
      status: 'confirmed',
      name: 'Lisa Lund',
      phone: '070-765 43 21',
      email: '',
      total_pizzas: 2,
    });
    expect((placed?.items as Array<{ pizza_id: number }>).map((i) => i.pizza_id).sort()).toEqual([1, 2]);
    // Open booking pages read the slot with the order's pizzas taken.
    const after = (await suite.server.api('GET', `/api/test-availability?date=${DAY}&pizzas=1`)).body.slots[0];
    expect(after.capacity_remaining).toBe(before.capacity_remaining - 2);
    expect(errors).toEqual([]);
  });

  it('takes a two-pizza phone order from the bookings screen on a phone in at most 12 taps', async () => {
    const { page, errors } = await signedIn(360, undefined, true);
    await page.goto(`/admin/bookings?date=${DAY}`);
    await page.locator('[data-live="on"]').waitFor();
    let taps = 0;
    const tap = async (locator: ReturnType<Page['locator']>) => {
      taps += 1;
      await locator.tap();
    };
    await tap(page.getByRole('button', { name: 'Ny beställning' }));
    const d = dialog(page);
    await tap(d.getByText('Telefon', { exact: true }));
    await tap(d.getByLabel('Namn', { exact: true }));
    await page.keyboard.type('Omar Berg');
    await tap(d.getByLabel('Telefonnummer'));
    await page.keyboard.type('0701112233');
    await tap(d.getByRole('button', { name: 'Lägg till Margherita' }));
    await tap(d.getByRole('button', { name: 'Lägg till Margherita' }));
    const time = await d.getByLabel('Tid').inputValue();
    await tap(d.getByRole('button', { name: /^Lägg beställningen/ }));
    await page.getByText(/lagd och bekräftad!$/).waitFor();
    expect(taps).toBeLessThanOrEqual(12);
    // In the list at once.
    await page.getByText('Omar Berg').first().waitFor();
    const mine = (await bookingsAt(time)).find((b) => b.name === 'Omar Berg');
    expect(mine).toMatchObject({ source: 'phone', status: 'confirmed', total_pizzas: 2 });
    expect(errors).toEqual([]);
  });

  it('takes a full slot only after "Ta beställningen ändå"', async () => {
    // Fill 18:00 online.
    const online = await suite.server.api('POST', '/api/bookings', {
      date: DAY,
      time: '18:00',
      name: 'Full Fredriksson',
      email: 'full@example.se',
      dine_in: false,
      items: [{ pizza_id: 1, qty: 6 }],
      requested_pizzas: 6,
    });
    expect(online.status).toBe(201);
    const { page } = await signedIn(1280);
    await page.goto(`/admin/kitchen?date=${DAY}`);
    await page.locator('[data-live="on"]').waitFor();
    await page.keyboard.press('n');
    const d = dialog(page);
    await d.getByRole('button', { name: 'Lägg till Vesuvio' }).click();
    await d.getByLabel('Tid').selectOption('18:00');
    expect(await d.getByLabel('Tid').locator('option[value="18:00"]').textContent()).toBe('18:00 · Fullbokat');
    await page.keyboard.press('Control+Enter');
    const alert = d.getByRole('alert').filter({ hasText: 'Tiden är full' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Tiden är fullbokad. Bekräfta för att ta pizzan ändå.');
    expect(await bookingsAt('18:00')).toHaveLength(1);
    // The confirmation has the focus: Enter takes the order.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Ta beställningen ändå');
    await page.keyboard.press('Enter');
    await page.getByText(/lagd och bekräftad!$/).waitFor();
    const taken = await bookingsAt('18:00');
    expect(taken).toHaveLength(2);
    const id = taken.find((b) => b.source === 'counter')?.id;
    const history = (await suite.server.api('GET', `/api/admin/bookings/${id}/history`, undefined, suite.cookie)).body;
    expect(history[0].data.capacity_override).toEqual({ remaining: 0 });
  });

  it('is axe clean at 360 and 1280 px in both themes', async () => {
    const found: string[] = [];
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page, errors } = await signedIn(width, theme);
        await page.goto(`/admin/kitchen?date=${DAY}`);
        await page.locator('[data-live="on"]').waitFor();
        if (shots) await page.screenshot({ path: join(shots, `${theme}-${width}-board.png`) });
        await page.getByRole('button', { name: 'Ny beställning' }).click();
        const d = dialog(page);
        await d.getByText('Telefon', { exact: true }).click();
        await d.getByLabel('Namn', { exact: true }).fill('Lisa Lund');
        await d.getByRole('button', { name: 'Lägg till Margherita' }).click();
        await d.getByRole('button', { name: 'Lägg till Vesuvio' }).click();
        await d.getByRole('button', { name: 'Lägg till Vesuvio' }).click();
        await animationsDone(page);
        if (shots) {
          await page.screenshot({ path: join(shots, `${theme}-${width}-dialog.png`) });
          await d.screenshot({ path: join(shots, `${theme}-${width}-dialog-full.png`) });
        }
        const result = await new AxeBuilder({ page }).analyze();
        for (const v of result.violations)
          found.push(`${theme} ${width}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        // Touch targets of at least 44 px in the dialog.
        const small = await d
          .locator('button, input[type="radio"] >> xpath=..')
          .evaluateAll((elements) =>
            elements
              .filter((e) => e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().height < 44)
              .map((e) => e.outerHTML.slice(0, 80)),
          );
        expect(small).toEqual([]);
        expect(errors).toEqual([]);
      }
    }
    expect(found).toEqual([]);
  });
});
