/// <reference lib="dom" />
// Offline (SPEC 2, 4): a booking saved on the device while offline is sent once when the
// connection returns, also when the answer to a send was lost; an online send that fails says so
// and is answered, not repeated, when pressed again; and after one visit the page
// opens with the server gone, from the service worker's cache.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseDateAndCount, inDays, startServer } from './harness.js';
import { browserSuite } from './browserSuite.js';

const suite = browserSuite();

/** A phone's page in a new context, on the suite's server unless `base` names another. */
const context = (options: { serviceWorkers: 'allow' | 'block'; base?: string }) =>
  suite.fresh(390, undefined, { baseURL: options.base ?? suite.server.base, serviceWorkers: options.serviceWorkers });

const bookingsFor = async (email: string) => {
  const cookie = suite.cookie;
  const { body } = await suite.server.api('GET', '/api/admin/bookings', undefined, cookie);
  return (body as any[]).filter((b) => b.email === email);
};

const queued = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('offline_bookings') ?? '[]'));

async function fillOrder(page: Page, email: string, days: number) {
  await page.goto('/');
  await chooseDateAndCount(page, inDays(days), 1);
  await page.locator('.slot--selected').waitFor();
  await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
  await page.getByLabel('Namn').fill('Offline Olle');
  await page.getByLabel('E-post').fill(email);
}

describe('offline bookings', () => {
  it('are saved on the device and sent exactly once when the connection returns', async () => {
    const { context: ctx, page, errors } = await context({ serviceWorkers: 'block' });
    const email = 'offline1@example.se';
    await fillOrder(page, email, 3);
    await ctx.setOffline(true);
    await page.getByText('Du är offline').first().waitFor();
    await page.getByRole('button', { name: 'Spara Offline (99 kr)' }).click();
    const modal = page.getByRole('dialog');
    expect(await modal.textContent()).toContain('sparad på enheten');
    // The manage-booking link too (SPEC 2): the lookup page, which opens offline (the number comes later).
    expect(await modal.getByRole('link', { name: 'Hantera din bokning' }).getAttribute('href')).toBe('/my-booking');
    const [saved] = await queued(page);
    expect(saved).toMatchObject({ offline: true, email, requested_pizzas: 1 });
    expect(typeof saved.timestamp).toBe('number');
    expect(typeof saved.id).toBe('string');
    await modal.getByRole('button', { name: 'Stäng och gör en ny beställning' }).click();

    const sent: { body: any; key: string | null }[] = [];
    await page.route('**/api/bookings', async (route) => {
      sent.push({ body: route.request().postDataJSON(), key: await route.request().headerValue('idempotency-key') });
      await route.continue();
    });
    await ctx.setOffline(false);
    await page.getByText('Återansluten! Synkar offline-bokningar...').waitFor();
    await page.getByText('1 offline-bokning skickade!').waitFor();
    expect(await queued(page)).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0].key).toBe(saved.id);
    expect(sent[0].body).not.toHaveProperty('offline');
    expect(sent[0].body).not.toHaveProperty('timestamp');
    expect(sent[0].body).not.toHaveProperty('id');
    // The green banner goes after 3 s.
    await page.getByText('Återansluten! Synkar offline-bokningar...').waitFor({ state: 'detached', timeout: 10_000 });
    // Another reconnect sends nothing more.
    await ctx.setOffline(true);
    await ctx.setOffline(false);
    await page.getByText('Återansluten! Synkar offline-bokningar...').waitFor();
    expect(await bookingsFor(email)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('are made once even when the answer to the first send is lost', async () => {
    const { context: ctx, page } = await context({ serviceWorkers: 'block' });
    const email = 'offline2@example.se';
    await fillOrder(page, email, 4);
    await ctx.setOffline(true);
    await page.getByRole('button', { name: /Spara Offline/ }).click();
    await page.getByRole('button', { name: 'Stäng och gör en ny beställning' }).click();
    // The first send reaches the server, but its answer never reaches the page.
    let lost = 0;
    await page.route('**/api/bookings', async (route) => {
      if (lost++ === 0) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await ctx.setOffline(false);
    await expect.poll(async () => (await bookingsFor(email)).length).toBe(1);
    expect(await queued(page)).toHaveLength(1);
    // The next reconnect sends it again with the same key: answered, not made twice.
    await ctx.setOffline(true);
    await ctx.setOffline(false);
    await page.getByText('1 offline-bokning skickade!').waitFor();
    expect(await queued(page)).toEqual([]);
    expect(await bookingsFor(email)).toHaveLength(1);
    expect(lost).toBe(2);
  });

  it('say so when an online send fails, and a second press gets the booking the first one made', async () => {
    const { page } = await context({ serviceWorkers: 'block' });
    const email = 'offline3@example.se';
    await fillOrder(page, email, 5);
    // The booking reaches the server, its answer never reaches the page.
    await page.route('**/api/bookings', async (route) => {
      await route.fetch();
      return route.abort('connectionreset');
    });
    await page.getByRole('button', { name: /Slutför Beställning/ }).click();
    // SPEC 8: online, a failed send shows 'Kunde inte skapa bokning' (nothing is saved offline).
    await page.getByText('Kunde inte skapa bokning').first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await queued(page)).toEqual([]);
    await page.unroute('**/api/bookings');
    // The same order sent again carries the same key: the booking made is answered, not a second one.
    await page.getByRole('button', { name: /Slutför Beställning/ }).click();
    expect(await page.getByRole('dialog').textContent()).toContain('Väntar på Bekräftelse');
    expect(await bookingsFor(email)).toHaveLength(1);
  });
});

describe('the installed app', () => {
  it('opens the booking page and /my-booking offline after one visit', async () => {
    const own = await startServer();
    try {
      const { page, errors } = await context({ serviceWorkers: 'allow', base: own.base });
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // The service worker takes the page over from its next load on.
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await page.goto('/my-booking');
      await page.goto('/');
      const manifest = await (await fetch(own.base + '/manifest.webmanifest')).json();
      expect(manifest).toMatchObject({ short_name: 'Pizzakiosken', start_url: '/', display: 'standalone' });
      expect(manifest.icons.map((i: any) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      expect(manifest.icons.some((i: any) => i.purpose === 'maskable')).toBe(true);

      await own.close(); // the server is gone: only the service worker answers now
      await page.goto('/');
      await page.getByRole('heading', { name: 'Förbeställ din pizza' }).waitFor();
      expect(await page.getByText('Margherita').first().isVisible()).toBe(true);
      expect(await page.locator('#booking-date option').count()).toBeGreaterThan(1);
      await page.goto('/my-booking');
      await page.getByRole('heading', { name: 'Min bokning' }).waitFor();
      expect(errors.filter((e) => !/Failed to fetch|net::|NetworkError|workbox|no-response/i.test(e))).toEqual([]);
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});
