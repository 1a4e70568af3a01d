// Whose key seals a record, and which customer a data request or an erasure is about (rule:
// personal-data, rule: staff-orders): one rule, recordOwner, that Kunddata's lookup by e-mail or
// phone number (ownerOf, customerQuerySchema) names the same way.
import { describe, expect, it } from 'vitest';
import { normalisePhone, ownerOf, recordOwner } from '../../domain/customers/personalData.js';
import { msg } from '../../domain/messages.js';
import { customerQuerySchema } from '../../domain/payloads.js';

const errorOf = (input: unknown) => {
  const parsed = customerQuerySchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0].message;
};

describe('the owner of a record (rule: personal-data)', () => {
  it('is the e-mail trimmed and lower-cased, whatever else the record holds', () => {
    expect(recordOwner({ email: ' Kund@Example.SE ', phone: '070-111 22 33' })).toBe('kund@example.se');
    expect(ownerOf({ email: 'KUND@example.se' })).toBe('kund@example.se');
  });

  it('is the phone number’s digits for an order without e-mail (rule: staff-orders), as the lookup by phone names it', () => {
    const order = { email: '', phone: '070-111 22 33', name: 'Tore', booking_id: '20261124-1' };
    expect(recordOwner(order)).toBe('tel:0701112233');
    for (const typed of ['0701112233', ' 070 111 22 33 ', '070-111.22.33', '(070) 1112233'])
      expect(ownerOf({ phone: typed })).toBe(recordOwner(order));
    // A + stays: an international number is another key than the national one.
    expect(normalisePhone('+46 70-111 22 33')).toBe('+46701112233');
  });

  it('is the booking’s own key for a counter order with only a name, and nobody for a record naming no one', () => {
    expect(recordOwner({ email: '', phone: null, name: 'Disk', booking_id: '20261124-2' })).toBe('booking:20261124-2');
    expect(recordOwner({ email: '', phone: null, name: '' })).toBe('');
  });
});

describe('customerQuerySchema (Kunddata: by e-mail or by phone number)', () => {
  it('takes exactly one of an e-mail and a phone number with at least six digits', () => {
    expect(customerQuerySchema.parse({ email: ' kund@example.se ' })).toEqual({ email: 'kund@example.se' });
    expect(customerQuerySchema.parse({ phone: ' 070-111 22 33 ' })).toEqual({ phone: '070-111 22 33' });
    expect(errorOf({})).toBe(msg.customerQueryRequired);
    expect(errorOf({ email: 'kund@example.se', phone: '0701112233' })).toBe(msg.customerQueryOne);
    expect(errorOf({ phone: '070-12' })).toBe(msg.staffOrderPhoneInvalid);
    expect(errorOf({ email: 'inte-en-adress' })).toBe(msg.invalidEmail);
  });
});
