// Erasing a customer (domain/customers/erasure.ts, rule: erasure) and which parts of events are
// personal data (domain/customers/personalData.ts).
import { describe, expect, it } from 'vitest';
import {
  customerDecider,
  retentionCutoff,
  type CustomerCommand,
  type CustomerEvent,
  type ErasedRecords,
} from '../../domain/customers/erasure.js';
import { personalData } from '../../domain/customers/personalData.js';
import { given } from './givenWhenThen.js';

const customer = (...events: CustomerEvent[]) => given(customerDecider, events);
const found: ErasedRecords = {
  booking_ids: ['20261124-1'],
  waitlist_ids: [],
  vip_customer_ids: [],
  invitation_ids: [],
  mail_ids: ['m-customer'],
  staff_mail_ids: ['m-staff'],
};
const NOW = new Date('2027-06-01T03:00:00Z');
const erase = (over: Partial<CustomerCommand> = {}): CustomerCommand => ({
  type: 'EraseCustomer',
  customerId: 'k1',
  keySerial: 's1',
  reason: 'request',
  found,
  lastBookingAt: '2026-11-23T08:00:00.000Z',
  lastRecordAt: over.lastBookingAt !== undefined ? over.lastBookingAt : '2026-11-23T08:00:00.000Z',
  now: NOW,
  ...over,
});
const erased = (at: string, lastBookingAt: string | null): CustomerEvent => ({
  type: 'CustomerErased',
  data: {
    customer_key: 'k1',
    key_serial: 's1',
    reason: 'retention',
    erased_at: at,
    last_booking_at: lastBookingAt,
    ...found,
  },
});

/** The customer's newest booking before the cutoff: retention may erase them. */
const old = { cutoff: '2027-06-01', newestDate: '2027-05-20' };

describe('EraseCustomer (rule: erasure)', () => {
  it('records the erasure with the key, when, why and where the data was held, and nothing personal', () => {
    customer()
      .when(erase())
      .then([
        {
          type: 'CustomerErased',
          data: {
            customer_key: 'k1',
            key_serial: 's1',
            reason: 'request',
            erased_at: NOW.toISOString(),
            last_booking_at: '2026-11-23T08:00:00.000Z',
            last_record_at: '2026-11-23T08:00:00.000Z',
            ...found,
          },
        },
      ]);
  });

  it('records a request from staff every time it is made', () => {
    customer(erased('2027-05-01T00:00:00.000Z', '2026-11-23T08:00:00.000Z'))
      .when(erase())
      .thenMatches([{ type: 'CustomerErased', data: { reason: 'request' } }]);
  });

  it('erases for retention once: not again when an erasure covered the newest booking already (rule: personal-data-retention)', () => {
    customer(erased('2027-05-01T00:00:00.000Z', '2026-11-23T08:00:00.000Z'))
      .when(erase({ reason: 'retention', retention: old }))
      .then([]);
    customer(erased('2027-05-01T00:00:00.000Z', null))
      .when(erase({ reason: 'retention', lastBookingAt: null, retention: old }))
      .then([]);
  });

  it('erases for retention again a customer who booked after the last erasure', () => {
    customer(erased('2027-05-01T00:00:00.000Z', '2026-11-23T08:00:00.000Z'))
      .when(erase({ reason: 'retention', lastBookingAt: '2027-05-02T10:00:00.000Z', retention: old }))
      .thenMatches([
        { type: 'CustomerErased', data: { reason: 'retention', last_booking_at: '2027-05-02T10:00:00.000Z' } },
      ]);
  });
});

