// What an order costs (rules: order-lines, prices-and-discounts): one reckoning for the placed
// order's record, the booking page's cart and the staff order dialog.
import { describe, expect, it } from 'vitest';
import { lineTotalCents, linesTotalCents, orderPrice, unitPriceCents } from '../../domain/kioskDay/orderPrice.js';
import { ORDER_TEXT_MAX } from '../../domain/kioskDay/orderLimits.js';
import { bookingPayloadSchema, staffOrderPayloadSchema } from '../../domain/payloads.js';

describe("an order's price", () => {
  it("prices a line's unit as the pizza's plus its extras'", () => {
    expect(unitPriceCents(9900, [])).toBe(9900);
    expect(unitPriceCents(9900, [{ price_cents: 1500 }, { price_cents: 1000 }])).toBe(12400);
  });

  it('totals the lines, each its quantity times its unit price', () => {
    expect(lineTotalCents({ qty: 3, price_cents: 9900 })).toBe(29700);
    expect(linesTotalCents([])).toBe(0);
    expect(
      linesTotalCents([
        { qty: 2, price_cents: 9900 },
        { qty: 1, price_cents: 10900 },
      ]),
    ).toBe(30700);
  });

  it('takes a bonus-code discount off in whole cents, none without a percentage', () => {
    const lines = [{ qty: 3, price_cents: 9900 }];
    expect(orderPrice(lines, null)).toEqual({ original_cents: 29700, discount_cents: 0, final_cents: 29700 });
    expect(orderPrice(lines, 0)).toEqual({ original_cents: 29700, discount_cents: 0, final_cents: 29700 });
    expect(orderPrice(lines, 12.5)).toEqual({ original_cents: 29700, discount_cents: 3713, final_cents: 25987 });
  });
});

describe("an order's texts", () => {
  const booking = {
    date: '2030-01-02',
    time: '12:00',
    name: 'Tora Tid',
    email: 'tora@example.se',
    items: [{ pizza_id: 1, qty: 1 }],
    requested_pizzas: 1,
  };
  const staffOrder = { source: 'counter', date: '2030-01-02', time: '12:00', items: [{ pizza_id: 1, qty: 1 }] };

  it('are taken up to the limits the forms stop typing at, and refused beyond them', () => {
    for (const [field, max] of Object.entries(ORDER_TEXT_MAX)) {
      const at = 'a'.repeat(max);
      const over = 'a'.repeat(max + 1);
      expect(bookingPayloadSchema.safeParse({ ...booking, [field]: at }).success).toBe(true);
      expect(bookingPayloadSchema.safeParse({ ...booking, [field]: over }).success).toBe(false);
      expect(staffOrderPayloadSchema.safeParse({ ...staffOrder, [field]: at }).success).toBe(true);
      expect(staffOrderPayloadSchema.safeParse({ ...staffOrder, [field]: over }).success).toBe(false);
    }
  });
});
