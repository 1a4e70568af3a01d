/// <reference lib="dom" />
// The privacy notice and the accessibility statement in Chromium: reached by the footer links of
// the customer pages, axe clean in both themes at phone and desktop width, and readable with the
// server gone after one visit (the service worker's cache). With LEGAL_SHOTS=dir the pages are
// photographed at 360 and 1280 px in both themes.
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startServer } from './harness.js';
import { browserSuite } from './browserSuite.js';

const shots = process.env.LEGAL_SHOTS;
const suite = browserSuite({ shots });

beforeAll(async () => {
  const { body: settings } = await suite.server.api('GET', '/api/admin/settings', undefined, suite.cookie);
  const saved = await suite.server.api(
    'PUT',
    '/api/admin/settings',
    { ...settings, personal_data_retention_months: 24 },
    suite.cookie,
  );
  expect(saved.status).toBe(200);
});

/** A page in a new context, on the suite's server unless `base` names another. */
const fresh = (options: { width?: number; theme?: string; serviceWorkers?: 'allow' | 'block'; base?: string } = {}) =>
  suite.fresh(options.width ?? 1280, options.theme, {
    serviceWorkers: options.serviceWorkers ?? 'block',
    baseURL: options.base ?? suite.server.base,
  });

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
      'https://www.pts.se',
    );
    expect(await page.getByRole('region', { name: 'Meddela brister' }).getByRole('link').getAttribute('href')).toBe(
      'mailto:admin@pizzakiosken.test',
    );
    expect(errors).toEqual([]);
  });
});

// Issue 45: the texts as a customer reads them in Chromium, at phone width.
describe('what the pages say', () => {
  it('/integritet: each purpose with its basis, the VIP mails as direct marketing, the rights of art. 18, 20 and 21, a finite retention and why', async () => {
    const { page, errors } = await fresh({ width: 360 });
    await page.goto('/integritet');
    const basis = page.getByRole('region', { name: 'Rättslig grund' });
    await basis.waitFor();
    const basisText = await basis.textContent();
    for (const said of ['artikel 6.1 b', 'artikel 6.1 c', 'Tidigare uteblivna hämtningar', 'direktmarknadsföring'])
      expect(basisText, said).toContain(said);
    const rights = await page.getByRole('region', { name: 'Dina rättigheter' }).textContent();
    for (const right of ['Begränsning', '(artikel 18)', 'Dataportabilitet', 'JSON', '(artikel 20)', '(artikel 21)'])
      expect(rights, right).toContain(right);
    expect(rights).toContain('ordernumret');
    const retention = await page.getByRole('region', { name: 'Hur länge vi sparar uppgifterna' }).textContent();
    expect(retention).toContain('också VIP-listan och kön');
    expect(retention).toContain('sju år');
    expect(retention).not.toContain('tills du eller vi tar bort dem');
    expect(errors).toEqual([]);
  });

  it('/tillganglighet: the law that binds a web shop, the micro-enterprise exemption, PTS, "delvis förenlig" and what was tested', async () => {
    const { page, errors } = await fresh({ width: 360 });
    await page.goto('/tillganglighet');
    const scope = await page.getByRole('region', { name: 'Om redogörelsen' }).textContent();
    expect(scope).toContain('lagen (2023:254) om vissa produkters och tjänsters tillgänglighet');
    expect(scope).toContain('färre än 10 anställda');
    expect(scope).toContain('2 miljoner euro');
    expect(await page.getByRole('region', { name: 'Hur tillgänglig är webbplatsen?' }).textContent()).toContain(
      'delvis förenlig',
    );
    expect(await page.getByRole('region', { name: 'Tillsyn' }).textContent()).toContain(
      'Post- och telestyrelsen (PTS)',
    );
    const method = await page.getByRole('region', { name: 'Hur vi har testat webbplatsen' }).textContent();
    for (const tested of ['axe', 'färgkontrast', 'tangentbordet', '44 pixlar', 'html-validate'])
      expect(method, tested).toContain(tested);
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
        'raderas automatiskt 24 månader efter',
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