describe('personal data (rule: erasure)', () => {
  it('names the customer’s fields of a booking, a queue place, a VIP entry and each invitation recipient, the address among them', () => {
    for (const type of [
      'BookingPlaced',
      'WaitlistJoined',
      'VipCustomerAdded',
      'VipCustomerUpdated',
      'VipInvitationsSent',
    ]) {
      expect(personalData[type].fields).toContain('email');
      expect(personalData[type].fields).toContain('name');
    }
    expect(personalData.BookingPlaced.fields).toEqual(['name', 'email', 'phone', 'comment', 'sms_when_ready']);
    const recipients = [
      { email: 'a@example.se', name: 'A' },
      { email: 'b@example.se', name: 'B' },
    ];
    expect(personalData.VipInvitationsSent.records({ subject: 'Hej', recipients })).toEqual(recipients);
    // Events without personal data are not listed: their fields stay readable.
    expect(personalData.BookingConfirmed).toBeUndefined();
  });
});

describe('EraseCustomer for retention decides on the newest booking (rule: personal-data-retention)', () => {
  it('erases a customer whose newest booking is before the cutoff', () => {
    customer()
      .when(erase({ reason: 'retention', retention: old }))
      .thenMatches([{ type: 'CustomerErased', data: { reason: 'retention' } }]);
  });

  it('keeps a customer with a booking on or after the cutoff, or an upcoming one, also one placed during the sweep', () => {
    customer()
      .when(erase({ reason: 'retention', retention: { cutoff: '2027-06-01', newestDate: '2027-06-01' } }))
      .then([]);
    customer()
      .when(erase({ reason: 'retention', retention: { cutoff: '2027-06-01', newestDate: '2027-12-24' } }))
      .then([]);
  });

  it('erases nothing for retention without the check, or without a booking known', () => {
    customer()
      .when(erase({ reason: 'retention' }))
      .then([]);
    customer()
      .when(erase({ reason: 'retention', retention: { cutoff: '2027-06-01', newestDate: null } }))
      .then([]);
  });

  it('a request from staff is not held back by recent bookings', () => {
    customer()
      .when(erase({ reason: 'request', retention: { cutoff: '2027-06-01', newestDate: '2027-12-24' } }))
      .thenMatches([{ type: 'CustomerErased', data: { reason: 'request' } }]);
  });
});

describe('EraseCustomer for retention: a customer only on the waitlist or the VIP list expires too', () => {
  const onlyQueued = { ...found, booking_ids: [], waitlist_ids: ['w1'] };

  it('erases one whose newest record (a queue place) is before the cutoff, with no booking at all', () => {
    customer()
      .when(
        erase({
          reason: 'retention',
          found: onlyQueued,
          lastBookingAt: null,
          lastRecordAt: '2027-05-10T08:00:00.000Z',
          retention: old,
        }),
      )
      .thenMatches([
        { type: 'CustomerErased', data: { last_booking_at: null, last_record_at: '2027-05-10T08:00:00.000Z' } },
      ]);
  });

  it('erases them once, and again only after a newer record', () => {
    const before: CustomerEvent = {
      type: 'CustomerErased',
      data: { ...erased('2027-05-12T00:00:00.000Z', null).data, last_record_at: '2027-05-10T08:00:00.000Z' },
    };
    const again = (lastRecordAt: string) =>
      erase({ reason: 'retention', found: onlyQueued, lastBookingAt: null, lastRecordAt, retention: old });
    customer(before).when(again('2027-05-10T08:00:00.000Z')).then([]);
    customer(before)
      .when(again('2027-05-15T08:00:00.000Z'))
      .thenMatches([{ type: 'CustomerErased', data: { reason: 'retention' } }]);
  });
});

describe('retentionCutoff (rule: personal-data-retention)', () => {
  it('is today the set number of calendar months back, the day clamped to the month; none when the setting is 0', () => {
    expect(retentionCutoff('2027-06-15', 6)).toBe('2026-12-15');
    expect(retentionCutoff('2027-05-31', 3)).toBe('2027-02-28');
    expect(retentionCutoff('2028-05-31', 3)).toBe('2028-02-29');
    expect(retentionCutoff('2027-01-10', 13)).toBe('2025-12-10');
    expect(retentionCutoff('2027-06-15', 0)).toBeNull();
  });
});
