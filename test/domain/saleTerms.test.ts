// How the record of a sale states its payment (rule: sale-record): at pick-up, or in advance with
// Swish, never both (domain/accounting/saleTerms.ts).
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_AT_PICKUP,
  PAYMENT_BY_SWISH_AWAITED,
  PAYMENT_BY_SWISH_DONE,
  paymentTerms,
} from '../../domain/accounting/saleTerms.js';

describe('the payment a record of sale states', () => {
  it('is at pick-up for an order asked no payment in advance, or whose payment failed', () => {
    expect(paymentTerms()).toBe(PAYMENT_AT_PICKUP);
    expect(paymentTerms(null)).toBe(PAYMENT_AT_PICKUP);
    expect(paymentTerms({ status: 'failed' })).toBe(PAYMENT_AT_PICKUP);
  });

  it('says what is awaited while the Swish payment is, and that nothing is paid at pick-up once it is paid', () => {
    expect(paymentTerms({ status: 'requested' })).toBe(PAYMENT_BY_SWISH_AWAITED);
    expect(paymentTerms({ status: 'paid' })).toBe(PAYMENT_BY_SWISH_DONE);
    expect(PAYMENT_BY_SWISH_DONE).toContain('Betald i förväg med Swish');
    expect(PAYMENT_BY_SWISH_DONE).not.toBe(PAYMENT_AT_PICKUP);
  });
});
