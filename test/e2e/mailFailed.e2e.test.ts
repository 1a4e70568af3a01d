/// <reference lib="dom" />
// Mails parked for good (issue 44) in a real Chromium against the built server and a real SMTP
// relay on loopback that refuses one recipient: the dashboard shows a banner with the count and a
// link to the mail log's failed filter; opening it marks them seen, so /api/ready's mail_failed
// alert and the banner go; a mail parked later brings both back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { inDays, launchBrowser, newContext, openPage, signIn, startServer, type E2EServer } from './harness.js';
import { startSmtpServer } from '../mail/smtp.js';

const REFUSED = 'finns-inte@example.se';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let browser: Browser;
let context: BrowserContext | undefined;
let server: E2EServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpServer({ refuse: REFUSED });
  server = await startServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

async function book(time: string, email: string): Promise<void> {
  const reply = await server.api('POST', '/api/bookings', {
    date: inDays(3),
    time,
    name: 'Nils Nåsnohär',
    email,
    phone: null,
    comment: '',
    dine_in: false,
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
}

async function ready(): Promise<{ alerts: string[]; mail: { failed: number; failed_unseen: number } }> {
  return (await server.api('GET', '/api/ready')).body;
}

async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('failed mails on the dashboard until staff have looked at them', () => {
  it('shows the banner, clears it (and the alert) once the failed filter is opened, and brings it back', async () => {
    await book('17:00', REFUSED);
    await until(async () => (await ready()).mail.failed === 1, 'the refused mail parked');
    expect((await ready()).alerts).toContain('mail_failed');

    context = await newContext(browser, server, { width: 1280 });
    const { page, errors } = await openPage(context);
    await signIn(page);
    const banner = page.locator('.mail-failed-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('1 mejl kunde inte skickas');
    await banner.getByRole('link', { name: 'Visa dem i e-postloggen' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/mail' && url.searchParams.get('status') === 'failed');
    await page.locator('.mail-table tbody tr[data-status="failed"]').first().waitFor();
    await until(async () => (await ready()).mail.failed_unseen === 0, 'the failed mails marked seen');
    expect((await ready()).alerts).not.toContain('mail_failed');

    await page.goto('/admin');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await sleep(1500);
    expect(await page.locator('.mail-failed-banner').count()).toBe(0);

    // Another refused mail: the alert and the banner are back, counting only it.
    await sleep(50);
    await book('17:30', REFUSED);
    await until(async () => (await ready()).mail.failed_unseen === 1, 'the second refused mail parked');
    expect((await ready()).alerts).toContain('mail_failed');
    await page.reload();
    await page.locator('.mail-failed-banner').waitFor();
    expect(await page.locator('.mail-failed-banner').textContent()).toContain('1 mejl kunde inte skickas');
    expect(errors).toEqual([]);
  }, 180_000);
});
