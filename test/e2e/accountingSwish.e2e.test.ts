/// <reference lib="dom" />
// The accountant's page with a web order paid with Swish (issue 49, rules sales-recording and
// vat-on-prepayment), in Chromium against the built server with Swish set up through SWISH_* (a
// Swish of the test's own on loopback, the watch polling it): a booking for tomorrow paid online
// today and one paid at pick-up tomorrow. "Bokföringsunderlag" for today and tomorrow shows paid
// online and paid at pick-up apart, each on its own day; the settings form has the settlement
// account ("Swish-konto (debet)", 1930), refused in Swedish at its field when it is not
// four digits. Axe finds nothing at 360 and 1280 px in both themes. BOOKS_SHOTS=<folder> saves
// screenshots.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './browserSuite.js';
import { swishKiosk } from './swishKiosk.js';
import { axeFindings } from './axe.js';
import { animationsDone, inDays, until } from './harness.js';
import { formatKrOre } from '../../ui/lib/format.js';

const TODAY = inDays(0);
const TOMORROW = inDays(1);
const shots = process.env.BOOKS_SHOTS;

const kiosk = swishKiosk('books-swish-e2e', { callBack: false, pollMs: 200 });
const suite = browserSuite({ env: kiosk.env, shots });

let paidTotal = 0;
let pickupTotal = 0;

async function book(date: string, time: string, name: string, email: string, qty: number) {
  const reply = await suite.server.api('POST', '/api/bookings', {
    date,
    time,
    name,
    email,
    phone: null,
    dine_in: false,
    items: [{ pizza_id: 1, qty }],
    requested_pizzas: qty,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { id: reply.body.booking_id as string, total: reply.body.booking.final_total_cents as number };
}
const prepay = async (choice: string) =>
  expect((await suite.server.api('PUT', '/api/admin/swish/prepay', { choice }, suite.cookie)).status).toBe(200);

/** Shows Bokföringsunderlag for today and tomorrow, and waits for the payment channels' table. */
async function showBooks(page: Page) {
  await page.goto('/admin/reports');
  const books = page.getByRole('form', { name: 'Bokföringsunderlag' });
  await books.getByLabel('Startdatum').fill(TODAY);
  await books.getByLabel('Slutdatum').fill(TOMORROW);
  await books.getByRole('button', { name: 'Visa underlag' }).click();
  const channels = books.getByRole('table', { name: 'Försäljning per dag och betalsätt' });
  await channels.waitFor();
  return { books, channels };
}

describe('the accountant’s page with a sale paid online', () => {
  it('before the others: a booking for tomorrow paid with Swish today, and one paid at pick-up tomorrow', async () => {
    await prepay('required_all_web');
    const paid = await book(TOMORROW, '12:00', 'Greta Betald', 'betald@example.se', 2);
    await until(
      async () =>
        (await suite.server.api('GET', `/api/admin/bookings/${paid.id}`, undefined, suite.cookie)).body?.payment
          ?.status === 'paid',
      'the payment paid',
      15_000,
    );
    await prepay('never');
    const pickup = await book(TOMORROW, '12:30', 'Sven Hämtar', 'hamtar@example.se', 1);
    for (const id of [paid.id, pickup.id])
      expect((await suite.server.api('PUT', `/api/admin/bookings/${id}/confirm`, {}, suite.cookie)).status).toBe(200);
    paidTotal = paid.total;
    pickupTotal = pickup.total;
  });

  it('shows paid online (today, when it was paid) and paid at pick-up (tomorrow) apart, with the totals', async () => {
    const { page, errors } = await suite.signedIn(1280);
    const { channels } = await showBooks(page);
    const rows = async () =>
      Promise.all(
        (await channels.getByRole('row').all())
          .slice(1)
          .map(async (r) => [
            ...(await r.getByRole('rowheader').allTextContents()),
            ...(await r.getByRole('cell').allTextContents()),
          ]),
      );
    const [today, tomorrow, total] = await rows();
    expect(today.slice(1)).toEqual(['1', formatKrOre(paidTotal), formatKrOre(0)]);
    expect(tomorrow.slice(1)).toEqual(['0', formatKrOre(0), formatKrOre(pickupTotal)]);
    expect(total).toEqual(['Summa', '1', formatKrOre(paidTotal), formatKrOre(pickupTotal)]);
    expect(errors).toEqual([]);
  });

  it('the settings form has the settlement account, refused at its field when it is not four digits', async () => {
    const { page, errors } = await suite.signedIn(1280);
    await page.goto('/admin/reports');
    const settings = page.getByRole('form', { name: 'Momssatser och konton' });
    const field = settings.getByLabel('Swish-konto (debet)');
    expect(await field.inputValue()).toBe('1930');
    await field.fill('19');
    await settings.getByRole('button', { name: 'Spara momssatser och konton' }).click();
    await settings.getByText('Ett konto anges med fyra siffror (BAS-kontoplanen)').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('1940');
    await settings.getByRole('button', { name: 'Spara momssatser och konton' }).click();
    await until(
      async () =>
        (await suite.server.api('GET', '/api/admin/accounting/settings', undefined, suite.cookie)).body
          ?.swish_account === '1940',
      'the account saved',
      5000,
    );
    expect(errors).toEqual([]);
  });

  it('at 360 and 1280 px in both themes: axe finds nothing on the books and the settings', async () => {
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page, errors } = await suite.signedIn(width, theme);
        const { channels } = await showBooks(page);
        await animationsDone(page);
        expect(await axeFindings(page, `books ${theme} ${width}`)).toEqual([]);
        if (shots) {
          await channels.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(shots, `books-channels-${theme}-${width}.png`) });
          await page.getByLabel('Swish-konto (debet)').scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(shots, `books-settings-${theme}-${width}.png`) });
        }
        expect(errors).toEqual([]);
      }
    }
  });
});
