// rule swish-payment on the staff's and the kitchen's screens: an order paid with Swish in advance
// is marked so on the board and the ticket (staff never ask for the payment again); any other
// order carries no mark, as before.
import { describe, expect, it } from 'vitest';
import { kitchenOrder } from '../../ui/features/kitchen/api/kitchen.js';
import type { Booking } from '../../domain/answers/booking.js';

const booking = {
  id: '20261124-1',
  booking_time: '12:00',
  name: 'Anna',
  dine_in: false,
  comment: null,
  items: [{ pizza_id: 1, pizza_name: 'Margherita', qty: 1, price_cents: 9900 }],
  total_pizzas: 1,
  status: 'confirmed',
  kitchen_status: null,
} as unknown as Booking;

describe('the kitchen order of a booking paid with Swish', () => {
  it('is marked paid only when Swish said PAID', () => {
    expect(kitchenOrder(booking)).not.toHaveProperty('paid_with_swish');
    const paid = { method: 'swish', status: 'paid', amount_cents: 9900, payment_reference: 'R1' } as const;
    expect(kitchenOrder({ ...booking, payment: paid }).paid_with_swish).toBe(true);
    const requested = { method: 'swish', status: 'requested', amount_cents: 9900 } as const;
    expect(kitchenOrder({ ...booking, payment: requested })).not.toHaveProperty('paid_with_swish');
  });

  it('a pending booking still waiting for its payment is marked so, and only that one', () => {
    const requested = { method: 'swish', status: 'requested', amount_cents: 9900 } as const;
    const waiting = { ...booking, status: 'pending', payment: requested } as Booking;
    expect(kitchenOrder(waiting).awaiting_swish).toBe(true);
    expect(kitchenOrder(booking)).not.toHaveProperty('awaiting_swish');
    const paid = { method: 'swish', status: 'paid', amount_cents: 9900, payment_reference: 'R1' } as const;
    expect(kitchenOrder({ ...booking, payment: paid })).not.toHaveProperty('awaiting_swish');
  });
});
