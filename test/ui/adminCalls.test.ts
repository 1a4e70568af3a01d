// The admin's shared call helpers: a page's first HTML carries only the fields it shows.
import { describe, expect, it } from 'vitest';
import { pickFields } from '../../ui/components/admin/adminCalls.js';
import { bookingRow, type Booking } from '../../ui/features/bookings/api/bookings.js';

describe('pickFields', () => {
  it('keeps the named fields and drops the rest', () => {
    const pick = pickFields<{ id: number; name: string; secret: string }, 'id' | 'name'>(['id', 'name']);
    expect(pick({ id: 1, name: 'Margherita', secret: 'x' })).toEqual({ id: 1, name: 'Margherita' });
  });
});

describe('bookingRow', () => {
  it('ships a list row without the fields the list does not show, and a missing delay as null', () => {
    const booking = {
      id: 'B1',
      name: 'Anna',
      email: 'anna@example.se',
      phone: '0701234567',
      booking_date: '2026-12-01',
      booking_time: '12:00',
      pizza_summary: '1× Margherita',
      total_pizzas: 1,
      status: 'pending',
      kitchen_status: null,
      dine_in: false,
    } as unknown as Booking;
    const row = bookingRow(booking);
    expect(row).not.toHaveProperty('phone');
    expect(row.delayed_to).toBeNull();
    expect(Object.keys(row)).toEqual([
      'id',
      'name',
      'email',
      'booking_date',
      'booking_time',
      'pizza_summary',
      'total_pizzas',
      'status',
      'kitchen_status',
      'dine_in',
      'delayed_to',
    ]);
  });
});
