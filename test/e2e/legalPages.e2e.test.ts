/// <reference lib="dom" />
// The privacy notice and the accessibility statement in Chromium: reached by the footer links of
// the customer pages, axe clean in both themes at phone and desktop width, and readable with the
// server gone after one visit (the service worker's cache). With LEGAL_SHOTS=dir the pages are
// photographed at 360 and 1280 px in both themes.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, openPage, startServer, type E2EServer } from './harness.js';

const shots = process.env.LEGAL_SHOTS;
let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (shots) mkdirSync(shots, { recursive: true });
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const cookie = await server.login();
  const { body: settings } = await server.api('GET', '/api/admin/settings', undefined, cookie);
  const saved = await server.api(
    'PUT',
    '/api/admin/settings',
    { ...settings, personal_data_retention_months: 24 },
    cookie,
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function fresh(
  options: { width?: number; theme?: string; serviceWorkers?: 'allow' | 'block'; base?: string } = {},
) {
  const context = await newContext(browser, server, {
    width: options.width ?? 1280,
    theme: options.theme,
    serviceWorkers: options.serviceWorkers ?? 'block',
    baseURL: options.base ?? server.base,
  });
  contexts.push(context);
  return { context, ...(await openPage(context)) };
}

async function axeViolations(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const footerLink = (page: Page, name: string) =>
  page.getByRole('contentinfo').getByRole('navigation', { name: 'Om webbplatsen' }).getByRole('link', { name });

describe('the footer links', () => {
  it('lead from the booking page and /my-booking to both pages', async () => {
    const { page, errors } = await fresh({ width: 360 });
    await page.goto('/');
    await footerLink(page, 'Integritet').click();
    await page.waitForURL((url) => url.pathname === '/integritet');
    await page.getByRole('heading', { level: 1, name: 'Så hanterar vi dina personuppgifter' }).waitFor();
    expect(await page.getByRole('region', { name: 'Hur länge vi sparar uppgifterna' }).textContent()).toContain(
      'raderas automatiskt 24 månader efter',
    );
    expect(await footerLink(page, 'Integritet').getAttribute('aria-current')).toBe('page');

    await page.goto('/my-booking');
    await footerLink(page, 'Tillgänglighet').click();
    await page.waitForURL((url) => url.pathname === '/tillganglighet');
    await page.getByRole('heading', { level: 1, name: 'Tillgänglighetsredogörelse' }).waitFor();
    expect(await page.getByRole('region', { name: 'Tillsyn' }).getByRole('link').getAttribute('href')).toBe(
      'https://www.digg.se/tdosanmalan',
    );
    expect(await page.getByRole('region', { name: 'Meddela brister' }).getByRole('link').getAttribute('href')).toBe(
      'mailto:admin@pizzakiosken.test',
    );
    expect(errors).toEqual([]);
  });
});

describe('both pages', () => {
  it('are axe clean in both themes, at 360 and 1280 px, and fit the phone without scrolling sideways', async () => {
    const found: string[] = [];
    for (const theme of ['classic', 'napoli']) {
      for (const width of [360, 1280]) {
        const { page, errors } = await fresh({ width, theme });
        for (const path of ['/integritet', '/tillganglighet']) {
          await page.goto(path);
          await page.locator('h1').waitFor();
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          found.push(...(await axeViolations(page, `${theme} ${width} ${path}`)));
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${theme} ${width} ${path}`).toBeLessThanOrEqual(0);
          if (shots)
            await page.screenshot({ path: join(shots, `${path.slice(1)}-${theme}-${width}.png`), fullPage: true });
        }
        expect(errors).toEqual([]);
      }
    }
    expect(found).toEqual([]);
  });

  it('open offline after one visit, from the service worker', async () => {
    const own = await startServer();
    try {
      const { page, errors } = await fresh({ width: 390, serviceWorkers: 'allow', base: own.base });
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await page.goto('/integritet');
      await page.goto('/tillganglighet');

      await own.close(); // the server is gone: only the service worker answers now
      await page.goto('/integritet');
      await page.getByRole('heading', { level: 1, name: 'Så hanterar vi dina personuppgifter' }).waitFor();
      expect(await page.getByRole('region', { name: 'Hur länge vi sparar uppgifterna' }).textContent()).toContain(
        'sparas tills du ber oss radera dem',
      );
      await page.goto('/tillganglighet');
      await page.getByRole('heading', { level: 1, name: 'Tillgänglighetsredogörelse' }).waitFor();
      expect(await page.getByRole('region', { name: 'Tillsyn' }).isVisible()).toBe(true);
      expect(errors.filter((e) => !/Failed to fetch|net::|NetworkError|workbox|no-response/i.test(e))).toEqual([]);
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});
