// Request payload schemas (domain/payloads.ts): SPEC 5 messages word for word, and the defaults
// and normalisation the api relies on. The api answers the first issue's message.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  availabilityQuerySchema,
  bookingPayloadSchema,
  bookingsQuerySchema,
  bookingsReportQuerySchema,
  calendarDaySchema,
  dailyReportQuerySchema,
  lookupSchema,
  loginSchema,
  openDaysQuerySchema,
  staffCancelSchema,
  statsQuerySchema,
  validateBonusCodeSchema,
  vipInvitationSchema,
  vipLinkForDateSchema,
  vipLinkSchema,
  waitlistBookSchema,
} from '../../domain/payloads.js';

const firstError = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

const booking = (changes: Record<string, unknown> = {}) => ({
  date: '2026-11-24',
  time: '12:00',
  name: 'Sven Svensson',
  email: 'sven@example.se',
  dine_in: false,
  items: [{ pizza_id: 1, qty: 2 }],
  requested_pizzas: 2,
  ...changes,
});

describe('the booking payload (SPEC 3 and 5)', () => {
  it('parses a full booking, normalising date and time', () => {
    expect(
      bookingPayloadSchema.parse(
        booking({ date: '2026-11-24T00:00:00.000Z', time: '9:00', phone: ' 070-1 ', bonus_code: 'sommar10' }),
      ),
    ).toEqual({
      date: '2026-11-24',
      time: '09:00',
      name: 'Sven Svensson',
      email: 'sven@example.se',
      phone: '070-1',
      dine_in: false,
      comment: null,
      items: [{ pizza_id: 1, qty: 2 }],
      requested_pizzas: 2,
      bonus_code: 'sommar10',
      vip_token: null,
    });
  });

  it('given a booking without dine_in, when it is read, then it is take-away, the booking page’s default (rule: dine-in)', () => {
    const { dine_in: _, ...rest } = booking();
    expect(bookingPayloadSchema.parse(rest)).toMatchObject({ phone: null, dine_in: false });
    expect(bookingPayloadSchema.parse({ ...rest, dine_in: true })).toMatchObject({ dine_in: true });
    expect(waitlistBookSchema.parse({ name: 'Sven Svensson', email: 'sven@example.se', items: [] })).toMatchObject({
      dine_in: false,
    });
  });

  it("requires a date: 'Välj ett datum'", () => {
    expect(firstError(bookingPayloadSchema, booking({ date: undefined }))).toBe('Välj ett datum');
    expect(firstError(bookingPayloadSchema, booking({ date: '' }))).toBe('Välj ett datum');
  });

  it("requires a time: 'Välj en tid'", () => {
    expect(firstError(bookingPayloadSchema, booking({ time: undefined }))).toBe('Välj en tid');
    expect(firstError(bookingPayloadSchema, booking({ time: '' }))).toBe('Välj en tid');
  });

  it("refuses a name shorter than 2 characters: 'Namn måste vara minst 2 tecken'", () => {
    expect(firstError(bookingPayloadSchema, booking({ name: 'A' }))).toBe('Namn måste vara minst 2 tecken');
    expect(firstError(bookingPayloadSchema, booking({ name: ' A ' }))).toBe('Namn måste vara minst 2 tecken');
    expect(firstError(bookingPayloadSchema, booking({ name: undefined }))).toBe('Namn måste vara minst 2 tecken');
    expect(bookingPayloadSchema.parse(booking({ name: 'Bo' })).name).toBe('Bo');
  });

  it("refuses an invalid e-mail: 'Ogiltig e-postadress'", () => {
    expect(firstError(bookingPayloadSchema, booking({ email: 'sven.example.se' }))).toBe('Ogiltig e-postadress');
    expect(firstError(bookingPayloadSchema, booking({ email: undefined }))).toBe('Ogiltig e-postadress');
  });

  it("refuses missing items: 'Välj minst en pizza'", () => {
    expect(firstError(bookingPayloadSchema, booking({ items: undefined }))).toBe('Välj minst en pizza');
  });

  it('refuses an invalid date or time with our own messages', () => {
    expect(firstError(bookingPayloadSchema, booking({ date: '2026-02-30' }))).toBe('Ogiltigt datum');
    expect(firstError(bookingPayloadSchema, booking({ time: '25:00' }))).toBe('Ogiltig tid');
  });

  it("refuses a requested count below 1: 'Antal pizzor måste vara minst 1'", () => {
    expect(firstError(bookingPayloadSchema, booking({ requested_pizzas: 0 }))).toBe('Antal pizzor måste vara minst 1');
  });
});

