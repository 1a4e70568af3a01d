// The order status screen's board (rule: order-status-screen in domain/README.md).
import { describe, expect, it } from 'vitest';
import { orderStatusBoard, statusOnBoard, type OrderOnBoard } from '../../domain/kioskDay/orderStatusBoard.js';

const TODAY = '2026-11-24';
const order = (id: string, overrides: Partial<OrderOnBoard> = {}): OrderOnBoard => ({
  id,
  booking_date: TODAY,
  booking_time: '18:00',
  status: 'confirmed',
  kitchen_status: null,
  ...overrides,
});

describe('the order status board (rule: order-status-screen)', () => {
  it('given orders in the oven and on the counter, shows their numbers under I ugnen and Klar att hämta', () => {
    const board = orderStatusBoard(
      [order('20261124-1', { kitchen_status: 'baking' }), order('20261124-2', { kitchen_status: 'ready' })],
      TODAY,
    );
    expect(board).toEqual({ baking: ['20261124-1'], ready: ['20261124-2'] });
  });

  it('leaves out orders not yet in the oven, collected, served or not collected', () => {
    const board = orderStatusBoard(
      [
        order('20261124-1'),
        order('20261124-2', { kitchen_status: 'picked_up' }),
        order('20261124-3', { kitchen_status: 'no_show' }),
      ],
      TODAY,
    );
    expect(board).toEqual({ baking: [], ready: [] });
  });

  it('leaves out cancelled and pending orders, whatever their kitchen status says', () => {
    const board = orderStatusBoard(
      [
        order('20261124-1', { status: 'cancelled', kitchen_status: 'ready' }),
        order('20261124-2', { status: 'pending', kitchen_status: 'baking' }),
      ],
      TODAY,
    );
    expect(board).toEqual({ baking: [], ready: [] });
  });

  it('drops an earlier day never marked collected, and keeps an order marked early for a later day', () => {
    const board = orderStatusBoard(
      [
        order('20261123-4', { booking_date: '2026-11-23', kitchen_status: 'ready' }),
        order('20261125-1', { booking_date: '2026-11-25', kitchen_status: 'baking' }),
      ],
      TODAY,
    );
    expect(board).toEqual({ baking: ['20261125-1'], ready: [] });
  });

  it('lists the earliest booked time first, then by number (10 after 9)', () => {
    const board = orderStatusBoard(
      [
        order('20261124-10', { booking_time: '18:15', kitchen_status: 'baking' }),
        order('20261124-9', { booking_time: '18:15', kitchen_status: 'baking' }),
        order('20261124-11', { booking_time: '18:00', kitchen_status: 'baking' }),
      ],
      TODAY,
    );
    expect(board.baking).toEqual(['20261124-11', '20261124-9', '20261124-10']);
  });

  it('tells where one order is', () => {
    const board = { baking: ['20261124-1'], ready: ['20261124-2'] };
    expect(statusOnBoard(board, '20261124-1')).toBe('baking');
    expect(statusOnBoard(board, '20261124-2')).toBe('ready');
    expect(statusOnBoard(board, '20261124-3')).toBeNull();
  });
});
