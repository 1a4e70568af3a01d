// The record of the sale for an order without an e-mail (rule: staff-order-record), given/when/then.
import { describe, expect, it } from 'vitest';
import { needsPrintedRecord, printedRecordRefusal } from '../../domain/accounting/staffOrderRecord.js';
import { msg } from '../../domain/messages.js';

describe('an order without an e-mail gets its record of the sale printed (rule: staff-order-record)', () => {
  it('given a counter or phone order with no e-mail, staff print its record', () => {
    expect(needsPrintedRecord({ email: '' })).toBe(true);
    expect(needsPrintedRecord({ email: '   ' })).toBe(true);
  });

  it('given an e-mail, the record goes by mail instead', () => {
    expect(needsPrintedRecord({ email: 'kund@example.se' })).toBe(false);
  });

  it('when the order is cancelled, there is no record to print', () => {
    expect(printedRecordRefusal({ status: 'cancelled' })).toBe(msg.orderConfirmationCancelled);
    expect(printedRecordRefusal({ status: 'confirmed' })).toBeNull();
    expect(printedRecordRefusal({ status: 'pending' })).toBeNull();
  });
});
