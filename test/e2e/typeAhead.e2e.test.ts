/// <reference lib="dom" />
// What a hurried person on a slow phone does: a new browser (cold caches) on a CPU slowed six
// times, typing and pressing as soon as the page shows (`domcontentloaded`), before its scripts
// (loaded after the first paint) have hydrated it. Whatever they typed is what the form holds
// after hydration, and what they pressed does its job once, or waits visibly disabled
// (ui/public/typed-ahead.js, ui/lib/typedAhead.ts). Each form three times, every time whole, and
// each time with the scripts arriving at another moment (TIMINGS): as fast as they load, while the
// person types, and only after they pressed.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, chooseDateAndCount, hydrated, holdScriptsOf, hurriedVisit, inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';

// One server and one Chromium for the file; every visit below is a context of its own, as cold as
// a new visitor's (no cache, cookie or storage from an earlier test).
const suite = browserSuite();

/** Three tries of a form that only the page's scripts can show. */
const TRIES = [1, 2, 3];

type Timing = 'as they load' | 'while typing' | 'after the press';
const TIMINGS: Timing[] = ['as they load', 'while typing', 'after the press'];

/** A hurried visit whose scripts arrive at `timing`: call typed() after the first field, pressed() after the press. */
async function visit(path: string, timing: Timing) {
  const visited = await hurriedVisit(suite.browser, suite.server, path, { holdScripts: timing !== 'as they load' });
  return {
    ...visited,
    typed: () => timing === 'while typing' && visited.releaseScripts(),
    pressed: () => timing === 'after the press' && visited.releaseScripts(),
  };
}

/** Every address a page asked for, to show that no field ever went into one. */
function addressesOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

const bookingsFor = async (email: string) => {
  const { body } = await suite.server.api('GET', '/api/admin/bookings', undefined, suite.cookie);
  return (body as any[]).filter((b) => b.email === email);
};

