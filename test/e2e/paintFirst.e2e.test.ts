/// <reference lib="dom" />
// The booking page paints before it loads its scripts (api/http/paintFirst.ts): the HTML names no
// script to fetch, the inline loader runs under the CSP (by its hash), the page's scripts are
// requested only after the first contentful paint, and the page still hydrates (a chosen day
// shows its times, which only React does).
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browserSuite.js';
import { chooseDateAndCount, inDays } from './harness.js';

const suite = browserSuite();

describe('paint first, then the scripts', () => {
  it('serves the entry and its chunks as data for the loader, not as tags', async () => {
    const html = await (await fetch(`${suite.server.base}/`)).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]+src=/);
    const assets = JSON.parse(/<script id="paint-first" type="application\/json">(.*?)<\/script>/.exec(html)![1]) as {
      entry: string;
      preload: string[];
    };
    expect(assets.entry).toMatch(/^\/assets\/entries\/.+\.js$/);
    expect(assets.preload.length).toBeGreaterThan(0);
    // A tap on the theme switch before the scripts run would do nothing: it waits for them.
    expect(html).toMatch(/<button(?=[^>]*class="theme-toggle")(?=[^>]*\sdisabled="")[^>]*>/);
  });

  it('requests the scripts after the first contentful paint, and the page hydrates', async () => {
    const { page, errors } = await suite.fresh(360);
    await page.goto('/');
    // The times of a chosen day come from React, once it has hydrated the page.
    await chooseDateAndCount(page, inDays(3), 2);
    const timing = await page.evaluate(async () => {
      for (
        let i = 0;
        i < 100 && !performance.getEntriesByType('resource').some((r) => r.name.includes('/assets/entries/'));
        i++
      )
        await new Promise((resolve) => setTimeout(resolve, 50));
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((r) => (r as PerformanceResourceTiming).initiatorType !== 'fetch' && r.name.includes('/assets/'))
        .map((r) => r.startTime);
      return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
    });
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.scripts).toBeGreaterThan(1);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint);
    // Hydrated, the theme switch works.
    const toggle = page.locator('.theme-toggle');
    expect(await toggle.isEnabled()).toBe(true);
    await toggle.click();
    await page.locator('html[data-theme="napoli"]').waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
  });
});
