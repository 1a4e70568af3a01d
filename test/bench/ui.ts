// What the booking page costs a phone: the JavaScript it loads (gzipped, as served), and a
// Lighthouse 12 run with its default mobile settings, both through Debian's Chromium.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Every script the page loads until the network is idle, with its gzipped size. */
export async function pageJavaScript(url: string): Promise<{ files: number; gzipBytes: number; rawBytes: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(bodies);
    return {
      files: scripts.length,
      rawBytes: scripts.reduce((sum, b) => sum + b.length, 0),
      gzipBytes: scripts.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    };
  } finally {
    await browser.close();
  }
}

export async function lighthouseScores(url: string): Promise<Record<string, number>> {
  // A run that could not record the page load (NO_NAVSTART, NO_FCP: Chromium's trace on a busy
  // machine) has no scores, not scores of 0: it is run again, three times at most, and says why.
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...FLAGS] });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      const failed = result.lhr.runtimeError;
      if (failed) console.error(`Lighthouse (run ${attempt}): ${failed.code}: ${failed.message}`);
      if (!failed || attempt === 3)
        return {
          ...Object.fromEntries(
            Object.entries(result.lhr.categories).map(([id, category]) => [
              id,
              Math.round((category.score ?? 0) * 100),
            ]),
          ),
          // The largest contentful paint on Lighthouse's simulated mobile, in milliseconds.
          lcp: Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity),
          // The total blocking time (ms): what a slower host moves first.
          tbt: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? Infinity),
          // Lighthouse's own measure of this host's CPU. Its simulated phone is this host slowed
          // down four times, so the same page scores lower on a slower host: Chrome DevTools'
          // calibration puts a mid-tier phone (a Pixel 5) at 1000 and a low-tier one at 264
          // (front_end/panels/mobile_throttling/CalibrationController.ts), so a host of 1000
          // simulates a phone below the low tier. Printed beside the scores to read them by.
          host: Math.round(result.lhr.environment.benchmarkIndex),
        };
    } finally {
      chrome.kill();
    }
  }
}

// `npx tsx test/bench/ui.ts URL` measures a running server.
if (process.argv[1] === import.meta.filename && process.argv[2]) {
  const url = process.argv[2];
  console.log(await pageJavaScript(url));
  console.log(await lighthouseScores(url));
}
