// SMS to the customer (rule: sms-notices in domain/README.md): the number in E.164 and the ready
// texts (the channel: test/domain/noticeChannel.test.ts).
import { describe, expect, it } from 'vitest';
import { delayUndoneSms, delayedSms, mobileE164, readySms, reminderSms } from '../../domain/sms/sms.js';

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

describe('readySms', () => {
  it('names the kiosk and the order, for collecting or for the table', () => {
    expect(readySms({ booking_id: '20261124-7', dine_in: false }, 'Pizzakiosken')).toBe(
      'Pizzakiosken: Din pizza (order 20261124-7) är klar att hämta i luckan.',
    );
    expect(readySms({ booking_id: '20261124-7', dine_in: true }, 'Pizzakiosken')).toContain('serveras strax');
  });
});

describe('the reminder and delay texts', () => {
  const booking = { booking_id: '20261124-7', booking_time: '18:30', dine_in: false };
  it('reminds of the order and the time, for collecting or for the table', () => {
    expect(reminderSms(booking, 'Pizzakiosken')).toBe(
      'Pizzakiosken: Påminnelse: din beställning (order 20261124-7) är klar att hämta kl. 18:30.',
    );
    expect(reminderSms({ ...booking, dine_in: true }, 'Pizzakiosken')).toBe(
      'Pizzakiosken: Påminnelse: vi väntar på dig kl. 18:30 (order 20261124-7).',
    );
  });
  it('gives the new time of a delay, and the booked time again when it is undone', () => {
    expect(delayedSms(booking, { minutes: 15, delayed_to: '18:45' }, 'Pizzakiosken')).toBe(
      'Pizzakiosken: Vi ligger efter i köket. Din beställning (order 20261124-7) blir klar kl. 18:45 i stället för kl. 18:30. Förlåt för väntan!',
    );
    expect(delayUndoneSms(booking, 'Pizzakiosken')).toBe(
      'Pizzakiosken: Vi hann ikapp: din beställning (order 20261124-7) blir klar kl. 18:30 som du bokade.',
    );
  });
});
