import { chromium } from 'playwright-core';
const base = 'http://localhost:3111';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h] of [[360, 800], [1280, 900]]) {
  for (const theme of ['classic', 'napoli']) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await page.addInitScript((t) => localStorage.setItem('pizzakiosken-theme', t), theme);
    await page.goto(base + '/');
    await page.screenshot({ path: `/tmp/shots/top-${w}-${theme}.png` });
    await page.selectOption('#booking-date', { index: 3 });
    await page.waitForSelector('.slot--selected');
    await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
    await page.getByLabel('Namn').fill('Greta Garbo');
    await page.getByLabel('E-post').fill('greta@example.se');
    await page.locator('button[type=submit]').click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: `/tmp/shots/modal-${w}-${theme}.png` });
    await page.getByRole('link', { name: 'Hantera din bokning' }).click();
    await page.waitForSelector('.booking-result');
    await page.screenshot({ path: `/tmp/shots/my-${w}-${theme}.png`, fullPage: true });
    await ctx.close();
  }
}
await browser.close();
