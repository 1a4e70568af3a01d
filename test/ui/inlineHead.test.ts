// The theme script runs inline in every page's <head> (ui/pages/+Head.tsx): the CSP allows it by
// its hash, which must be the hash of the script as it is.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPT_HASHES } from '../../api/http/securityHeaders.js';

describe('the inline theme script', () => {
  it('is allowed by the CSP by its hash', () => {
    const script = readFileSync(join(import.meta.dirname, '..', '..', 'ui', 'public', 'theme-init.js'));
    expect(INLINE_SCRIPT_HASHES).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});
