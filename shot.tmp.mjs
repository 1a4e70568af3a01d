import { chromium } from 'playwright-core';
const base = 'http://localhost:3111';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h] of [[360, 1800], [1280, 1100]]) {
  for (const theme of ['classic', 'napoli']) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text()); });
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await page.addInitScript((t) => localStorage.setItem('pizzakiosken-theme', t), theme);
    await page.goto(base + '/');
    await page.selectOption('#booking-date', { index: 2 });
    await page.waitForSelector('.slot');
    await page.getByRole('button', { name: 'Lägg till en Margherita' }).click();
    await page.screenshot({ path: `/tmp/shots/index-${w}-${theme}.png`, fullPage: w === 360 ? false : false });
    await ctx.close();
  }
}
await browser.close();
