// The first HTML of every page keeps the HTML standard's rules and html-validate's accessibility
// rules (SPEC 9 asks more than axe checks in the browser: an aria-label where no role takes it,
// a control without its label, a duplicate id, an element where the content model forbids it).
// Needs the UI build (npm test builds it first).
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { MONDAY_MORNING, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });
// ARIA lets any element with a role that takes a name have one (a list, a group); html-validate
// by default wants names on interactive and landmark elements only.
const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:a11y'],
  rules: { 'aria-label-misuse': ['error', { allowAnyNamable: true }] },
});

const PUBLIC_PAGES = ['/', '/my-booking', '/integritet', '/tillganglighet', '/admin/login'];
const ADMIN_PAGES = [
  '/admin',
  '/admin/bookings',
  '/admin/kitchen',
  '/admin/calendar',
  '/admin/pizzas',
  '/admin/vip',
  '/admin/bonus-codes',
  '/admin/reports',
  '/admin/stats',
  '/admin/customers',
  '/admin/settings',
];

async function problems(path: string, cookie?: string): Promise<string[]> {
  const response = await fetch(t.base + path, { headers: cookie ? { cookie } : {} });
  expect(response.status, path).toBe(200);
  const report = await validator.validateString(await response.text());
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${path} ${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
  );
}

describe('the first HTML of every page', () => {
  it('keeps the HTML standard and its accessibility rules, for visitors', async () => {
    for (const path of PUBLIC_PAGES) expect(await problems(path)).toEqual([]);
  });

  it('and for staff', async () => {
    const cookie = await t.login();
    for (const path of ADMIN_PAGES) expect(await problems(path, cookie)).toEqual([]);
  });
});