async function placeBooking(email: string): Promise<string> {
  const placed = await suite.server.api('POST', '/api/bookings', {
    date: inDays(4),
    time: '13:00',
    name: 'Tove Tidig',
    email,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  expect(placed.status).toBe(201);
  return placed.body.booking_id as string;
}

describe('typing and pressing before the page is hydrated', () => {
  it('tells a screen reader that the page is still loading, in the server HTML only', async () => {
    const html = await (await fetch(suite.server.base + '/')).text();
    expect(html).toContain(
      '<p class="visually-hidden" role="status">Sidan laddas. Knappar som ännu inte går att trycka på fungerar om ett ögonblick.</p>',
    );
    const { context, page } = await suite.fresh();
    await page.goto('/');
    await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 }).toBe('');
    await context.close();
  });

  it.each(TIMINGS)('signs in, the scripts arriving %s', async (timing) => {
    const { context, page, errors, typed, pressed } = await visit('/admin/login', timing);
    const addresses = addressesOf(page);
    await page.getByLabel('E-post').pressSequentially(ADMIN.email);
    typed();
    await page.getByLabel('Lösenord').pressSequentially(ADMIN.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    pressed();
    await page.waitForURL((url) => url.pathname === '/admin');
    await hydrated(page);
    await page.getByText('Inloggning lyckades!').first().waitFor();
    // A password never goes into a URL, whatever the timing.
    expect(addresses.filter((url) => url.includes('sen-123') || /[?&](password|email)=/.test(url))).toEqual([]);
    expect(page.url()).toBe(suite.server.base + '/admin');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(TIMINGS)('looks a booking up in /my-booking and cancels it, the scripts arriving %s', async (timing) => {
    const email = `snabb-${TIMINGS.indexOf(timing)}@example.se`;
    const id = await placeBooking(email);
    const { context, page, errors, typed, pressed } = await visit('/my-booking', timing);
    await page.getByLabel('E-post').pressSequentially(email);
    typed();
    await page.getByLabel('Bokningsnummer').pressSequentially(id);
    await page.getByRole('button', { name: 'Hitta bokning' }).click();
    pressed();
    await page.getByRole('heading', { name: `Bokning ${id}` }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Avboka' }).click();
    await page.getByText('Din bokning har avbokats!').first().waitFor();
    expect((await bookingsFor(email))[0].status).toBe('cancelled');
    expect(errors).toEqual([]);
    await context.close();
  });

  // A booking's move and the waitlist's prompt are dialogs a person reaches only through the page's
  // scripts (a lookup, a full time's slots): pressed and typed into as soon as they show.
  it.each(TRIES)('moves a booking from a linked /my-booking at once, try %i', async (attempt) => {
    const email = `flytt-${attempt}@example.se`;
    const id = await placeBooking(email);
    const { context, page, errors } = await hurriedVisit(
      suite.browser,
      suite.server,
      `/my-booking?id=${id}&email=${email}`,
    );
    await page.getByRole('button', { name: 'Flytta bokningen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Flytta bokningen' });
    await dialog.getByLabel('Ny dag').selectOption(inDays(6));
    await dialog.getByRole('button', { name: `1${3 + attempt}:30, Ledigt` }).click();
    await dialog.getByRole('button', { name: 'Flytta', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const moved = (await bookingsFor(email)).find((b) => b.id !== id);
    expect(moved).toMatchObject({ booking_date: inDays(6), booking_time: `1${3 + attempt}:30` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(TRIES)('joins the queue of a full time at once, try %i', async (attempt) => {
    const date = inDays(6 + attempt);
    const full = await suite.server.api('POST', '/api/bookings', {
      date,
      time: '12:00',
      name: 'Full Fredrik',
      email: `full-${attempt}@example.se`,
      dine_in: false,
      items: [{ pizza_id: 1, qty: 6 }],
      requested_pizzas: 6,
    });
    expect(full.status).toBe(201);
    const { context, page, errors } = await hurriedVisit(suite.browser, suite.server, '/');
    await chooseDateAndCount(page, date, 2);
    await page.getByRole('button', { name: 'Ställ dig i kö' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ställ dig i kö för 12:00' });
    await dialog.getByLabel('Namn').pressSequentially('Kajsa Kö');
    await dialog.getByLabel('E-post').pressSequentially(`kajsa-${attempt}@example.se`);
    await dialog.getByRole('button', { name: 'Ställ dig i kö' }).click();
    await dialog.getByText('Du står i kö för 12:00').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(TIMINGS)(
    'books with details, dine-in and a bonus code given early, the scripts arriving %s',
    async (timing) => {
      const code = `SNABB${TIMINGS.indexOf(timing)}`;
      const created = await suite.server.api(
        'POST',
        '/api/admin/bonus-codes',
        { code, description: 'Snabb', discount_percentage: 10, usage_limit: null, expires_at: null, is_active: 1 },
        suite.cookie,
      );
      expect(created.status).toBe(201);
      const email = `tidig-${TIMINGS.indexOf(timing)}@example.se`;
      const { context, page, errors, typed, pressed } = await visit('/', timing);
      await page.getByLabel('Namn').pressSequentially('Tove Tidig');
      typed();
      await page.getByLabel('E-post').pressSequentially(email);
      await page.getByLabel('Äta på plats (annars avhämtning)').check();
      await page.getByLabel('Bonuskod (valfritt)').pressSequentially(code.toLowerCase());
      await page.getByRole('button', { name: 'Använd' }).click();
      pressed();

      await chooseDateAndCount(page, inDays(5), 1);
      await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
      expect(await page.getByLabel('Namn').inputValue()).toBe('Tove Tidig');
      expect(await page.getByLabel('E-post').inputValue()).toBe(email);
      expect(await page.getByLabel('Äta på plats (annars avhämtning)').isChecked()).toBe(true);
      await page.getByRole('button', { name: /^Slutför Beställning/ }).click();
      await page.getByRole('dialog').getByText('Väntar på Bekräftelse').waitFor();

      const [booking] = await bookingsFor(email);
      expect(booking).toMatchObject({ name: 'Tove Tidig', dine_in: true, bonus_code: code });
      expect(booking.discount_cents).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(TIMINGS)('saves settings typed as soon as they can be, the scripts arriving %s', async (timing) => {
    const capacity = 6 + TIMINGS.indexOf(timing) + 1;
    const { context, page, errors, typed, pressed } = await visit('/admin/login', timing);
    await page.getByLabel('E-post').fill(ADMIN.email);
    await page.getByLabel('Lösenord').fill(ADMIN.password);
    typed();
    await page.getByRole('button', { name: 'Logga in' }).click();
    pressed();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto('/admin/settings', { waitUntil: 'domcontentloaded' });
    // The settings wait for the scripts visibly: their fields and buttons are disabled until then.
    const field = page.getByLabel(/^Kapacitet per tidsfönster/);
    await field.fill(String(capacity));
    await page.getByRole('button', { name: 'Spara inställningar' }).click();
    await expect
      .poll(
        async () =>
          (await suite.server.api('GET', '/api/admin/settings', undefined, suite.cookie)).body.capacity_per_window,
        {
          timeout: 30_000,
        },
      )
      .toBe(capacity);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the settings visibly not yet usable while the scripts are away', async () => {
    const { context, page } = await suite.fresh(360);
    await signIn(page);
    const release = await holdScriptsOf(context);
    await page.goto('/admin/settings', { waitUntil: 'domcontentloaded' });
    expect(await page.getByLabel(/^Kapacitet per tidsfönster/).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Spara inställningar' }).isDisabled()).toBe(true);
    expect(await page.getByRole('status').first().textContent()).toContain('Sidan laddas');
    release();
    await hydrated(page);
    expect(await page.getByLabel(/^Kapacitet per tidsfönster/).isDisabled()).toBe(false);
    await context.close();
  });

  it.each(TIMINGS)('signs out with "Logga ut" pressed at once, the scripts arriving %s', async (timing) => {
    const { context, page, errors } = await visit('/admin/login', 'as they load');
    await signIn(page);
    const release = timing === 'as they load' ? () => {} : await holdScriptsOf(context);
    await page.goto('/admin/bookings', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Logga ut' }).click();
    release();
    // Signing out and the frame's own redirect both go to /admin/login: wait for where it ends.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/admin/login');
    expect((await page.request.get('/api/admin/me')).status()).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
