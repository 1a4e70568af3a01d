import { chromium } from 'playwright-core';
const base = 'http://localhost:3111';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
await fetch(base + '/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ date: new Date(Date.now() + 2 * 864e5).toISOString().slice(0, 10), time: '12:00', name: 'Anna Admin', email: 'anna@example.se', dine_in: true, items: [{ pizza_id: 2, qty: 2 }], requested_pizzas: 2 }) });
for (const [w, h] of [[360, 900], [1280, 900]]) {
  for (const theme of ['classic', 'napoli']) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
    await page.addInitScript((t) => localStorage.setItem('pizzakiosken-theme', t), theme);
    await page.goto(base + '/admin');
    await page.waitForURL('**/admin/login');
    await page.screenshot({ path: `/tmp/shots/login-${w}-${theme}.png` });
    await page.getByLabel('E-post').fill('a@b.se');
    await page.getByLabel('Lösenord').fill('hemligt123');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.waitForURL(base + '/admin');
    await page.getByText('Välkommen').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/dash-${w}-${theme}.png`, fullPage: true });
    await page.goto(base + '/admin/bookings?status=pending');
    await page.locator('.bookings-table').waitFor();
    await page.screenshot({ path: `/tmp/shots/bookings-${w}-${theme}.png` });
    await page.getByRole('button', { name: /^Visa/ }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/details-${w}-${theme}.png` });
    await ctx.close();
  }
}
await browser.close();
