/// <reference lib="dom" />
// Open booking pages see capacity change (issue 29): a staff order that fills the slot a customer
// has open shows it full on their page within 2 s, through the public live stream GET /api/live,
// with no reload, and the page says the chosen time was taken rather than moving it silently.
import { describe, expect, it } from 'vitest';
import { chooseDateAndCount, inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const suite = browserSuite();
// Tomorrow: every slot of it can still be booked, whenever the test runs.
const DAY = inDays(1);

describe('an open booking page', () => {
  it('shows a slot full within 2 s of a staff order that fills it', async () => {
    const { page, errors } = await suite.fresh(1280);
    // The stream's answer has come: the server is listening for this page.
    const live = page.waitForResponse((r) => r.url().endsWith('/api/live'));
    await page.goto('/');
    await live;
    await chooseDateAndCount(page, DAY, 1);
    const chosen = page.locator('.slot--selected');
    await chosen.waitFor();
    const time = (await chosen.locator('.slot__time').textContent())!;
    const slot = page.getByRole('button', { name: new RegExp(`^${time}, `) });
    expect(await slot.getAttribute('aria-label')).not.toContain('Fullbokat');

    // The counter takes the whole window's capacity for that time.
    const capacity = (await suite.server.api('GET', '/api/settings')).body.capacity_per_window as number;
    const order = await suite.server.api(
      'POST',
      '/api/admin/staff-orders',
      { source: 'counter', date: DAY, time, items: [{ pizza_id: 1, qty: capacity }] },
      suite.cookie,
    );
    expect(order.status, JSON.stringify(order.body)).toBe(201);

    // The bound: full on the open page within 2 s, no reload.
    await page.getByRole('button', { name: `${time}, Fullbokat` }).waitFor({ timeout: 2000 });
    expect(await slot.isDisabled()).toBe(true);
    // The customer is told their time was taken, and another one that fits is chosen.
    await page.getByText(`Tiden ${time} har inte längre plats för din beställning.`, { exact: false }).waitFor();
    expect(await page.locator('.slot--selected .slot__time').textContent()).not.toBe(time);
    expect(errors).toEqual([]);
  });
});
