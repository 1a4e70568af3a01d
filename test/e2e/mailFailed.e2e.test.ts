/// <reference lib="dom" />
// Mails parked for good (issue 44) in a real Chromium against the built server and a real SMTP
// relay on loopback that refuses one recipient: the dashboard shows a banner with the count and a
// link to the mail log's failed filter; opening it marks them seen, so /api/ready's mail_failed
// alert and the banner go; a mail parked later brings both back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, until } from './harness.js';
import { browserSuite } from './browserSuite.js';
import { startSmtpServer } from '../mail/smtp.js';

const REFUSED = 'finns-inte@example.se';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
// The relay first: the server is started with its address.
beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: REFUSED });
});
afterAll(async () => {
  await smtp?.close();
});
const suite = browserSuite({ env: () => ({ SMTP_URL: smtp.url }) });

async function book(time: string, email: string): Promise<void> {
  const reply = await suite.server.api('POST', '/api/bookings', {
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
  return (await suite.server.api('GET', '/api/ready')).body;
}

describe('failed mails on the dashboard until staff have looked at them', () => {
  it('shows the banner, clears it (and the alert) once the failed filter is opened, and brings it back', async () => {
    await book('17:00', REFUSED);
    await until(async () => (await ready()).mail.failed === 1, 'the refused mail parked');
    expect((await ready()).alerts).toContain('mail_failed');

    const { page, errors } = await suite.signedIn(1280);
    const banner = page.locator('.mail-failed-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('1 mejl kunde inte skickas');
    await banner.getByRole('link', { name: 'Visa dem i e-postloggen' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/mail' && url.searchParams.get('status') === 'failed');
    await page.locator('.mail-table tbody tr[data-status="failed"]').first().waitFor();
    await until(async () => (await ready()).mail.failed_unseen === 0, 'the failed mails marked seen');
    expect((await ready()).alerts).not.toContain('mail_failed');

    // No banner on the dashboard once its read of /api/ready has answered (and been shown).
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ready');
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await answered;
    await sleep(200);
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
