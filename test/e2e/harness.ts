// End-to-end: the server built as `npm start` builds it (dist/, by scripts/build.mjs before the
// tests) runs as a child process on a temp DATA_DIR, and Debian's Chromium drives the pages.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { freePort } from '../api/freePort.js';

const root = join(import.meta.dirname, '..', '..');
export const ADMIN = { email: 'admin@pizzakiosken.test', password: 'Hemligt-lösen-123' };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface E2EServer {
  base: string;
  dataDir: string;
  api<T = any>(method: string, path: string, body?: unknown, cookie?: string): Promise<{ status: number; body: T }>;
  login(): Promise<string>;
  close(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(root, 'dist', 'api', 'main.js')], {
    cwd: root,
    // Every request comes from 127.0.0.1: the per-address abuse limits would count the whole
    // suite as one client.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BOOKINGS_PER_MINUTE: '0',
      LOOKUPS_PER_MINUTE: '0',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const api = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const response = await fetch(base + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie, origin: base } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed };
  };
  return {
    base,
    dataDir,
    api,
    async login() {
      const response = await fetch(base + '/api/admin/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (!response.ok) throw new Error('login failed ' + response.status);
      return (response.headers.get('set-cookie') ?? '').split(';')[0];
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // The browser of a customer or of the staff is in the kiosk's time zone: "today" on a page is
    // the kiosk's today (inDays below), also when the tests run around midnight on a UTC machine.
    env: { ...process.env, TZ: 'Europe/Stockholm' },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface ContextOptions extends BrowserContextOptions {
  /** Viewport width in px (default 1280, a desktop; 360-390 a phone); every page is 900 px high. */
  width?: number;
  /** The theme the visitor chose on an earlier visit, applied from the first paint ('classic', 'dark'). */
  theme?: string;
}

/** A browser context on the server, its service workers blocked unless the options allow them. */
export async function newContext(
  browser: Browser,
  server: E2EServer,
  { width = 1280, theme, ...options }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: server.base,
    serviceWorkers: 'block',
    ...options,
  });
  if (theme) await context.addInitScript((t) => localStorage.setItem('pizzakiosken-theme', t), theme);
  context.on('page', waitsForHydration);
  return context;
}

/** Resolves once React has hydrated the page (the mark of ui/pages/+onAfterRenderClient.ts). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * A page's scripts load after its first paint (api/http/paintFirst.ts): a tap right after the load
 * event could come before React hydrates the page. So goto() and reload() of every page of a
 * test's context, when they answer a page, resolve once it is hydrated; unless the test asks for
 * `waitUntil: 'domcontentloaded'`, which is how a person uses a page: typing and pressing as soon as
 * it shows (what they do then is kept: ui/lib/typedAhead.ts).
 */
function waitsForHydration(page: Page): void {
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        const options = args.find((arg) => typeof arg === 'object') as { waitUntil?: string } | undefined;
        if (options?.waitUntil === 'domcontentloaded') return response;
        if (response?.headers()['content-type']?.startsWith('text/html')) await hydrated(page);
        return response;
      },
    });
  }
}

/**
 * Signs in as ADMIN through /admin/login as staff do: typing and pressing "Logga in" as soon as the
 * form shows, before the page's scripts may have run; then waits for the dashboard.
 */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/admin/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-post').fill(ADMIN.email);
  await page.getByLabel('Lösenord').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await hydrated(page);
}

/**
 * A new visitor on a mid-range phone: a context of its own (cold caches) whose pages run on a CPU
 * slowed six times (Chrome's throttling, as Lighthouse's mobile run), opened at the given path and
 * handed over at `domcontentloaded`, before the page's scripts have run. With `holdScripts`, the
 * page's scripts arrive only once `releaseScripts()` is called: a network slow enough that the
 * person types (and presses) before, or while, React hydrates the page, every time.
 */
export async function hurriedVisit(
  browser: Browser,
  server: E2EServer,
  path: string,
  { holdScripts = false, ...options }: ContextOptions & { holdScripts?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[]; releaseScripts: () => void }> {
  const context = await newContext(browser, server, { width: 360, ...options });
  const releaseScripts = holdScripts ? await holdScriptsOf(context) : () => {};
  const { page, errors } = await openPage(context);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return { context, page, errors, releaseScripts };
}

/** Holds back every script the context's pages ask for until the returned function is called. */
export async function holdScriptsOf(context: BrowserContext): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A page that records console errors and uncaught exceptions, to assert there were none. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  // Shared, noisy 2-core machines: wait longer than Playwright's 30 s before calling a step failed.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // A refused request logs a console error in Chromium; the tests expect some (4xx answers).
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // A script the CSP refuses is not always a console message (zod's caught eval probe was not):
  // Chromium's issues panel tells every violation.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Audits.enable');
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue')
      errors.push('CSP violation: ' + JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  return { page, errors };
}

/** Resolves once `check` holds, asking every 100 ms; fails naming `what` after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** yyyy-MM-dd in the kiosk's zone, `days` from today. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
}

/** Steps 1-3 of the booking page: date, count, and waits for the slots. */
export async function chooseDateAndCount(page: Page, date: string, count: number): Promise<void> {
  await page.selectOption('#booking-date', date);
  for (let i = 1; i < count; i++) await page.getByRole('button', { name: 'En pizza till' }).click();
  await page.locator('.slot').first().waitFor();
}

/**
 * Resolves once the page's running animations with an end have ended: axe measures colour contrast as
 * painted, and a toast fading in ('Inloggning lyckades!' on the dashboard) is briefly too pale.
 */
export async function animationsDone(page: Page): Promise<void> {
  // Endless ones (a loading spinner) never finish: only those with an end are waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
