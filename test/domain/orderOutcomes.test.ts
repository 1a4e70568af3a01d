// The statistics' no-show and source figures (rules: no-shows, staff-orders in domain/README.md).
import { describe, expect, it } from 'vitest';
import { noShowFigures, sourceShares, type OrderOutcome } from '../../domain/stats/orderOutcomes.js';

const TODAY = '2026-11-23';
const b = (o: Partial<OrderOutcome> = {}): OrderOutcome => ({ booking_date: TODAY, status: 'confirmed', ...o });

describe('no-shows of a period (rule: no-shows)', () => {
  it('are the confirmed bookings up to today marked Uteblev, with their share', () => {
    const figures = noShowFigures(
      [
        b({ kitchen_status: 'no_show' }),
        b({ kitchen_status: 'picked_up' }),
        b({ booking_date: '2026-11-20', kitchen_status: 'no_show' }),
        b(),
        // Not yet due, cancelled or unconfirmed: outside the rate.
        b({ booking_date: '2026-11-24' }),
        b({ status: 'cancelled' }),
        b({ status: 'pending' }),
      ],
      TODAY,
    );
    expect(figures).toEqual({ no_shows: 2, no_show_rate: 50 });
  });
  it('are 0 and 0 % with nothing due', () => {
    expect(noShowFigures([b({ booking_date: '2026-11-30' })], TODAY)).toEqual({ no_shows: 0, no_show_rate: 0 });
  });
  it('round the rate to one decimal', () => {
    expect(noShowFigures([b({ kitchen_status: 'no_show' }), b(), b()], TODAY).no_show_rate).toBe(33.3);
  });
});

describe('orders per source (rule: staff-orders)', () => {
  it('count bookings from before sources as online, and leave cancelled ones out', () => {
    expect(
      sourceShares([
        b(),
        b({ source: 'online' }),
        b({ source: 'phone' }),
        b({ source: 'counter', status: 'cancelled' }),
      ]),
    ).toEqual([
      { source: 'online', bookings: 2, share: 66.7 },
      { source: 'counter', bookings: 0, share: 0 },
      { source: 'phone', bookings: 1, share: 33.3 },
    ]);
  });
});
