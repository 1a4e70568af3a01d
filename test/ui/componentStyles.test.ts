// The shared components' stylesheets (ui/components/**/*.css) reach the pages that render them
// without a render-blocking request: the customer pages get each inline with their <head>
// (ui/pages/(public)/+Head.tsx, issue 30), and the admin pages get the ones their screens share
// (an order's lines, the steppers) bundled into styles/admin.css.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ui = join(import.meta.dirname, '..', '..', 'ui');
const read = (path: string) => readFileSync(join(ui, path), 'utf8');

function cssUnder(dir: string): string[] {
  return readdirSync(join(ui, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.css'))
    .map((name) => relative(ui, join(ui, dir, name)).replaceAll('\\', '/'));
}

describe("the shared components' styles", () => {
  const componentCss = cssUnder('components');

  it('are found (the order pieces and the items table at least)', () => {
    expect(componentCss).toEqual(
      expect.arrayContaining([
        'components/itemsTable.css',
        'components/order/pizzaMenu.css',
        'components/order/stepper.css',
        'components/order/allergenFilter.css',
        'components/order/confirmation.css',
      ]),
    );
  });

  it('each come inline with the customer pages’ head', () => {
    const head = read('pages/(public)/+Head.tsx');
    const inlined = [...head.matchAll(/from '\.\.\/\.\.\/([^']+\.css)\?inline'/g)].map((m) => m[1]);
    const joined = /const styles = \[([^\]]*)\]/.exec(head)?.[1] ?? '';
    for (const css of componentCss) {
      expect(inlined, css).toContain(css);
      const name = new RegExp(`import (\\w+) from '\\.\\./\\.\\./${css.replaceAll('.', '\\.')}\\?inline'`).exec(
        head,
      )?.[1];
      expect(joined, css).toContain(name);
    }
  });

  it('are not imported as stylesheets by components the customer pages render', () => {
    // A plain import would add a <link> that blocks the first paint of /.
    const sources = readdirSync(join(ui, 'components'), { recursive: true, encoding: 'utf8' }).filter((n) =>
      n.endsWith('.tsx'),
    );
    for (const source of sources)
      expect(read(join('components', source)), source).not.toMatch(/^import '[^']+\.css';/m);
  });

  it('that admin screens share are bundled into admin.css', () => {
    const admin = read('styles/admin.css');
    expect(admin).toContain("@import '../components/itemsTable.css';");
    expect(admin).toContain("@import '../components/order/stepper.css';");
  });
});
