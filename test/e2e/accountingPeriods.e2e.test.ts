/// <reference lib="dom" />
// Closed accounting periods in a real Chromium against the built server (rule: closed-periods): the
// reports screen lists the books' months, last month with "Stäng period", this month with why it
// cannot close yet; the button asks first (a dialog that Avbryt leaves without a change), then
// closes the month, which then shows as closed by the admin. Axe on the list and the dialog in
// both themes at phone and desktop width. With PERIODS_SHOTS=dir the screens are photographed.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MONTHS } from '../../ui/lib/format.js';
import { ADMIN, inDays, signIn } from './harness.js';
import { browserSuite } from './browserSuite.js';
import { axeFindings } from './axe.js';

const shots = process.env.PERIODS_SHOTS;
const suite = browserSuite({ shots });

/** This month and the one before it, yyyy-MM, in the kiosk's zone; and the latter in words. */
const thisMonth = inDays(0).slice(0, 7);
const [year, month] = thisMonth.split('-').map(Number);
const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
const lastMonthName = `${MONTHS[Number(lastMonth.slice(5)) - 1]} ${lastMonth.slice(0, 4)}`;

beforeAll(async () => {
  // A booking ahead: this month (or the next) has sales; last month has none and may close.
  const booked = await suite.server.api('POST', '/api/bookings', {
    date: inDays(2),
    time: '12:00',
    name: 'Anna Ek',
    email: 'anna@example.se',
    phone: null,
    dine_in: false,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
});

/** The periods card as it is painted, and the viewport around it. */
const shoot = async (page: Page, name: string) => {
  if (!shots) return;
  await periodsCard(page).screenshot({ path: join(shots, `${name}-card.png`) });
  await page.screenshot({ path: join(shots, `${name}.png`) });
};
const periodsCard = (page: Page) => page.getByRole('region', { name: 'Bokföringsperioder' });
const closeButton = (page: Page) => page.getByRole('button', { name: `Stäng period ${lastMonthName}` });

describe('accessibility of Bokföringsperioder', () => {
  for (const theme of ['classic', 'napoli']) {
    for (const width of [360, 1280]) {
      it(`has no axe violations on the periods and the confirmation (${theme}, ${width} px)`, async () => {
        const { page, errors } = await suite.fresh(width, theme);
        await signIn(page);
        const check = async (where: string, include?: string) => {
          expect(await axeFindings(page, `${theme} ${width} ${where}`, include)).toEqual([]);
        };
        await page.goto('/admin/reports');
        await periodsCard(page).waitFor();
        await closeButton(page).waitFor();
        await check('periods');
        await periodsCard(page).scrollIntoViewIfNeeded();
        await shoot(page, `${theme}-${width}-periods`);

        await closeButton(page).click();
        const dialog = page.getByRole('dialog', { name: `Stäng ${lastMonthName}?` });
        await dialog.waitFor();
        await check('confirm', 'dialog');
        if (shots) await page.screenshot({ path: join(shots, `${theme}-${width}-confirm.png`) });
        // Avbryt leaves the month open.
        await dialog.getByRole('button', { name: 'Avbryt' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(errors).toEqual([]);
      });
    }
  }
});

describe('closing a period from the reports screen', () => {
  it('asks first, then closes last month: shown as closed by the admin, and so in the API', async () => {
    const { page, errors } = await suite.fresh(1280);
    await signIn(page);
    await page.goto('/admin/reports');
    const card = periodsCard(page);
    await card.waitFor();
    // This month cannot close yet, and says why.
    await card.getByText(`Perioden ${thisMonth} har inte tagit slut än`).waitFor();
    const before = await suite.server.api('GET', '/api/admin/accounting/periods', undefined, suite.cookie);
    expect(before.body.periods.find((p: { period: string }) => p.period === lastMonth)).toMatchObject({
      status: 'open',
      close_refusal: null,
    });

    await closeButton(page).click();
    const dialog = page.getByRole('dialog', { name: `Stäng ${lastMonthName}?` });
    await dialog.getByText('låses som de är nu och kan aldrig ändras').waitFor();
    await dialog.getByRole('button', { name: 'Stäng period' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Perioden ${lastMonthName} är stängd` })
      .first()
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = card.getByRole('listitem').filter({ hasText: lastMonthName });
    await row.getByText('Stängd', { exact: true }).waitFor();
    await row.getByText(`Stängd av ${ADMIN.email}`).waitFor();
    await expect(closeButton(page).count()).resolves.toBe(0);

    const after = await suite.server.api('GET', '/api/admin/accounting/periods', undefined, suite.cookie);
    expect(after.body.periods.find((p: { period: string }) => p.period === lastMonth)).toMatchObject({
      status: 'closed',
      closed_by: ADMIN.email,
    });
    await shoot(page, 'classic-1280-closed');
    expect(errors).toEqual([]);
  });
});
