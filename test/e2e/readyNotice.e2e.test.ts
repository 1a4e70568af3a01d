/// <reference lib="dom" />
// The ready notice in a real Chromium with the real service worker (rule: ready-notice): the
// confirmation offers "Meddela mig när pizzan är klar"; subscribing needs the browser's push
// service, out of reach here, so the page says in Swedish that notices could not be turned on and
// that the mail comes anyway; with the permission refused it says so. The service worker shows a
// pushed notice (delivered through DevTools, as a push service would), all under the site's CSP.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseDateAndCount, inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const suite = browserSuite();

async function withServiceWorker(permissions: string[]) {
  const opened = await suite.fresh(390, undefined, { serviceWorkers: 'allow', permissions });
  await opened.page.goto('/');
  await opened.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  return opened;
}

async function book(page: Page, email: string, days: number) {
  await chooseDateAndCount(page, inDays(days), 1);
  await page.locator('.slot--selected').waitFor();
  await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
  await page.getByLabel('Namn').fill('Notis Nina');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: /^Slutför Beställning/ }).click();
  return page.getByRole('dialog');
}

describe('"Meddela mig när pizzan är klar" on the confirmation', () => {
  it('says in Swedish that notices could not be turned on where the browser has no push service, and that the mail comes', async () => {
    const { page, errors } = await withServiceWorker(['notifications']);
    const modal = await book(page, 'notis@example.se', 4);
    const subscribe: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/notifications/subscribe')) subscribe.push(request.postDataJSON());
    });
    await modal.getByRole('button', { name: 'Meddela mig när pizzan är klar' }).click();
    await modal
      .getByRole('status')
      .filter({
        hasText:
          'Det gick inte att slå på notiser i den här webbläsaren. Du får besked med sms eller mejl när pizzan är klar.',
      })
      .waitFor();
    // The button stays for another try; nothing was sent without a subscription.
    expect(await modal.getByRole('button', { name: 'Meddela mig när pizzan är klar' }).isEnabled()).toBe(true);
    expect(subscribe).toEqual([]);
    // The key it asked for is the server's.
    const { body } = await suite.server.api('GET', '/api/notifications/vapid-public-key');
    expect(Buffer.from(body.key, 'base64url')).toHaveLength(65);
    // Chromium's own console note on why subscribing failed here (a browser context is incognito).
    expect(errors.filter((e) => !/does not support the Push API in incognito mode/.test(e))).toEqual([]);
  });

  it('says that notices are blocked when the permission is refused', async () => {
    const { context, page, errors } = await withServiceWorker([]);
    // What the customer answered when the browser asked: "Blockera".
    await context.addInitScript(() => {
      Notification.requestPermission = async () => 'denied';
    });
    await page.reload();
    const modal = await book(page, 'blockerad@example.se', 5);
    await modal.getByRole('button', { name: 'Meddela mig när pizzan är klar' }).click();
    await modal
      .getByRole('status')
      .filter({
        hasText: 'Notiser är blockerade för den här sidan. Du får besked med sms eller mejl när pizzan är klar.',
      })
      .waitFor();
    expect(errors).toEqual([]);
  });

  it('is not offered for a booking saved offline (it has no number yet)', async () => {
    const { context, page } = await suite.fresh(390);
    await page.goto('/');
    await chooseDateAndCount(page, inDays(6), 1);
    await page.locator('.slot--selected').waitFor();
    await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
    await page.getByLabel('Namn').fill('Offline Olle');
    await page.getByLabel('E-post').fill('offline-notis@example.se');
    await context.setOffline(true);
    await page.getByText('Du är offline').first().waitFor();
    await page.getByRole('button', { name: /^Spara Offline/ }).click();
    await page.getByRole('dialog').getByText('sparad på enheten').waitFor();
    expect(await page.getByRole('button', { name: 'Meddela mig när pizzan är klar' }).count()).toBe(0);
    await context.setOffline(false);
  });
});

describe('the service worker', () => {
  it('shows a pushed ready notice with its title and text, under the site CSP', async () => {
    const { context, page, errors } = await withServiceWorker(['notifications']);
    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const notice = {
      title: 'Din pizza är klar!',
      body: 'Din beställning 20261124-1 är klar! Hämta den i kiosken och ta med den.',
      url: '/my-booking',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: suite.server.base,
      registrationId: registrations[0].registrationId,
      data: JSON.stringify(notice),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
      });
    await expect
      .poll(shown, { timeout: 15_000 })
      .toEqual([{ title: notice.title, body: notice.body, data: { url: '/my-booking' } }]);
    expect(errors).toEqual([]);
  });
});
