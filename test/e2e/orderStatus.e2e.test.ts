/// <reference lib="dom" />
// The order status screen by the counter (/status, rule: order-status-screen) in a real Chromium:
// no sign-in, order numbers only under I ugnen and Klar att hämta, a booking moving from I ugnen to
// Klar att hämta live when the kitchen marks it, no name, e-mail or phone in its HTML or its
// stream, axe clean at 360 px, 1280 px and a large screen's 1920 px in both themes, the numbers
// large at the counter's width; and /my-booking following its order's kitchen status live.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { animationsDone, inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const suite = browserSuite();

// Tomorrow: every slot can be booked whenever the tests run; an order marked in the kitchen shows
// on the board from today on (rule: order-status-screen).
const DAY = inDays(1);
const NAME = 'Ölvira Statusson';
const PHONE = '070-765 43 21';
const shots = process.env.STATUS_SHOTS;

let sequence = 0;
async function confirmedBooking(): Promise<{ id: string; email: string }> {
  sequence += 1;
  const email = `status${sequence}@example.se`;
  const minutes = 11 * 60 + 15 * sequence;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const reply = await suite.server.api('POST', '/api/bookings', {
    date: DAY,
    time,
    name: NAME,
    email,
    phone: PHONE,
    dine_in: false,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const id = reply.body.booking_id as string;
  expect((await suite.server.api('PUT', `/api/admin/bookings/${id}/confirm`, {}, suite.cookie)).status).toBe(200);
  return { id, email };
}

const step = async (id: string, value: string) =>
  expect(
    (await suite.server.api('PUT', `/api/admin/bookings/${id}/kitchen`, { step: value }, suite.cookie)).status,
  ).toBe(200);

const visitor = (width: number, theme?: string, height = 900) =>
  suite.fresh(width, theme, { viewport: { width, height } });

const inList = (page: Page, list: 'baking' | 'ready', id: string) =>
  page.locator(`[data-list="${list}"] [data-order="${id}"]`);

function expectNoPersonalData(text: string, emails: string[]) {
  for (const personal of [NAME, 'Ölvira', PHONE, ...emails, 'example.se']) expect(text).not.toContain(personal);
}

describe('/status', () => {
  it('moves a booking from I ugnen to Klar att hämta live, with numbers only in the HTML and the stream', async () => {
    const first = await confirmedBooking();
    const second = await confirmedBooking();
    await step(first.id, 'baking');

    // The first HTML, without sign-in, already shows the board.
    const html = await (await fetch(`${suite.server.base}/status`)).text();
    expect(html).toContain('I ugnen');
    expect(html).toContain('Klar att hämta');
    expect(html).toContain(`data-order="${first.id}"`);
    expectNoPersonalData(html, [first.email, second.email]);

    const { page, errors } = await visitor(1280);
    // What the page's stream carries, as the browser receives it.
    const streamed: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/order-status/live'))
        void response.text().then(
          (t) => streamed.push(t),
          () => {},
        );
    });
    await page.goto('/status');
    await page.locator('[data-live="on"]').waitFor();
    await inList(page, 'baking', first.id).waitFor();
    expect(await inList(page, 'ready', first.id).count()).toBe(0);

    // The kitchen marks it Klar elsewhere: the screen moves it without a reload.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await step(first.id, 'ready');
    await inList(page, 'ready', first.id).waitFor();
    await inList(page, 'baking', first.id).waitFor({ state: 'detached' });
    // A second order goes into the oven.
    await step(second.id, 'baking');
    await inList(page, 'baking', second.id).waitFor();
    // Collected: it leaves the screen.
    await step(first.id, 'picked_up');
    await inList(page, 'ready', first.id).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    expectNoPersonalData(await page.content(), [first.email, second.email]);
    // The stream itself, read as a client would read it, for a while through those changes.
    const abort = new AbortController();
    const live = await fetch(`${suite.server.base}/api/order-status/live`, { signal: abort.signal });
    const reader = live.body!.getReader();
    let text = '';
    await step(second.id, 'ready');
    while (!text.includes(`"ready":["${second.id}"]`)) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    expectNoPersonalData(text + streamed.join(''), [first.email, second.email]);
    expect(errors).toEqual([]);
  });

  it('is axe clean and readable from three metres at 360 px, 1280 px and 1920 px in both themes', async () => {
    const baking = await confirmedBooking();
    const ready = await confirmedBooking();
    await step(baking.id, 'baking');
    await step(ready.id, 'baking');
    await step(ready.id, 'ready');
    const found: string[] = [];
    for (const theme of ['classic', 'napoli']) {
      for (const [width, height] of [
        [360, 800],
        [1280, 900],
        [1920, 1080],
      ] as const) {
        const { page, errors } = await visitor(width, theme, height);
        await page.goto('/status');
        await page.locator('[data-live="on"]').waitFor();
        await inList(page, 'ready', ready.id).waitFor();
        await animationsDone(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        const result = await new AxeBuilder({ page }).analyze();
        for (const v of result.violations)
          found.push(`${theme} ${width}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        // The running number: large on a phone, larger on the counter's screen (about 9 cm at 1920 px
        // on a 43-inch screen: readable from three metres).
        const size = await inList(page, 'ready', ready.id)
          .locator('.status-number__seq')
          .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        expect(size, `${theme} ${width}`).toBeGreaterThanOrEqual(width >= 1920 ? 120 : 44);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (shots) await page.screenshot({ path: `${shots}/status-${theme}-${width}.png`, fullPage: true });
        expect(errors).toEqual([]);
        await page.context().close();
      }
    }
    expect(found).toEqual([]);
  });
});

describe('/my-booking', () => {
  it("shows the order's kitchen status and follows it live to Hämtad, axe clean in both themes", async () => {
    const found: string[] = [];
    for (const [theme, width] of [
      ['classic', 1280],
      ['napoli', 360],
    ] as const) {
      const booking = await confirmedBooking();
      const { page, errors } = await visitor(width, theme);
      await page.goto(`/my-booking?id=${booking.id}&email=${encodeURIComponent(booking.email)}`);
      const badge = page.locator('[data-kitchen-status]');
      await page.locator('[data-kitchen-status="waiting"]').waitFor();
      expect(await badge.textContent()).toBe('Väntar på ugnen');

      await step(booking.id, 'baking');
      await page.locator('[data-kitchen-status="baking"]').waitFor();
      expect(await badge.textContent()).toBe('I ugnen');
      await step(booking.id, 'ready');
      await page.locator('[data-kitchen-status="ready"]').waitFor();
      expect(await badge.textContent()).toBe('Klar att hämta');
      await animationsDone(page);
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations)
        found.push(`${theme} ${width}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      if (shots) await page.screenshot({ path: `${shots}/my-booking-${theme}-${width}.png`, fullPage: true });
      // Collected: the number leaves the board and the page learns where it went.
      await step(booking.id, 'picked_up');
      await page.locator('[data-kitchen-status="picked_up"]').waitFor();
      expect(await badge.textContent()).toBe('Hämtad');
      expect(errors).toEqual([]);
      await page.context().close();
    }
    expect(found).toEqual([]);
  });
});
