/// <reference lib="dom" />
// The staff admin in a real Chromium: every admin route closed to visitors (a real 302, no
// admin markup), sign in and out, confirm and cancel, a booking appearing live in an open
// bookings list, the daily report, and axe on the screens.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { ADMIN, animationsDone, chooseDateAndCount, inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';

const ADMIN_ROUTES = [
  '/admin',
  '/admin/bookings',
  '/admin/calendar',
  '/admin/pizzas',
  '/admin/vip',
  '/admin/bonus-codes',
  '/admin/reports',
  '/admin/stats',
  '/admin/mail',
  '/admin/customers',
  '/admin/settings',
];

const suite = browserSuite();
const newPage = (width = 1280) => suite.fresh(width, undefined, { acceptDownloads: true });
/** A second visitor beside the page of newPage() (a customer while the staff's list is open). */
const pageBeside = (width = 1280) => suite.another(width, undefined, { acceptDownloads: true });

async function signedIn(page: Page) {
  await signIn(page);
  await page.getByRole('heading', { name: /Välkommen/ }).waitFor();
}

const book = (email: string, date: string, time: string, qty = 1) =>
  suite.server.api('POST', '/api/bookings', {
    date,
    time,
    name: 'Kund ' + email.split('@')[0],
    email,
    dine_in: false,
    items: [{ pizza_id: 1, qty }],
    requested_pizzas: qty,
  });

describe('the staff admin', () => {
  it('sends a visitor from every admin route to /admin/login with a real redirect and no admin data', async () => {
    for (const route of ADMIN_ROUTES) {
      const response = await fetch(suite.server.base + route, { redirect: 'manual' });
      expect(response.status, route).toBe(302);
      expect(response.headers.get('location'), route).toMatch(/\/admin\/login$/);
    }
    const { page } = await newPage();
    await page.goto('/admin/bookings');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('validates the sign-in form, signs in, sends a signed-in user on from /admin/login, and signs out', async () => {
    const { page, errors } = await newPage(390);
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.getByText('Ogiltig e-postadress').waitFor();
    await page.getByLabel('E-post').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.getByText('Lösenord krävs').waitFor();
    await page.getByLabel('Lösenord').fill('fel-lösenord');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.getByText('Fel e-postadress eller lösenord').waitFor();
    await signedIn(page);
    await page.getByText('Inloggning lyckades!').waitFor();
    expect(await page.getByText('v1.1.0').count()).toBeGreaterThan(0);
    await page.goto('/admin/login');
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(errors).toEqual([]);
  });

  it('confirms and cancels (with a reason) bookings made through the API, and the server agrees', async () => {
    const date = inDays(2);
    const first = (await book('bekrafta@example.se', date, '12:00')).body.booking_id;
    const second = (await book('avboka@example.se', date, '12:15')).body.booking_id;
    const { page, errors } = await newPage();
    await signedIn(page);
    await page.goto('/admin/bookings?status=pending');
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('pending');
    await page.getByRole('button', { name: `Bekräfta ${first}` }).click();
    await page.getByText('Bokning bekräftad!').waitFor();
    page.once('dialog', (dialog) => void dialog.accept('Ugnen är trasig'));
    await page.getByRole('button', { name: `Avboka ${second}` }).click();
    await page.getByText('Bokning avbokad!').waitFor();
    const cookie = suite.cookie;
    expect((await suite.server.api('GET', `/api/admin/bookings/${first}`, undefined, cookie)).body.status).toBe(
      'confirmed',
    );
    const cancelled = (await suite.server.api('GET', `/api/admin/bookings/${second}`, undefined, cookie)).body;
    expect(cancelled.status).toBe('cancelled');
    // The pending filter no longer lists them.
    await expect.poll(() => page.locator(`[data-booking="${first}"]`).count()).toBe(0);
    // Details of a booking.
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('button', { name: `Visa ${second}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Avbokad').first().waitFor();
    expect(await dialog.textContent()).toContain('Kund avboka');
    expect(new URL(page.url()).search).toBe('');
    expect(errors.filter((e) => !/history/.test(e))).toEqual([]);
  });

  it('shows a booking made on the customer page in an open bookings list without a reload', async () => {
    const { page: admin } = await newPage();
    await signedIn(admin);
    await admin.goto('/admin/bookings');
    // The list is in the first HTML; changes arrive once the page has opened the live stream.
    await admin.locator('[data-live="on"]').waitFor();
    const { page: customer } = await pageBeside(390);
    await customer.goto('/');
    await chooseDateAndCount(customer, inDays(3), 1);
    await customer.locator('.slot--selected').waitFor();
    await customer.getByRole('button', { name: 'Lägg till en Vesuvio' }).click();
    await customer.getByLabel('Namn').fill('Live Lisa');
    await customer.getByLabel('E-post').fill('live@example.se');
    await customer.getByRole('button', { name: /Slutför Beställning/ }).click();
    await customer.getByRole('dialog').waitFor();
    await admin.getByText('Ny bokning från Live Lisa', { exact: false }).waitFor();
    await admin.locator('td', { hasText: 'live@example.se' }).waitFor();
  });

  it('downloads the daily report as palombo-rapport-{date}.pdf', async () => {
    const { page } = await newPage();
    await signedIn(page);
    await page.getByRole('button', { name: 'Ladda ner dagsrapport' }).click();
    const today = await page.getByLabel('Datum').inputValue();
    expect(await page.getByLabel('Datum').getAttribute('max')).toBe(today);
    await page.getByRole('button', { name: 'Igår' }).click();
    const yesterday = await page.getByLabel('Datum').inputValue();
    expect(yesterday < today).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Ladda ner PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`palombo-rapport-${yesterday}.pdf`);
    await page.getByText('Rapport nedladdad!').waitFor();
  });

  it('has no serious or critical axe violations on the login, dashboard and bookings screens', async () => {
    for (const theme of ['classic', 'napoli']) {
      const { page } = await newPage();
      await page.addInitScript((t) => localStorage.setItem('pizzakiosken-theme', t), theme);
      await page.goto('/admin/login');
      const violations = async (where: string) => {
        await animationsDone(page);
        return (await new AxeBuilder({ page }).analyze()).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${theme} ${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      expect(await violations('login')).toEqual([]);
      await signedIn(page);
      expect(await violations('dashboard')).toEqual([]);
      await page.goto('/admin/bookings');
      await page.locator('.bookings-table').waitFor();
      expect(await violations('bookings')).toEqual([]);
    }
  });
});
