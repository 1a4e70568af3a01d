// Axe on a painted page: each violation as one line that says where, which rule, how bad and which
// elements, so a failing toEqual([]) reads as a list of what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { animationsDone } from './harness.js';

export async function axeFindings(page: Page, where: string, include?: string): Promise<string[]> {
  // Colour contrast is measured as painted: a toast fading in is briefly too pale.
  await animationsDone(page);
  const builder = new AxeBuilder({ page });
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations.map(
    (v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
