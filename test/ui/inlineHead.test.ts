// The theme script and the typed-ahead script run inline in every page's <head>
// (ui/pages/+Head.tsx): the CSP allows each by its hash, which must be the hash of the script as it is.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPT_HASHES } from '../../api/http/securityHeaders.js';

describe('the inline scripts of <head>', () => {
  it.each(['theme-init.js', 'typed-ahead.js'])('%s is allowed by the CSP by its hash', (file) => {
    const script = readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'public', file));
    expect(INLINE_SCRIPT_HASHES).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});
