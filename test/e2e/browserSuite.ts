// "Admin in Chromium": what the browser tests set up the same way. The built server and one
// Chromium for the whole file, the admin's API cookie for arranging data, and one page at a time in
// a fresh context (a width, a theme), signed in through /admin/login where the test is the staff's.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  openPage,
  signIn,
  startServer,
  type ContextOptions,
  type E2EServer,
} from './harness.js';

export interface OpenedPage {
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations (harness.ts openPage). */
  errors: string[];
  context: BrowserContext;
}

export interface BrowserSuite {
  /** Set in beforeAll: read them inside tests and hooks, not at the top of the file. */
  server: E2EServer;
  browser: Browser;
  /** The admin's session cookie, for server.api calls that arrange data. */
  cookie: string;
  /** Closes the contexts opened before and opens a page in a new context (cold caches, no cookies). */
  fresh(width?: number, theme?: string, options?: ContextOptions): Promise<OpenedPage>;
  /** A page in one more new context beside those open (a customer beside the staff), closed with them. */
  another(width?: number, theme?: string, options?: ContextOptions): Promise<OpenedPage>;
  /** fresh(), signed in as the admin. */
  signedIn(width?: number, theme?: string, options?: ContextOptions): Promise<OpenedPage>;
}

/**
 * Registers the file's beforeAll (server, Chromium, admin cookie, the shots folder) and afterAll
 * (closes them all); a file's own beforeAll, registered after, runs once they are up, and one
 * registered before runs first (a mail relay whose address `env` names). One server and one
 * Chromium serve every test of the file; each test's pages are in contexts of their own, so no
 * cookie, storage or cache passes from one test to the next.
 */
export function browserSuite({
  env,
  shots,
}: {
  /** The server's environment; a function is read in beforeAll (after the file's earlier hooks). */
  env?: Record<string, string> | (() => Record<string, string>);
  shots?: string;
} = {}): BrowserSuite {
  let contexts: BrowserContext[] = [];

  async function another(width = 1280, theme?: string, options: ContextOptions = {}): Promise<OpenedPage> {
    const context = await newContext(suite.browser, suite.server, { width, theme, ...options });
    contexts.push(context);
    return { context, ...(await openPage(context)) };
  }

  async function closeAll() {
    for (const context of contexts) await context.close();
    contexts = [];
  }

  async function fresh(width?: number, theme?: string, options?: ContextOptions): Promise<OpenedPage> {
    await closeAll();
    return another(width, theme, options);
  }

  async function signedIn(width?: number, theme?: string, options?: ContextOptions): Promise<OpenedPage> {
    const opened = await fresh(width, theme, options);
    await signIn(opened.page);
    return opened;
  }

  const suite = { fresh, another, signedIn } as BrowserSuite;

  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([
      startServer(typeof env === 'function' ? env() : env),
      launchBrowser(),
    ]);
    suite.cookie = await suite.server.login();
    if (shots) mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await closeAll();
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