describe('admin login (SPEC 5)', () => {
  it("refuses an invalid e-mail: 'Ogiltig e-postadress'", () => {
    expect(firstError(loginSchema, { email: 'admin', password: 'x' })).toBe('Ogiltig e-postadress');
  });

  it("requires a password: 'Lösenord krävs'", () => {
    expect(firstError(loginSchema, { email: 'admin@pizzakiosken.se', password: '' })).toBe('Lösenord krävs');
    expect(firstError(loginSchema, { email: 'admin@pizzakiosken.se' })).toBe('Lösenord krävs');
  });
});

describe('reports (SPEC 5)', () => {
  it("the daily report needs a real YYYY-MM-DD date: 'Välj ett giltigt datum'", () => {
    expect(dailyReportQuerySchema.parse({ date: '2026-11-23' })).toEqual({ date: '2026-11-23' });
    for (const date of [undefined, '', '2026-11-3', '23/11/2026', '2026-13-01', '2026-11-23T10:00:00Z']) {
      expect(firstError(dailyReportQuerySchema, { date })).toBe('Välj ett giltigt datum');
    }
  });

  it("the bookings report needs both dates: 'Välj både start- och slutdatum'", () => {
    expect(firstError(bookingsReportQuerySchema, {})).toBe('Välj både start- och slutdatum');
    expect(firstError(bookingsReportQuerySchema, { startDate: '2026-11-01' })).toBe('Välj både start- och slutdatum');
    expect(firstError(bookingsReportQuerySchema, { startDate: '', endDate: '2026-11-30' })).toBe(
      'Välj både start- och slutdatum',
    );
  });

  it("refuses a start after the end: 'Startdatum måste vara före slutdatum'; one day is fine", () => {
    expect(firstError(bookingsReportQuerySchema, { startDate: '2026-11-30', endDate: '2026-11-01' })).toBe(
      'Startdatum måste vara före slutdatum',
    );
    expect(bookingsReportQuerySchema.parse({ startDate: '2026-11-23', endDate: '2026-11-23' })).toEqual({
      startDate: '2026-11-23',
      endDate: '2026-11-23',
    });
  });
});

describe('lookup and cancel (SPEC 5: e-mail and booking number required)', () => {
  it('requires both, taking a numeric booking number as text', () => {
    expect(lookupSchema.parse({ email: 'sven@example.se', booking_id: ' 20261124-1 ' })).toEqual({
      email: 'sven@example.se',
      booking_id: '20261124-1',
    });
    expect(lookupSchema.parse({ email: 'sven@example.se', booking_id: 42 }).booking_id).toBe('42');
    expect(firstError(lookupSchema, { email: '', booking_id: '20261124-1' })).toBe(
      'Ange e-postadress och bokningsnummer',
    );
    expect(firstError(lookupSchema, { email: 'sven@example.se' })).toBe('Ange e-postadress och bokningsnummer');
  });

  it("staff cancellation needs a reason: 'Ange en anledning till avbokningen'", () => {
    expect(firstError(staffCancelSchema, { reason: '   ' })).toBe('Ange en anledning till avbokningen');
    expect(staffCancelSchema.parse({ reason: ' Sjuk ' })).toEqual({ reason: 'Sjuk' });
  });

  it("a bonus code to validate is required: 'Bonuskod krävs'", () => {
    expect(firstError(validateBonusCodeSchema, { code: ' ' })).toBe('Bonuskod krävs');
  });
});

