/// <reference lib="dom" />
// Accounts and roles in Chromium (rules: admin-accounts, admin-roles): the owner adds a staff
// account on /admin/accounts 'Konton'; the staff member signs in and sees only their screens (no
// figures on the dashboard, an owner-only address sends them back to /admin), changes their own
// password from the header; the owner removes the account and the staff member's next page is the
// sign-in. Axe finds nothing on the screen at 360 and 1280 px in both themes. ACCOUNTS_SHOTS=<folder>
// saves screenshots.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './browserSuite.js';
import { axeFindings } from './axe.js';
import { hydrated } from './harness.js';

const shots = process.env.ACCOUNTS_SHOTS;
const suite = browserSuite({ shots });
const STAFF = { name: 'Kim Kock', email: 'kim@pizzakiosken.test', password: 'Kims-lösen-1234' };

/** Signs in as the staff member through /admin/login. */
async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await hydrated(page);
}

const navLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link').allTextContents();

describe('accounts and roles in the browser', () => {
  it('the owner adds a staff account on Konton', async () => {
    const { page, errors } = await suite.signedIn(1280);
    expect(await navLinks(page)).toContain('Konton');
    await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Konton' }).click();
    await page.waitForURL('**/admin/accounts');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Konton');
    await page.getByRole('button', { name: 'Lägg till konto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nytt konto' });
    // A short password is refused under its field, before anything is sent.
    await dialog.getByLabel('Namn').fill(STAFF.name);
    await dialog.getByLabel('E-post').fill(STAFF.email);
    await dialog.getByLabel('Första lösenord').fill('kort');
    await dialog.getByRole('button', { name: 'Lägg till' }).click();
    await expect(dialog.getByText('Lösenordet måste vara minst 12 tecken').isVisible()).resolves.toBe(true);
    await dialog.getByLabel('Första lösenord').fill(STAFF.password);
    await expect(dialog.getByLabel('Roll').inputValue()).resolves.toBe('staff');
    await dialog.getByRole('button', { name: 'Lägg till' }).click();
    const row = page.locator(`tr[data-account="${STAFF.email}"]`);
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Personal');
    expect(errors).toEqual([]);
  });

  it('the screen at 360 and 1280 px in both themes: axe finds nothing', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page } = await suite.signedIn(width, theme);
        await page.goto('/admin/accounts');
        await page.locator(`tr[data-account="${STAFF.email}"]`).waitFor();
        expect(await axeFindings(page, `accounts ${theme} ${width}`)).toEqual([]);
        if (shots) await page.screenshot({ path: join(shots, `accounts-${theme}-${width}.png`), fullPage: true });
        if (width === 1280) {
          await page.getByRole('button', { name: 'Lägg till konto' }).click();
          await page.getByRole('dialog').waitFor();
          expect(await axeFindings(page, `add dialog ${theme}`)).toEqual([]);
          if (shots) await page.screenshot({ path: join(shots, `accounts-add-${theme}-${width}.png`) });
        }
      }
    }
  });

  it('the staff member sees only their screens, is sent back from the owner’s, and changes their own password', async () => {
    const { page, errors } = await suite.fresh(1280);
    await signInAs(page, STAFF.email, STAFF.password);
    expect(await navLinks(page)).toEqual(['Översikt', 'Bokningar', 'Kök', 'Disken', 'E-post']);
    // No figures and no report on the dashboard; tiles only to their screens.
    await expect(page.getByRole('region', { name: 'Nyckeltal' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Ladda ner dagsrapport' }).count()).resolves.toBe(0);
    const tiles = await page.getByRole('navigation', { name: 'Adminsidor' }).getByRole('link').count();
    expect(tiles).toBe(4);
    if (shots) await page.screenshot({ path: join(shots, 'staff-dashboard-1280.png'), fullPage: true });
    for (const path of ['/admin/settings', '/admin/accounts', '/admin/customers', '/admin/reports']) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe('/admin');
    }
    await page.goto('/admin/kitchen');
    expect(new URL(page.url()).pathname).toBe('/admin/kitchen');
    if (shots) await page.screenshot({ path: join(shots, 'staff-kitchen-1280.png') });

    await page.getByRole('button', { name: 'Byt lösenord' }).click();
    const dialog = page.getByRole('dialog', { name: 'Byt ditt lösenord' });
    await dialog.getByLabel('Nuvarande lösenord').fill('fel-lösenord-här');
    await dialog.getByLabel('Nytt lösenord').fill('Kims-nya-lösen-5678');
    await dialog.getByRole('button', { name: 'Spara lösenord' }).click();
    await dialog.getByText('Nuvarande lösenord stämmer inte').waitFor();
    await dialog.getByLabel('Nuvarande lösenord').fill(STAFF.password);
    await dialog.getByRole('button', { name: 'Spara lösenord' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Ditt lösenord har bytts').waitFor();
    expect(errors).toEqual([]);
  });

  it('the owner removes the account: the staff member’s next page is the sign-in', async () => {
    const staffContext = await suite.browser.newContext({ baseURL: suite.server.base, serviceWorkers: 'block' });
    try {
      const staffPage = await staffContext.newPage();
      await signInAs(staffPage, STAFF.email, 'Kims-nya-lösen-5678');
      const { page } = await suite.signedIn(360, 'napoli');
      await page.goto('/admin/accounts');
      page.once('dialog', (confirm) => void confirm.accept());
      await page.getByRole('button', { name: `Ta bort ${STAFF.name}` }).click();
      await page.locator(`tr[data-account="${STAFF.email}"]`).waitFor({ state: 'detached' });
      await staffPage.goto('/admin/bookings');
      expect(new URL(staffPage.url()).pathname).toBe('/admin/login');
    } finally {
      await staffContext.close();
    }
  });
});
