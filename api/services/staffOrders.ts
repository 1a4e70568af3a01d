// Staff order entry (rule: staff-orders): a counter or phone order, decided in the day stream
// like an online booking (the same capacity), confirmed at once, with the staff member recorded.
import { NO_DAILY_STOCK, type DailyStockReader } from './dailyStockReader.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import type { PlaceStaffOrder } from '../../domain/kioskDay/staffOrder.js';
import type { Position } from '../../domain/eventStore.js';
import type { StaffOrderPayload } from '../../domain/payloads.js';
import type { Commands } from './commands.js';
import type { MenuService } from './menu.js';
import type { SettingsService } from './settings.js';
import type { ClosuresInEffect } from './closuresInEffect.js';
import { orderLines } from '../../domain/kioskDay/orderLines.js';

export class StaffOrdersService {
  constructor(
    private readonly commands: Commands,
    private readonly settings: SettingsService,
    private readonly menu: MenuService,
    private readonly closures: Pick<ClosuresInEffect, 'current'>,
    /** The daily stock per pizza and per base (rule: daily-stock), read with the settings for every order. */
    private readonly stock: DailyStockReader = NO_DAILY_STOCK,
  ) {}

  /**
   * Places the order; answers its number and the position an answer must show. With an
   * idempotency key a retry places nothing and answers the order first placed under it.
   */
  async place(
    payload: StaffOrderPayload,
    staff: { admin_id: number; email: string },
    idempotencyKey: string | null,
  ): Promise<{ booking_id: string; position: Position }> {
    const [settings, menu, closures, stock, pools] = await Promise.all([
      this.settings.current(),
      this.menu.forLines(),
      this.closures.current(),
      this.stock.dailyStock(),
      this.stock.stockPools(),
    ]);
    const command: PlaceStaffOrder = {
      type: 'PlaceStaffOrder',
      source: payload.source,
      date: payload.date,
      time: payload.time,
      lines: orderLines(payload.items, menu),
      customer: { name: payload.name, email: payload.email, phone: payload.phone },
      dine_in: payload.dine_in,
      comment: payload.comment,
      staff,
      overrideCapacity: payload.override_capacity,
      settings,
      closures,
      clock: this.commands.clock(),
      idempotencyKey,
      stock,
      pools,
    };
    // The staff member is the events' actor too, as for every staff command.
    const result = await this.commands.write(kioskDayStream(payload.date), kioskDayDecider, command, staff.email);
    const placed = result.events.find((e) => e.type === 'BookingPlaced');
    if (placed?.type === 'BookingPlaced') return { booking_id: placed.data.booking_id, position: result.position };
    const state = result.state;
    const earlier = idempotencyKey !== null ? state.byIdempotencyKey.get(idempotencyKey) : undefined;
    if (!earlier) throw new Error(`PlaceStaffOrder on ${payload.date} decided no event and no earlier order`);
    return { booking_id: earlier.booking_id, position: result.position };
  }
}
