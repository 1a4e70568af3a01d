// Shared test data for the domain tests: one fixed clock and dates counted from it.
import type { PlaceBooking } from '../../domain/kioskDay/placeBooking.js';
import type { BookingLine, BookingPlacedData, KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import type { VipAccess } from '../../domain/kioskDay/schedule.js';
import { defaultSettings, type Settings } from '../../domain/settings/settings.js';
import { addDays, type Clock } from '../../domain/shared/time.js';

export const KIOSK_TZ = 'Europe/Stockholm';
/** Monday 2026-11-23, 10:00 on the kiosk's wall clock (CET, UTC+1). */
export const clock: Clock = { now: new Date('2026-11-23T09:00:00Z'), timeZone: KIOSK_TZ };
export const clockAt = (iso: string): Clock => ({ now: new Date(iso), timeZone: KIOSK_TZ });

export const TODAY = '2026-11-23';
/** The date n days after TODAY (negative: before). */
export const day = (n: number) => addDays(TODAY, n);
export const TOMORROW = day(1);

export const settingsWith = (changes: Partial<Settings> = {}): Settings => ({ ...defaultSettings(), ...changes });

export const MARGHERITA = { pizza_id: 1, pizza_name: 'Margherita', price_cents: 9900 } as const;
export const VESUVIO = { pizza_id: 2, pizza_name: 'Vesuvio', price_cents: 10900 } as const;
export const line = (pizza: typeof MARGHERITA | typeof VESUVIO, qty: number): BookingLine => ({ ...pizza, qty });

export const generalVip: VipAccess = { customerId: 7, customerName: 'Anna Andersson', date: null };
export const vipFor = (date: string): VipAccess => ({ customerId: 7, customerName: 'Anna Andersson', date });

/**
 * A PlaceBooking command: by default n Margheritas (n = pizzas, default 1) at 12:00 tomorrow,
 * requested count equal to the lines, default settings, the fixed clock.
 */
export function order(options: Partial<PlaceBooking> & { pizzas?: number } = {}): PlaceBooking {
  const { pizzas = 1, ...rest } = options;
  const lines = rest.lines ?? [line(MARGHERITA, pizzas)];
  return {
    type: 'PlaceBooking',
    date: TOMORROW,
    time: '12:00',
    requestedPizzas: lines.reduce((sum, l) => sum + l.qty, 0),
    lines,
    customer: { name: 'Sven Svensson', email: 'sven@example.se', phone: null },
    dine_in: false,
    comment: null,
    discount: null,
    vip: null,
    settings: settingsWith(),
    closures: [],
    clock,
    ...rest,
  };
}

/** A BookingPlaced event as a given: `pizzas` Margheritas, number `${yyyyMMdd}-${seq}`. */
export function placed(
  options: { date?: string; time?: string; pizzas?: number; seq?: number; email?: string } = {},
): KioskDayEvent {
  const { date = TOMORROW, time = '12:00', pizzas = 1, seq = 1, email = 'sven@example.se' } = options;
  const data: BookingPlacedData = {
    booking_id: `${date.replaceAll('-', '')}-${seq}`,
    booking_date: date,
    booking_time: time,
    name: 'Sven Svensson',
    email,
    phone: null,
    dine_in: false,
    comment: null,
    items: [line(MARGHERITA, pizzas)],
    total_pizzas: pizzas,
    original_total_cents: pizzas * MARGHERITA.price_cents,
    discount_cents: 0,
    final_total_cents: pizzas * MARGHERITA.price_cents,
    bonus_code: null,
    discount_percentage: 0,
    vip_customer_id: null,
    placed_at: '2026-11-20T12:00:00.000Z',
  };
  return { type: 'BookingPlaced', data };
}

export const confirmed = (bookingId: string): KioskDayEvent => ({
  type: 'BookingConfirmed',
  data: { booking_id: bookingId, confirmed_at: '2026-11-21T08:00:00.000Z' },
});

/** A staff cancellation of a booking given with placed(). */
export function cancelled(booking: KioskDayEvent, previous: 'pending' | 'confirmed' = 'pending'): KioskDayEvent {
  if (booking.type !== 'BookingPlaced') throw new Error('cancelled() takes a BookingPlaced event');
  const b = booking.data;
  return {
    type: 'BookingCancelled',
    data: {
      booking_id: b.booking_id,
      by: 'staff',
      reason: 'Kunden ringde',
      cancelled_at: '2026-11-21T09:00:00.000Z',
      previous_status: previous,
      booking_date: b.booking_date,
      booking_time: b.booking_time,
      total_pizzas: b.total_pizzas,
      final_total_cents: b.final_total_cents,
      items: b.items,
    },
  };
}
