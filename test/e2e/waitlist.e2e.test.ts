/// <reference lib="dom" />
// The waitlist in a real Chromium against the built server (rule: waitlist): a customer joins the
// queue of a full time from the booking page, staff cancel a booking, the offer mail's personal
// link opens the offer page, and the customer books from it to the normal confirmation; the
// staff's queue on the bookings screen; axe on the new screens at 360 and 1280 px in both themes.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { chooseDateAndCount, inDays } from './harness.js';
import { browserSuite } from './browserSuite.js';

const suite = browserSuite({ env: { WAITLIST_OFFER_INTERVAL_MS: '500' } });

/** Screenshots for a person to look at, when WAITLIST_SHOTS names a directory. */
const SHOTS = process.env.WAITLIST_SHOTS;
async function shot(page: Page, name: string, scrollTo?: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  if (scrollTo) await page.locator(scrollTo).first().scrollIntoViewIfNeeded();
  // A phone's whole page is too tall to look at: its screen, at what the test shows.
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: (page.viewportSize()?.width ?? 0) > 400 });
}

async function fresh(width: number, theme = 'classic', signedIn = false) {
  const opened = await suite.fresh(width, theme);
  if (signedIn) {
    const [name, value] = suite.cookie.split('=') as [string, string];
    await opened.context.addCookies([{ name, value, url: suite.server.base }]);
  }
  opened.page.on('dialog', (dialog) => void dialog.accept());
  return opened;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A mail's quoted-printable text as UTF-8 (soft line breaks joined, =XX bytes decoded). */
function quotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The personal link in the newest waitlist mail to this address (the outbox of the server). */
async function waitlistLink(email: string, subjectWord: 'plats' | 'kö'): Promise<string> {
  const outbox = join(suite.server.dataDir, 'outbox');
  for (let i = 0; i < 200; i++) {
    const files = (() => {
      try {
        // A mail still being written is a .tmp beside it, renamed into place once whole.
        return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      const mail = quotedPrintable(readFileSync(join(outbox, file), 'latin1'));
      if (!mail.includes(`To: ${email}`)) continue;
      const isOffer = mail.includes('Välj pizzor och boka här');
      if ((subjectWord === 'plats') !== isOffer) continue;
      const match = /\/waitlist\/([A-Za-z0-9_-]+)/.exec(mail);
      if (match) return `/waitlist/${match[1]}`;
    }
    await sleep(100);
  }
  throw new Error(`no waitlist mail (${subjectWord}) to ${email}`);
}

const fill = async (date: string, time: string, email: string) => {
  const reply = await suite.server.api('POST', '/api/bookings', {
    date,
    time,
    name: 'Full Fredrik',
    email,
    dine_in: false,
    items: [{ pizza_id: 1, qty: 6 }],
    requested_pizzas: 6,
  });
  expect(reply.status).toBe(201);
  return reply.body.booking_id as string;
};

const serious = (result: Awaited<ReturnType<AxeBuilder['analyze']>>, where: string) =>
  result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describe('the waitlist', () => {
  const date = inDays(3);

  it('joins the queue of a full time from the booking page, is offered the place when staff cancel, and books it from the link', async () => {
    const fullBooking = await fill(date, '12:00', 'full@example.se');
    const { page, errors } = await fresh(360);
    await page.goto('/');
    await chooseDateAndCount(page, date, 2);
    await page.getByRole('button', { name: 'Ställ dig i kö' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ställ dig i kö för 12:00' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Tid').inputValue()).toBe('12:00');
    expect(await dialog.getByLabel('Antal pizzor').inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Ställ dig i kö' }).click();
    expect(await dialog.getByText('Namn måste vara minst 2 tecken').count()).toBe(1);
    await dialog.getByLabel('Namn').fill('Kajsa Kö');
    await dialog.getByLabel('E-post').fill('kajsa@example.se');
    await dialog.getByRole('button', { name: 'Ställ dig i kö' }).click();
    await dialog.getByText('Du står i kö för 12:00').waitFor();
    // The booking form around the prompt was not submitted with it.
    expect(await page.locator('.toast', { hasText: 'Välj minst en pizza' }).count()).toBe(0);
    await shot(page, 'join-done-360-classic');
    await dialog.getByRole('button', { name: 'Stäng' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Before the place is free, the link says the customer is still waiting.
    const receiptLink = await waitlistLink('kajsa@example.se', 'kö');
    await page.goto(receiptLink);
    await page.getByText('Du står fortfarande i kö').waitFor();

    expect(
      (
        await suite.server.api(
          'PUT',
          `/api/admin/bookings/${fullBooking}/cancel`,
          { reason: 'Kunden ringde' },
          suite.cookie,
        )
      ).status,
    ).toBe(200);
    const link = await waitlistLink('kajsa@example.se', 'plats');
    expect(link).toBe(receiptLink);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Det finns plats för dig!' }).waitFor();
    expect(await page.locator('.offer__hold').textContent()).toMatch(/Platsen hålls åt dig till \d\d:\d\d/);
    await shot(page, 'offer-360-classic');
    expect(await page.getByLabel('Namn').inputValue()).toBe('Kajsa Kö');
    await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
    await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
    expect(await page.getByRole('button', { name: 'Lägg till en Vesuvio' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^Boka \(\d+ kr\)$/ }).click();
    const confirmation = page.getByRole('dialog');
    await confirmation.getByText('Väntar på Bekräftelse').waitFor();
    const bookings = (await suite.server.api('GET', `/api/admin/bookings?date=${date}`, undefined, suite.cookie))
      .body as any[];
    const mine = bookings.find((b) => b.email === 'kajsa@example.se');
    expect(mine).toMatchObject({ status: 'pending', booking_time: '12:00', total_pizzas: 2 });
    expect(await confirmation.textContent()).toContain(mine.id);
    await page.goto(link);
    await page.getByText('Du har redan bokat från kön').waitFor();
    expect(errors).toEqual([]);
  }, 180_000);

  it("shows staff each slot's queue on the bookings screen", async () => {
    await fill(date, '15:00', 'full15@example.se');
    const { page, errors } = await fresh(1280, 'classic', true);
    await page.goto('/admin/bookings');
    const queue = page.getByRole('region', { name: 'Kö' });
    await queue.getByText('Kajsa Kö').waitFor();
    expect(await queue.textContent()).toContain('Har bokat');
    // A customer joining meanwhile shows up without a reload (the live stream's event: waitlist).
    await page.locator('[data-live="on"]').waitFor();
    const joined = await suite.server.api('POST', '/api/waitlist', {
      date,
      time: '15:00',
      name: 'Lisa Live',
      email: 'lisa@example.se',
      requested_pizzas: 2,
    });
    expect(joined.status).toBe(201);
    await queue.getByText('Lisa Live').waitFor();
    await shot(page, 'queue-1280-classic');
    // The hold's length is a setting, explained in Swedish.
    await page.goto('/admin/settings');
    const hold = page.getByLabel('Kötid för ett erbjudande (minuter)');
    expect(await hold.inputValue()).toBe('30');
    expect(await page.getByText('minuter hålls platsen åt hen', { exact: false }).count()).toBe(1);
    await shot(page, 'settings-1280-classic', '#setting-waitlist_hold_minutes');
    expect(errors).toEqual([]);
  }, 60_000);

  it('has no serious or critical axe violations on the new screens at 360 and 1280 px, in both themes', async () => {
    // Four live offers at 13:00: one per screen size and theme.
    const full = await fill(date, '13:00', 'full13@example.se');
    const combos = [
      ['classic', 360],
      ['napoli', 360],
      ['classic', 1280],
      ['napoli', 1280],
    ] as const;
    for (const [i] of combos.entries()) {
      const joined = await suite.server.api('POST', '/api/waitlist', {
        date,
        time: '13:00',
        name: `Axel ${i}`,
        email: `axe${i}@example.se`,
        requested_pizzas: 1,
      });
      expect(joined.status).toBe(201);
    }
    await suite.server.api('PUT', `/api/admin/bookings/${full}/cancel`, { reason: 'Test' }, suite.cookie);
    await fill(date, '14:00', 'full14@example.se');

    const found: string[] = [];
    for (const [i, [theme, width]] of combos.entries()) {
      const where = `${theme} ${width}`;
      // The booking page with the queue's dialog open.
      const { page, errors } = await fresh(width, theme);
      await page.goto('/');
      await chooseDateAndCount(page, date, 1);
      await page.getByRole('button', { name: 'Kväll' }).click();
      await shot(page, `prompt-${width}-${theme}`, '.waitlist-prompt');
      await page.getByRole('button', { name: 'Ställ dig i kö' }).click();
      await page.getByRole('dialog', { name: /Ställ dig i kö för/ }).waitFor();
      await shot(page, `join-${width}-${theme}`);
      found.push(...serious(await new AxeBuilder({ page }).analyze(), `${where} booking page with the queue dialog`));
      // The offer page.
      await page.goto(await waitlistLink(`axe${i}@example.se`, 'plats'));
      await page.getByRole('heading', { name: 'Det finns plats för dig!' }).waitFor();
      await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
      await shot(page, `offer-${width}-${theme}`);
      await shot(page, `offer-${width}-${theme}-checkout`, '.checkout');
      found.push(...serious(await new AxeBuilder({ page }).analyze(), `${where} offer page`));
      // A link that offers nothing.
      await page.goto('/waitlist/okand-lank');
      await page.getByRole('heading', { name: 'Ingen plats att boka just nu' }).waitFor();
      found.push(...serious(await new AxeBuilder({ page }).analyze(), `${where} unknown link`));
      expect(errors).toEqual([]);
      // The staff's queue.
      const staff = await fresh(width, theme, true);
      await staff.page.goto('/admin/bookings');
      await staff.page.getByRole('region', { name: 'Kö' }).getByText('Axel 0').waitFor();
      await shot(staff.page, `queue-${width}-${theme}`, '.waitlist-queue');
      found.push(...serious(await new AxeBuilder({ page: staff.page }).analyze(), `${where} bookings screen with Kö`));
      expect(staff.errors).toEqual([]);
    }
    expect(found).toEqual([]);
  }, 400_000);
});
