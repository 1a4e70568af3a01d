// SMS to the customer (rule: sms-notices in domain/README.md): the number in E.164 and the ready
// notice's channel.
import { describe, expect, it } from 'vitest';
import { mobileE164, readyChannel, readySms } from '../../domain/sms/sms.js';

describe('mobileE164', () => {
  it('turns a Swedish mobile number written nationally into +467…', () => {
    expect(mobileE164('070-123 45 67')).toBe('+46701234567');
    expect(mobileE164(' 073 (987) 65.43 ')).toBe('+46739876543');
  });
  it('keeps a number written internationally, with + or 00', () => {
    expect(mobileE164('+46 70 123 45 67')).toBe('+46701234567');
    expect(mobileE164('0046701234567')).toBe('+46701234567');
    expect(mobileE164('+47 912 34 567')).toBe('+4791234567');
  });
  it('refuses Swedish landlines, short numbers, letters and nothing', () => {
    expect(mobileE164('08-123 456 78')).toBeNull();
    expect(mobileE164('+46 8 123 456 78')).toBeNull();
    expect(mobileE164('0701234')).toBeNull();
    expect(mobileE164('+1234567')).toBeNull();
    expect(mobileE164('+1234567890123456')).toBeNull();
    expect(mobileE164('070 ring mig')).toBeNull();
    expect(mobileE164('')).toBeNull();
    expect(mobileE164(null)).toBeNull();
    expect(mobileE164('[raderad]')).toBeNull();
  });
});

describe('readyChannel', () => {
  const sms = { pushSubscriptions: 0, smsWanted: true, phone: '0701234567', smsConfigured: true };
  it('given a push subscription, pushes (also when an SMS was asked for)', () => {
    expect(readyChannel({ ...sms, pushSubscriptions: 1 })).toBe('push');
  });
  it('given the tick, a mobile number and SMS configured, sends an SMS', () => {
    expect(readyChannel(sms)).toBe('sms');
  });
  it('otherwise mails: no tick, an erased tick, no mobile number, SMS not configured', () => {
    expect(readyChannel({ ...sms, smsWanted: undefined })).toBe('mail');
    expect(readyChannel({ ...sms, smsWanted: '[raderad]' })).toBe('mail');
    expect(readyChannel({ ...sms, phone: '08-123 456 78' })).toBe('mail');
    expect(readyChannel({ ...sms, phone: null })).toBe('mail');
    expect(readyChannel({ ...sms, smsConfigured: false })).toBe('mail');
  });
});

describe('readySms', () => {
  it('names the kiosk and the order, for collecting or for the table', () => {
    expect(readySms({ booking_id: '20261124-7', dine_in: false }, 'Pizzakiosken')).toBe(
      'Pizzakiosken: Din pizza (order 20261124-7) är klar att hämta i luckan.',
    );
    expect(readySms({ booking_id: '20261124-7', dine_in: true }, 'Pizzakiosken')).toContain('serveras strax');
  });
});
