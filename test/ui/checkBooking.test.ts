// The booking form's checks (ui/features/booking/lib/checkBooking.ts) are the domain's schema and
// SMS rule: the Swedish messages SPEC 5 asks for land on the fields the form shows them at.
import { describe, expect, it } from 'vitest';
import { customerMsg } from '../../domain/customerMessages.js';
import { checkBooking } from '../../ui/features/booking/lib/checkBooking.js';

const valid = {
  date: '2026-06-12',
  time: '18:15',
  name: 'Anna Andersson',
  email: 'anna@example.se',
  phone: null as string | null,
  dine_in: false,
  comment: null,
  items: [{ pizza_id: 1, qty: 2 }],
  requested_pizzas: 2,
};

describe("the booking form's checks", () => {
  it('pass a whole booking, trimmed as the server keeps it', () => {
    const checked = checkBooking({ ...valid, name: '  Anna Andersson ', email: ' anna@example.se ' });
    expect(checked).toMatchObject({ ok: true, data: { name: 'Anna Andersson', email: 'anna@example.se' } });
  });

  it("show SPEC 5's messages per field", () => {
    const checked = checkBooking({ ...valid, date: '', time: '', name: 'A', email: 'anna' });
    expect(checked.ok).toBe(false);
    expect(checked.ok ? null : checked.errors).toMatchObject({
      date: customerMsg.dateRequired,
      time: customerMsg.timeRequired,
      name: customerMsg.nameTooShort,
      email: customerMsg.invalidEmail,
    });
  });

  it('ask for a mobile number when the SMS is ticked, beside the other messages', () => {
    const checked = checkBooking({ ...valid, name: '', phone: '08-123 456', sms_when_ready: true });
    expect(checked.ok ? null : checked.errors).toMatchObject({
      name: customerMsg.nameTooShort,
      phone: customerMsg.smsNeedsMobile,
    });
    expect(checkBooking({ ...valid, phone: '070-123 45 67', sms_when_ready: true }).ok).toBe(true);
    expect(checkBooking({ ...valid, phone: null, sms_when_ready: false }).ok).toBe(true);
  });

  it('keep the extras and removals of a line (the old hand-written copy dropped them)', () => {
    const checked = checkBooking({
      ...valid,
      items: [{ pizza_id: 1, qty: 2, extras: [3], without: ['lök'] }],
    });
    expect(checked.ok && checked.data.items[0]).toMatchObject({ extras: [3], without: ['lök'] });
  });
});
