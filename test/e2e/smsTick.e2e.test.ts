/// <reference lib="dom" />
// "SMS när pizzan är klar" on the booking form (rule: sms-notices) in a real Chromium: offered only
// when SMS is configured, sent with the booking when ticked, refused without a mobile number; axe
// clean at 360 px in both themes. SMS_TICK_SHOTS=<dir> keeps screenshots.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { chooseDateAndCount, inDays, startServer, type E2EServer } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.SMS_TICK_SHOTS;
// The suite's server has SMS: no SMS goes out here (no order reaches Klar), the relay's address
// only has to be well-formed. A second server beside it has none.
const suite = browserSuite({
  shots,
  env: { SMS_46ELKS_USERNAME: 'u-test', SMS_46ELKS_PASSWORD: 'p-test', SMS_46ELKS_URL: 'https://127.0.0.1:9/a1' },
});
let withoutSms: E2EServer;
beforeAll(async () => {
  withoutSms = await startServer();
});
afterAll(async () => {
  await withoutSms?.close();
});

const TICK = 'SMS när pizzan är klar (kräver mobilnummer)';

async function bookingPage(target: E2EServer, width: number, theme?: string) {
  const opened = await suite.fresh(width, theme, { baseURL: target.base });
  await opened.page.goto('/');
  await chooseDateAndCount(opened.page, inDays(3), 1);
  await expect.poll(() => opened.page.locator('.slot--selected').count()).toBe(1);
  await opened.page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
  await opened.page.getByLabel('Namn').fill('Sara Sms');
  await opened.page.getByLabel('E-post').fill('sara.sms@example.se');
  return opened;
}

describe('the SMS tick on the booking form', () => {
  it('is not offered when SMS is not configured', async () => {
    const { page } = await bookingPage(withoutSms, 1280);
    await page.getByLabel('Äta på plats (annars avhämtning)').waitFor();
    expect(await page.getByLabel(TICK).count()).toBe(0);
  });

  it('is refused without a mobile number, then sent with the booking', async () => {
    const { page, errors } = await bookingPage(suite.server, 360);
    await page.getByLabel('Telefon (valfritt)').fill('08-123 456');
    await page.getByLabel(TICK).check();
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/bookings')) sent.push(request.postDataJSON());
    });
    await page.getByRole('button', { name: /Slutför Beställning/ }).click();
    await page.getByText('Ange ett mobilnummer för att få SMS när pizzan är klar').first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByLabel('Telefon (valfritt)').fill('070-123 45 67');
    await page.getByRole('button', { name: /Slutför Beställning/ }).click();
    await page.getByRole('dialog').waitFor();
    expect(sent.at(-1)).toMatchObject({ phone: '070-123 45 67', sms_when_ready: true });
    expect(errors).toEqual([]);
  });

  it('is axe clean at 360 px in both themes', async () => {
    for (const theme of ['classic', 'dark']) {
      const { page } = await bookingPage(suite.server, 360, theme);
      await page.getByLabel(TICK).check();
      if (shots) await page.screenshot({ path: join(shots, `sms-tick-${theme}-360.png`), fullPage: true });
      const result = await new AxeBuilder({ page }).include('#customer-title').analyze();
      expect(result.violations.map((v) => v.id)).toEqual([]);
    }
  });
});