describe('queries', () => {
  it('open days default to 30 (SPEC 9), also for nonsense', () => {
    expect(openDaysQuerySchema.parse({})).toEqual({ days: 30, vip_token: null });
    expect(openDaysQuerySchema.parse({ days: 'abc', vip_token: 'tok' })).toEqual({ days: 30, vip_token: 'tok' });
    expect(openDaysQuerySchema.parse({ days: '7' }).days).toBe(7);
  });

  it('availability needs a date and defaults to 1 pizza', () => {
    expect(availabilityQuerySchema.parse({ date: '2026-11-24' })).toEqual({
      date: '2026-11-24',
      pizzas: 1,
      vip_token: null,
    });
    expect(firstError(availabilityQuerySchema, {})).toBe('Välj ett datum');
    expect(firstError(availabilityQuerySchema, { date: '2026-11-24', pizzas: 0 })).toBe(
      'Antal pizzor måste vara minst 1',
    );
  });

  it("the bookings list takes status and date filters, 'today' and 'tomorrow' included (SPEC 2)", () => {
    expect(bookingsQuerySchema.parse({ status: 'pending', date: 'today' })).toEqual({
      status: 'pending',
      date: 'today',
    });
    expect(bookingsQuerySchema.parse({ date: '2026-11-24' })).toEqual({ date: '2026-11-24' });
    expect(bookingsQuerySchema.safeParse({ status: 'weird' }).success).toBe(false);
  });

  it("statistics default to period 'week', limit 10, group_by 'day' (SPEC 2 and 9)", () => {
    expect(statsQuerySchema.parse({})).toEqual({ period: 'week', limit: 10, group_by: 'day' });
    expect(statsQuerySchema.parse({ period: 'decade' }).period).toBe('week');
    expect(statsQuerySchema.parse({ period: 'year', group_by: 'month' })).toMatchObject({
      period: 'year',
      group_by: 'month',
    });
  });

  it('a calendar day takes isOpen as boolean or flag, times optional', () => {
    expect(calendarDaySchema.parse({ date: '2026-11-24', isOpen: 0 })).toEqual({ date: '2026-11-24', isOpen: false });
    expect(calendarDaySchema.parse({ date: '2026-11-24', isOpen: true, openTime: '9:00', closeTime: '21:00' })).toEqual(
      {
        date: '2026-11-24',
        isOpen: true,
        openTime: '09:00',
        closeTime: '21:00',
      },
    );
  });
});

describe('VIP link and invitation payloads (rule: vip-links)', () => {
  it('a link for a customer lasts 72 h by default, clamped to 1-240', () => {
    expect(vipLinkSchema.parse({ vip_customer_id: 3 })).toEqual({
      vip_customer_id: 3,
      expires_hours: 72,
      vip_date_id: null,
    });
    expect(vipLinkSchema.parse({ vip_customer_id: '3', expires_hours: 1000, vip_date_id: '2026-12-05' })).toEqual({
      vip_customer_id: 3,
      expires_hours: 240,
      vip_date_id: '2026-12-05',
    });
    expect(vipLinkSchema.parse({ vip_customer_id: 3, expires_hours: -4 }).expires_hours).toBe(1);
    expect(vipLinkSchema.parse({ vip_customer_id: 3, vip_date_id: '' }).vip_date_id).toBeNull();
  });

  it('a link for a calendar date lasts 168 h by default, also when the field is blank, clamped to 1-240', () => {
    for (const expires_hours of [undefined, '', null, 0, 'abc']) {
      expect(vipLinkForDateSchema.parse({ vip_date_id: '2026-12-05', expires_hours }).expires_hours).toBe(168);
    }
    expect(vipLinkForDateSchema.parse({ vip_date_id: '2026-12-05', expires_hours: 24 }).expires_hours).toBe(24);
    expect(vipLinkForDateSchema.parse({ vip_date_id: '2026-12-05', expires_hours: 500 }).expires_hours).toBe(240);
  });

  it("a calendar link needs a real VIP date id: 'VIP-datumet finns inte'", () => {
    expect(firstError(vipLinkForDateSchema, { vip_date_id: 'x' })).toBe('VIP-datumet finns inte');
  });

  it('invitations: validity 1-168 whole hours, default 72', () => {
    const base = { customer_ids: [1, '2'], subject: 'Hej', message: 'Välkommen {name}' };
    expect(vipInvitationSchema.parse(base)).toEqual({
      ...base,
      customer_ids: [1, 2],
      expires_hours: 72,
      vip_date_id: null,
    });
    expect(vipInvitationSchema.parse({ ...base, expires_hours: 168 }).expires_hours).toBe(168);
    for (const expires_hours of [0, 169, 2.5]) {
      expect(firstError(vipInvitationSchema, { ...base, expires_hours })).toBe(
        'Giltighetstiden måste vara mellan 1 och 168 timmar',
      );
    }
  });

  it('invitations need customers, a subject and a message', () => {
    const base = { customer_ids: [1], subject: 'Hej', message: 'Välkommen' };
    expect(firstError(vipInvitationSchema, { ...base, customer_ids: [] })).toBe('Välj minst en kund');
    expect(firstError(vipInvitationSchema, { ...base, subject: ' ' })).toBe('Ämne krävs');
    expect(firstError(vipInvitationSchema, { ...base, message: '' })).toBe('Meddelande krävs');
  });
});
