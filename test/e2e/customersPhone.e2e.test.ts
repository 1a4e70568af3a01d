/// <reference lib="dom" />
// Kunddata for a customer known only by phone (a phone order without e-mail, rule: staff-orders)
// in a real Chromium against the built server: looked up by the number as staff write it, the
// erasure confirmed by typing the number again (written another way: its digits count), the
// result shown and the booking reading "[raderad]"; axe at phone and desktop width in both themes
// with the confirmation open. With CUSTOMERS_SHOTS=dir the screen and dialog are photographed.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.CUSTOMERS_SHOTS;
const suite = browserSuite({ shots });

async function phoneOrder(time: string, name: string, phone: string) {
  const reply = await suite.server.api(
    'POST',
    '/api/admin/staff-orders',
    { source: 'phone', date: inDays(3), time, name, phone, items: [{ pizza_id: 1, qty: 1 }] },
    suite.cookie,
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.booking.id as string;
}

async function lookUp(page: Page, phone: string) {
  await page.goto('/admin/customers');
  await page.getByLabel('Kundens e-postadress eller telefonnummer').fill(phone);
  await page.getByRole('button', { name: 'Hämta kunddata' }).click();
  await page.getByRole('region', { name: `Sparat om ${phone}` }).waitFor();
}

const seriousAxe = async (page: Page, label: string) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describe('/admin/customers by phone number', () => {
  it('finds a phone customer by number and erases them after the number is typed again', async () => {
    const id = await phoneOrder('17:00', 'Tyra Telefon', '070-313 13 13');
    const { page, errors } = await suite.signedIn(1280, 'classic');
    await lookUp(page, '070-313 13 13');
    const result = page.getByRole('region', { name: 'Sparat om 070-313 13 13' });
    expect(await result.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Tyra Telefon')]);

    await page.getByRole('button', { name: 'Radera kunduppgifter...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Radera kunduppgifter för 070-313 13 13?' });
    await dialog.getByText('Raderingen är klar när bekräftelsen visas').waitFor();
    // Another number is refused and erases nothing.
    await dialog.getByLabel('Skriv kundens telefonnummer för att bekräfta').fill('070-999 99 99');
    await dialog.getByRole('button', { name: 'Radera för alltid' }).click();
    await dialog.getByText('Skriv samma telefonnummer som du sökte på').waitFor();
    // The same digits written another way are the same number.
    await dialog.getByLabel('Skriv kundens telefonnummer för att bekräfta').fill('0703131313');
    await dialog.getByRole('button', { name: 'Radera för alltid' }).click();
    await page
      .getByRole('region', { name: 'Radera kunduppgifter' })
      .getByRole('status')
      .getByText('Kunduppgifterna är raderade: 1 bokning')
      .waitFor();
    const booking = await suite.server.api('GET', `/api/admin/bookings/${id}`, undefined, suite.cookie);
    expect(booking.body).toMatchObject({ name: '[raderad]', phone: '[raderad]' });
    if (shots) await page.screenshot({ path: join(shots, 'kunddata-phone-erased-classic-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
  }, 180_000);

  it('is axe-clean with the confirmation open, at 360 and 1280 px in both themes', async () => {
    await phoneOrder('18:00', 'Ture Telefonsson-Långnamn', '+46 70-424 24 24');
    const found: string[] = [];
    for (const theme of ['classic', 'napoli'] as const) {
      for (const width of [360, 1280]) {
        const { page, errors } = await suite.signedIn(width, theme);
        await lookUp(page, '+46 70-424 24 24');
        found.push(...(await seriousAxe(page, `${theme} ${width} screen`)));
        if (shots) await page.screenshot({ path: join(shots, `kunddata-phone-${theme}-${width}.png`), fullPage: true });
        await page.getByRole('button', { name: 'Radera kunduppgifter...' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Raderingen kan inte ångras.').waitFor();
        found.push(...(await seriousAxe(page, `${theme} ${width} dialog`)));
        if (shots)
          await page.screenshot({ path: join(shots, `kunddata-phone-confirm-${theme}-${width}.png`), fullPage: false });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        expect(errors).toEqual([]);
      }
    }
    expect(found).toEqual([]);
  }, 240_000);
});
