// Money shown (rule: money-shown): whole kronor as SPEC 1 writes them, and to the öre where an amount
// has öre, so that what anyone sees is what the books hold.
import { describe, expect, it } from 'vitest';
import { discountCents, formatKr } from '../../domain/shared/money.js';

describe('an amount shown', () => {
  it('is whole kronor with the suffix kr when it has no öre (SPEC 1)', () => {
    expect(formatKr(8900)).toBe('89 kr');
    expect(formatKr(20800)).toBe('208 kr');
    expect(formatKr(0)).toBe('0 kr');
    expect(formatKr(-1500)).toBe('-15 kr');
  });

  it('is shown to the öre, with a decimal comma, when a discount gave it öre', () => {
    const discounted = 8900 - discountCents(8900, 10);
    expect(discounted).toBe(8010);
    expect(formatKr(discounted)).toBe('80,10 kr');
    expect(formatKr(8900 - discountCents(8900, 7.5))).toBe('82,32 kr');
    expect(formatKr(5)).toBe('0,05 kr');
    expect(formatKr(-890)).toBe('-8,90 kr');
  });

  it('keeps the öre of an amount that arrived in kronor and was multiplied by 100', () => {
    expect(formatKr(80.1 * 100)).toBe('80,10 kr');
    expect(formatKr(208 * 100)).toBe('208 kr');
  });
});
