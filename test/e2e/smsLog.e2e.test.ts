/// <reference lib="dom" />
// SMS notices in the mail log and the month's count on the statistics screen (issue 29, rule:
// sms-delivery-reports), in a real Chromium against the built server, with the test's own HTTPS
// 46elks (test/mail/elksEndpoint.ts; the server trusts its certificate through
// NODE_EXTRA_CA_CERTS) that posts the delivery reports back to the `whendelivered` URL. An order
// with "SMS när pizzan är klar" marked Klar: the SMS row on /admin/mail says Skickat and Levererat
// with the time, the statistics card counts it; axe clean at 360 and 1280 px in both themes.
// SMS_SHOTS=<dir> keeps screenshots.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { animationsDone, inDays, until } from './harness.js';
import { browserSuite } from './browserSuite.js';
import { PUSH_CERT_FILE } from '../push/pushService.js';
import { startElksEndpoint, type ElksEndpoint } from '../mail/elksEndpoint.js';

const shots = process.env.SMS_SHOTS;
const USERNAME = 'u-e2e';
const PASSWORD = 'p-e2e';

let elks: ElksEndpoint;
let booking: string;

// The 46elks endpoint first: the server is started with its address.
beforeAll(async () => {
  elks = await startElksEndpoint({
    username: USERNAME,
    password: PASSWORD,
    // The kiosk's public URL (http://localhost:port) is where this server listens, on 127.0.0.1.
    reach: (url) => url.replace('http://localhost:', 'http://127.0.0.1:'),
    deliveredAt: new Date().toISOString().replace('Z', ''),
  });
});
afterAll(async () => {
  await elks?.close();
});
const suite = browserSuite({
  shots,
  env: () => ({
    NODE_EXTRA_CA_CERTS: PUSH_CERT_FILE,
    SMS_46ELKS_URL: elks.url,
    SMS_46ELKS_USERNAME: USERNAME,
    SMS_46ELKS_PASSWORD: PASSWORD,
  }),
});

beforeAll(async () => {
  const placed = await suite.server.api('POST', '/api/bookings', {
    date: inDays(3),
    time: '17:00',
    name: 'Sara Sms',
    email: 'sara.sms@example.se',
    phone: '070-765 43 21',
    sms_when_ready: true,
    comment: '',
    dine_in: false,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  booking = placed.body.booking_id as string;
  for (const [path, body] of [
    [`/api/admin/bookings/${booking}/confirm`, {}],
    [`/api/admin/bookings/${booking}/kitchen`, { step: 'baking' }],
    [`/api/admin/bookings/${booking}/kitchen`, { step: 'ready' }],
  ] as const)
    expect((await suite.server.api('PUT', path, body, suite.cookie)).status).toBe(200);
  await until(() => elks.reportAnswers.length === 2, 'the delivery reports');
});

const signedIn = (width: number, theme: string) => suite.signedIn(width, theme);

const seriousAxe = async (page: Page, label: string) => {
  await animationsDone(page);
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe('SMS in the mail log and the statistics', () => {
  it('texted the order once, with whendelivered, and took both reports', () => {
    expect(elks.received).toHaveLength(1);
    expect(elks.received[0].fields).toMatchObject({ to: '+46707654321', from: 'Pizzakiosk' });
    expect(elks.reportAnswers).toEqual([204, 204]);
  });

  it('shows the SMS beside the mails with its status and delivery time, and counts it on the statistics screen', async () => {
    const found: string[] = [];
    for (const theme of ['classic', 'napoli'] as const) {
      for (const width of [360, 1280]) {
        const { page, errors } = await signedIn(width, theme);
        await page.goto('/admin/mail');
        const section = page.getByRole('region', { name: 'SMS' });
        const row = section.locator(`tr[data-sms]`);
        await row.waitFor();
        expect(await row.count()).toBe(1);
        const text = (await row.textContent()) ?? '';
        expect(text).toContain('Beställningen är klar');
        expect(text).toContain(booking);
        expect(text).toContain('Skickat');
        expect(text).toContain('Levererat');
        expect(await row.locator('.mail-table__sent').textContent()).toMatch(/^\d{1,2} \w+ \d{4} kl \d\d:\d\d$/);
        // The ready notice went by SMS: no 'klar' mail in the log above it.
        expect(
          await page
            .locator('.mail-table:not(.sms-table) tbody tr')
            .filter({ hasText: 'Beställningen är klar' })
            .count(),
        ).toBe(0);
        await page.getByRole('button', { name: 'Rensa filter' }).waitFor();
        found.push(...(await seriousAxe(page, `mail ${theme} ${width}`)));
        if (shots) await page.screenshot({ path: join(shots, `sms-mail-log-${theme}-${width}.png`), fullPage: true });

        await page.goto('/admin/stats');
        const card = page.locator('.stats-sms');
        await card.waitFor();
        expect(await card.locator('.stat-card__label').textContent()).toMatch(/^SMS i \p{L}+$/u);
        expect(await card.locator('.stat-card__value').textContent()).toBe('1');
        expect(await card.textContent()).toContain('1 levererade, 0 kom inte fram');
        found.push(...(await seriousAxe(page, `stats ${theme} ${width}`)));
        if (shots) await page.screenshot({ path: join(shots, `sms-stats-${theme}-${width}.png`), fullPage: true });
        expect(errors).toEqual([]);
      }
    }
    expect(found).toEqual([]);
  });
});
