// Whose key seals a record, and which customer a data request or an erasure is about (rule:
// personal-data, rule: staff-orders): one rule, recordOwner, that Kunddata's lookup by e-mail or
// phone number (ownerOf, customerQuerySchema) names the same way.
import { describe, expect, it } from 'vitest';
import { customerDecider } from '../../domain/customers/erasure.js';
import {
  normaliseEmail,
  normalisePhone,
  ownerOf,
  ownerOfRecord,
  recordOwner,
  sameEmail,
  vipOwner,
} from '../../domain/customers/personalData.js';
import { vipCustomersDecider, vipEntriesEverNamed, type VipCustomerEvent } from '../../domain/vip/vipCustomers.js';
import { msg } from '../../domain/messages.js';
import { customerQuerySchema } from '../../domain/payloads.js';

const errorOf = (input: unknown) => {
  const parsed = customerQuerySchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0].message;
};

describe('the owner of a record (rule: personal-data)', () => {
  // The one normalisation every rule comparing customers uses: lookups, cancellations, moves,
  // retries, the waitlist, VIP and admin e-mails, the mail log's index.
  it('given two spellings of one address, when compared, then they name one customer; null names no one', () => {
    expect(normaliseEmail('  Kund@Example.SE ')).toBe('kund@example.se');
    expect(sameEmail('kund@example.se', ' KUND@example.se')).toBe(true);
    expect(sameEmail('kund@example.se', 'annan@example.se')).toBe(false);
    expect(sameEmail(null, 'kund@example.se')).toBe(false);
  });

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

  it('given a counter order with only a name, when Kunddata asks by its number, then it names the key the order is sealed under (issue 45)', () => {
    const order = { email: '', phone: null, name: 'Nils', booking_id: '20261124-2' };
    expect(ownerOf({ booking_id: ' 20261124-2 ' })).toBe(recordOwner(order));
  });
});

describe('customerQuerySchema by order number (issue 45)', () => {
  it('takes an order number as the one key, and refuses one that is not a number or beside another key', () => {
    expect(customerQuerySchema.parse({ booking_id: ' 20261124-2 ' })).toEqual({ booking_id: '20261124-2' });
    expect(errorOf({ booking_id: 'Nils' })).toBe(msg.customerBookingIdInvalid);
    expect(errorOf({ booking_id: '20261124-2', phone: '0701112233' })).toBe(msg.customerQueryOne);
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

describe('one VIP, one key (rule: erasure)', () => {
  const added = (id: number, email: string): VipCustomerEvent => ({
    type: 'VipCustomerAdded',
    data: { id, email, name: 'Vera', phone: null, notes: null, active: true, created_at: '2026-11-23T08:00:00Z' },
  });
  const updated = (id: number, email: string): VipCustomerEvent => ({
    type: 'VipCustomerUpdated',
    data: { id, email, name: 'Vera', phone: null, notes: null, active: true },
  });
  const fold = (events: VipCustomerEvent[]) =>
    events.reduce((state, event) => vipCustomersDecider.evolve(state, event), vipCustomersDecider.initialState());

  it('seals a VIP entry and its invitations under the entry’s key, whatever e-mail it holds', () => {
    expect(ownerOfRecord('VipCustomerAdded', { id: 7, email: 'old@example.se' })).toBe(vipOwner(7));
    expect(ownerOfRecord('VipCustomerUpdated', { id: 7, email: 'new@example.se' })).toBe(vipOwner(7));
    expect(ownerOfRecord('VipInvitationsSent', { vip_customer_id: 7, email: 'old@example.se' })).toBe(vipOwner(7));
    // Every other record stays its e-mail's.
    expect(ownerOfRecord('BookingPlaced', { email: 'Old@example.se' })).toBe('old@example.se');
  });

  it('finds the entries that ever held an address, removed ones too, with every address each has held', () => {
    const state = fold([
      added(1, 'old@example.se'),
      updated(1, 'new@example.se'),
      added(2, 'other@example.se'),
      { type: 'VipCustomerRemoved', data: { id: 1 } },
      // An erased entry's e-mail reads "[raderad]": not an address of anyone.
      updated(2, '[raderad]'),
    ]);
    expect(vipEntriesEverNamed(state, ' OLD@example.se')).toEqual([
      { id: 1, emails: ['old@example.se', 'new@example.se'] },
    ]);
    expect(vipEntriesEverNamed(state, 'new@example.se')).toEqual([
      { id: 1, emails: ['old@example.se', 'new@example.se'] },
    ]);
    expect(vipEntriesEverNamed(state, 'other@example.se')).toEqual([{ id: 2, emails: ['other@example.se'] }]);
    expect(vipEntriesEverNamed(state, 'nobody@example.se')).toEqual([]);
  });

  it('records the VIP entry’s key beside the customer’s in the erasure, and only when there is one', () => {
    const command = {
      type: 'EraseCustomer' as const,
      customerId: 'k1',
      keySerial: 's1',
      reason: 'request' as const,
      found: {
        booking_ids: [],
        waitlist_ids: [],
        vip_customer_ids: [7],
        invitation_ids: [],
        mail_ids: [],
        staff_mail_ids: [],
      },
      lastBookingAt: null,
      lastRecordAt: null,
      now: new Date('2026-11-23T08:00:00Z'),
    };
    const withEntry = customerDecider.decide(
      { ...command, entryKeys: [{ customer_key: 'v7', key_serial: 'sv' }] },
      customerDecider.initialState(),
    );
    expect(withEntry[0].data.entry_keys).toEqual([{ customer_key: 'v7', key_serial: 'sv' }]);
    expect(customerDecider.decide(command, customerDecider.initialState())[0].data).not.toHaveProperty('entry_keys');
  });
});
