/// <reference lib="dom" />
// Kunddata's erase half (rule: erasure) in a real Chromium against the built server: a customer
// looked up, the confirmation (what goes, what stays, "kan inte ångras") cancelled with nothing
// changed, a mistyped e-mail refused, the server's refusal shown, then the erasure done with the keyboard alone: the result
// message, the export read again and empty, the admin bookings list and details showing
// "[raderad]", another customer's booking untouched; axe with the dialog open at phone and desktop
// width in both themes. With CUSTOMERS_SHOTS=dir the open confirmation is photographed.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.CUSTOMERS_SHOTS;
const suite = browserSuite({ shots });

async function book(date: string, time: string, name: string, email: string, phone: string | null, comment: string) {
  const reply = await suite.server.api('POST', '/api/bookings', {
    date,
    time,
    name,
    email,
    phone,
    comment,
    dine_in: false,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.booking_id as string;
}

const exported = async (email: string) =>
  (
    await suite.server.api(
      'GET',
      `/api/admin/customers/export?${new URLSearchParams({ email })}`,
      undefined,
      suite.cookie,
    )
  ).body as { bookings: { booking: { id: string; name: string } }[] };

async function lookUp(page: Page, email: string) {
  await page.goto('/admin/customers');
  await page.getByLabel('Kundens e-postadress').fill(email);
  await page.getByRole('button', { name: 'Hämta kunddata' }).click();
  await page.getByRole('region', { name: `Sparat om ${email}` }).waitFor();
}

const seriousAxe = async (page: Page, label: string) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describe('/admin/customers: Radera kunduppgifter', () => {
  it('shows what goes and what stays; cancelling changes nothing, a mistyped e-mail erases nothing; confirmed, the bookings read "[raderad]"', async () => {
    const date = inDays(3);
    const first = await book(date, '17:00', 'Rut Radera', 'rut@example.se', '070-111 22 33', 'Ring på dörren');
    const second = await book(inDays(4), '18:00', 'Rut Radera', 'rut@example.se', null, '');
    const other = await book(date, '17:30', 'Olle Kvar', 'olle@example.se', '070-999 88 77', 'Extra ost');

    const { page, errors } = await suite.signedIn(1280, 'classic');
    await lookUp(page, 'rut@example.se');
    const section = page.getByRole('region', { name: 'Radera kunduppgifter' });
    const open = section.getByRole('button', { name: 'Radera kunduppgifter...' });

    // Cancelled: the dialog says what it would do, closes, focus returns, nothing is erased.
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Radera kunduppgifter för rut@example.se?' });
    await dialog.waitFor();
    const said = await dialog.textContent();
    expect(said).toContain('Raderingen kan inte ångras.');
    expect(said).toContain('namn, e-postadress, telefonnummer och kommentar, i alla bokningar (2 bokningar)');
    expect(said).toContain('webbläsarnotiser, personalens orsaker till avbokningar och mejlen till kunden');
    expect(said).toContain('De ersätts med [raderad].');
    expect(said).toContain('Raderingen är klar när bekräftelsen visas: kundens krypteringsnyckel är förstörd');
    expect(said).toContain('Det här finns kvar: bokningarna med tider, pizzor, belopp och status, och statistiken.');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
    // Escape closes it the same way.
    await open.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A different address typed: refused at the field, nothing erased.
    await open.click();
    await dialog.getByLabel('Skriv kundens e-postadress för att bekräfta').fill('olle@example.se');
    await dialog.getByRole('button', { name: 'Radera för alltid' }).click();
    await dialog.getByText('Skriv samma e-postadress som du sökte på').waitFor();
    // A refusal from the server: its Swedish text in the dialog, which stays open.
    await page.route('**/api/admin/customers/erase', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Ogiltig e-postadress' }),
      }),
    );
    await dialog.getByLabel('Skriv kundens e-postadress för att bekräfta').fill('rut@example.se');
    await dialog.getByRole('button', { name: 'Radera för alltid' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Ogiltig e-postadress' }).waitFor();
    await page.unroute('**/api/admin/customers/erase');
    await dialog.getByRole('button', { name: 'Avbryt' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await exported('rut@example.se')).bookings.map((b) => b.booking.name)).toEqual([
      'Rut Radera',
      'Rut Radera',
    ]);
    expect(await page.getByRole('region', { name: 'Sparat om rut@example.se' }).getByRole('listitem').count()).toBe(2);

    // Confirmed with the keyboard alone: the e-mail typed again in any case, Enter.
    await open.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('customer-erase-confirm');
    await page.keyboard.type(' RUT@example.se');
    await page.keyboard.press('Enter');
    const done = section.getByRole('status');
    await done.getByText('Kunduppgifterna är raderade: 2 bokningar.').waitFor();
    expect(await done.textContent()).toMatch(/Raderingen gjordes \d{1,2} \w+ \d{4} kl \d\d:\d\d\./);
    expect(await done.evaluate((p) => p === document.activeElement)).toBe(true);
    await dialog.waitFor({ state: 'detached' });
    // The export read again: nothing held any more, and nothing left to erase.
    await page
      .getByRole('region', { name: 'Sparat om rut@example.se' })
      .getByText('Inget finns sparat om den här e-postadressen.')
      .waitFor();
    expect(await section.getByRole('button').count()).toBe(0);
    expect((await exported('rut@example.se')).bookings).toEqual([]);
    if (shots) await page.screenshot({ path: join(shots, 'kunddata-erased-classic-1280.png'), fullPage: true });

    // The bookings remain, with "[raderad]" for the person; the other customer's is untouched.
    await page.goto(`/admin/bookings?date=${date}`);
    const table = page.locator('.bookings-table');
    const row = table.locator(`tr[data-booking="${first}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('[raderad]');
    expect(await row.textContent()).not.toContain('Rut');
    expect(await table.locator(`tr[data-booking="${other}"]`).textContent()).toContain('Olle Kvar');
    await row.getByRole('button', { name: `Visa ${first}` }).click();
    const details = page.getByRole('dialog', { name: `Bokning ${first}` });
    await details.waitFor();
    await expect
      .poll(async () => (await details.locator('dd').allTextContents()).filter((t) => t === '[raderad]').length)
      .toBe(4);
    expect(await details.textContent()).not.toMatch(/Rut|rut@example|070-111|Ring på dörren/);
    const booking = (await suite.server.api('GET', `/api/admin/bookings/${second}`, undefined, suite.cookie)).body;
    expect(booking).toMatchObject({ name: '[raderad]', email: '[raderad]', total_pizzas: 1, booking_time: '18:00' });
    expect((await exported('olle@example.se')).bookings.map((b) => b.booking.name)).toEqual(['Olle Kvar']);
    expect(errors).toEqual([]);
  }, 180_000);

  it('is axe-clean with the confirmation open, at 360 and 1280 px in both themes', async () => {
    await book(
      inDays(5),
      '17:00',
      'Maja Mångmejl-Långnamnsdotter',
      'maja.mangmejl-langnamnsdotter@example.se',
      '070-222 33 44',
      '',
    );
    const found: string[] = [];
    for (const theme of ['classic', 'napoli'] as const) {
      for (const width of [360, 1280]) {
        const { page, errors } = await suite.signedIn(width, theme);
        await lookUp(page, 'maja.mangmejl-langnamnsdotter@example.se');
        found.push(...(await seriousAxe(page, `${theme} ${width} screen`)));
        await page.getByRole('button', { name: 'Radera kunduppgifter...' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Raderingen kan inte ångras.').waitFor();
        // The refusal shown too, so its colours are checked and photographed.
        await dialog.getByRole('button', { name: 'Radera för alltid' }).click();
        await dialog.getByText('Skriv samma e-postadress som du sökte på').waitFor();
        found.push(...(await seriousAxe(page, `${theme} ${width} dialog`)));
        if (shots)
          await page.screenshot({ path: join(shots, `kunddata-confirm-${theme}-${width}.png`), fullPage: false });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(errors).toEqual([]);
      }
    }
    expect(found).toEqual([]);
    expect((await exported('maja.mangmejl-langnamnsdotter@example.se')).bookings).toHaveLength(1);
  }, 180_000);
});
