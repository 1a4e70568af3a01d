// Bookings on the kiosk-day streams: placing one (with its bonus-code use on the bonus-codes
// stream), confirming, cancelling by staff or customer (giving the code's use back), the system's
// steps (expiring an unconfirmed booking, recording a reminder: api/timers), and the booking's
// history read from the event log.
import { NO_DAILY_STOCK, type DailyStockReader } from './dailyStockReader.js';
import { checkSmsTick } from '../../domain/sms/sms.js';
import { orderLines } from '../../domain/kioskDay/orderLines.js';
import { randomUUID } from 'node:crypto';
import type { Position } from '../../domain/eventStore.js';
import type { DomainEvent } from '../../domain/shared/decider.js';
import { msg } from '../../domain/messages.js';
import { DomainError, notFound } from '../../domain/shared/errors.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { PlaceBooking } from '../../domain/kioskDay/placeBooking.js';
import type { KitchenStep } from '../../domain/kioskDay/kitchen.js';
import { dateOfBookingId, kioskDayStream, type BookingPlacedData } from '../../domain/kioskDay/kioskDay.js';
import { bookingHistory, type BookingHistoryEntry } from '../../domain/kioskDay/history.js';
import { BONUS_CODES_STREAM, bonusCodesDecider, findByCode } from '../../domain/bonusCodes/bonusCodes.js';
import {
  bookingRefFor,
  holdsKey,
  redeemsUse,
  releasesOnRefusal,
  settlesOnEarlyRefusal,
  useToRelease,
} from '../../domain/bonusCodes/usePolicy.js';
import type { BookingPayload } from '../../domain/payloads.js';
import type { CommandMeta } from '../commands/commandBus.js';
import type { Commands } from './commands.js';
import type { MenuService } from './menu.js';
import type { SettingsService } from './settings.js';
import type { VipService } from './vip.js';
import type { ClosuresService } from './closures.js';

export class BookingsService {
  constructor(
    private readonly commands: Commands,
    private readonly settings: SettingsService,
    private readonly menu: MenuService,
    private readonly vip: VipService,
    /** The closures in effect (rule: closures), read with the settings for every booking. */
    private readonly closures: Pick<ClosuresService, 'current'>,
    /** The daily stock per pizza and per base (rule: daily-stock), read with the settings for every order. */
    private readonly stock: DailyStockReader = NO_DAILY_STOCK,
  ) {}

  private day(date: string) {
    return this.commands.load(kioskDayStream(date), kioskDayDecider);
  }

  /**
   * Places a booking. With a bonus code the use is redeemed first (bonus-codes stream) and
   * released again if the booking is refused (kiosk-day stream): there are no multi-stream
   * transactions, and this order means a crash in between can only leave a use counted that no
   * booking made, never a booking that used a code beyond its limit.
   *
   * With an idempotency key a retry of a booking already placed appends nothing and answers what
   * the first request got (rule: idempotent-booking); it never redeems the code again: the day is
   * asked first, and the use is redeemed under a reference made from the key, so two retries
   * racing past that check still hold one use between them.
   */
  async place(payload: BookingPayload, idempotencyKey: string | null = null): Promise<BookingPlacedData> {
    // Bad input changes nothing: refused before any code is redeemed (rule: sms-notices).
    checkSmsTick(payload);
    const clock = this.commands.clock();
    const [settings, menu, closures, stock, pools] = await Promise.all([
      this.settings.current(),
      this.menu.forLines(),
      this.closures.current(),
      this.stock.dailyStock(),
      this.stock.stockPools(),
    ]);
    const lines = orderLines(payload.items, menu);
    const vip = payload.vip_token ? (await this.vip.access(payload.vip_token)).access : null;
    const command: PlaceBooking = {
      type: 'PlaceBooking',
      date: payload.date,
      time: payload.time,
      requestedPizzas: payload.requested_pizzas,
      lines,
      customer: {
        name: payload.name,
        email: payload.email,
        phone: payload.phone,
        ...(payload.sms_when_ready ? { sms_when_ready: true } : {}),
      },
      dine_in: payload.dine_in,
      comment: payload.comment,
      discount: null,
      vip,
      settings,
      closures,
      clock,
      idempotencyKey,
      stock,
      pools,
    };
    const stream = kioskDayStream(payload.date);
    const { bus } = this.commands;

    const meta = this.commands.meta('customer');
    let release: (() => Promise<unknown>) | null = null;
    let appendedUse = false;
    if (payload.bonus_code) {
      // A retry of a placed booking goes straight to the day, which answers it (or refuses a
      // different order under the same key) without the code being touched.
      const day = (await this.day(payload.date)).state;
      if (redeemsUse(payload.bonus_code, holdsKey(day, idempotencyKey))) {
        const ref = bookingRefFor(payload.date, idempotencyKey, randomUUID());
        // Refuse an invalid order before touching the bonus code (the real decision comes below).
        try {
          kioskDayDecider.decide(command, day);
        } catch (error) {
          // A refused retry of a key whose booking never landed gives back the use an earlier
          // request of the key left held, once that request can no longer land it.
          if (error instanceof DomainError && settlesOnEarlyRefusal(idempotencyKey))
            await this.settleBonusUse(ref, false, meta);
          throw error;
        }
        const code = payload.bonus_code;
        const redeemed = await bus.handle(
          BONUS_CODES_STREAM,
          bonusCodesDecider,
          { type: 'RedeemBonusCode', code, booking_ref: ref, clock, date: payload.date },
          meta,
        );
        const bonus = findByCode(redeemed.state, code)!;
        command.discount = { code: bonus.code, percentage: bonus.discount_percentage, booking_ref: ref };
        // A retry that found the use held by a request long over renewed it (an event) and owns
        // it now, so it gives it back when refused (rule: bonus-code-settlement).
        appendedUse = redeemed.events.length > 0;
        release = () =>
          bus.handle(BONUS_CODES_STREAM, bonusCodesDecider, { type: 'ReleaseBonusCode', code, booking_ref: ref }, meta);
      }
    }
    try {
      const result = await this.commands.settled(await bus.handle(stream, kioskDayDecider, command, meta));
      const placed = result.events[0]?.data as BookingPlacedData | undefined;
      if (placed) return placed;
      // No event: the key's booking was placed before, by this process or another.
      const state = result.state ?? (await this.day(payload.date)).state;
      const earlier = idempotencyKey !== null ? state.byIdempotencyKey.get(idempotencyKey) : undefined;
      if (!earlier) throw new Error(`PlaceBooking on ${stream} decided no event and no earlier booking`);
      return earlier;
    } catch (error) {
      // Only a refusal (the domain decided: nothing was appended) may give the use back; any other
      // failure leaves the append's outcome unknown, and the use stays held (rule: bonus-code-uses).
      if (!(error instanceof DomainError)) throw error;
      if (
        release &&
        releasesOnRefusal({ appendedUse, dayHoldsKey: holdsKey((await this.day(payload.date)).state, idempotencyKey) })
      )
        await release();
      throw error;
    }
  }

  /**
   * Settles a bonus-code use by whether its booking is in the day's log (rule:
   * bonus-code-settlement): kept when it is, given back when not and its outcome is known.
   */
  private settleBonusUse(bookingRef: string, landed: boolean, meta: CommandMeta) {
    const command = {
      type: 'SettleBonusCodeUse' as const,
      booking_ref: bookingRef,
      landed,
      clock: this.commands.clock(),
    };
    return this.commands.bus.handle(BONUS_CODES_STREAM, bonusCodesDecider, command, meta);
  }

  /** The booking's events with actor and changes, oldest first; not found when it has none. */
  async history(bookingId: string): Promise<BookingHistoryEntry[]> {
    const id = bookingId.trim();
    const history = bookingHistory(await this.commands.bus.readStream(kioskDayStream(bookingDate(id))), id);
    if (history.length === 0) notFound(msg.bookingNotFound);
    return history;
  }

  /**
   * What the booking's calendar file needs beyond the booking (api/calendar/bookingIcs.ts): the
   * number it was first placed under, and how many changes it has had under every number it has
   * had, from the log. A move to another date gives a new number, yet the customer's calendar must
   * update the event it imported; and every change (a same-day move back to pending too) must be
   * a higher SEQUENCE than any file fetched before it.
   */
  async calendarRevision(bookingId: string): Promise<{ firstId: string; changes: number }> {
    let id = bookingId.trim();
    let changes = 0;
    // Bounded like the read model's walk the other way (customerBooking): each move is a request of the customer's.
    for (let hop = 0; hop < 50; hop++) {
      const history = bookingHistory(await this.commands.bus.readStream(kioskDayStream(bookingDate(id))), id);
      changes += history.length;
      const from =
        history[0]?.type === 'BookingPlaced' ? (history[0].data as { moved_from?: string | null }).moved_from : null;
      if (!from) break;
      id = from;
    }
    return { firstId: id, changes };
  }

  /** Confirms; answers the position of the day's append (what an answer must show). */
  async confirm(bookingId: string, actor: string): Promise<Position> {
    const date = bookingDate(bookingId);
    return (
      await this.commands.write(
        kioskDayStream(date),
        kioskDayDecider,
        { type: 'ConfirmBooking', bookingId, clock: this.commands.clock() },
        actor,
      )
    ).position;
  }

  /**
   * Records a kitchen step (rule: kitchen-steps) with the staff member as actor. The same step
   * again appends nothing: the answer is then the stream's last position, which the read models
   * have reached or soon will. Answers the position an answer must show.
   */
  async kitchenStep(bookingId: string, step: KitchenStep, actor: string): Promise<Position> {
    const date = bookingDate(bookingId);
    const command = { type: 'RecordKitchenStep' as const, bookingId, step, clock: this.commands.clock() };
    return (await this.commands.write(kioskDayStream(date), kioskDayDecider, command, actor)).position;
  }

  /** Cancels; answers the position of the day's append (what an answer must show). */
  async cancelByStaff(bookingId: string, reason: string, actor: string): Promise<Position> {
    const date = bookingDate(bookingId);
    const meta = this.commands.meta(actor);
    const command = { type: 'CancelBookingByStaff' as const, bookingId, reason, clock: this.commands.clock() };
    const result = await this.commands.bus.handle(kioskDayStream(date), kioskDayDecider, command, meta);
    await this.commands.settled(await this.returnBonusCodeUse(result, meta));
    return result.position;
  }

  /** The events of the booking's day as stored (answers built from them: projections/asWritten.ts). */
  dayEvents(bookingId: string) {
    return this.commands.bus.readStream(kioskDayStream(bookingDate(bookingId)));
  }

  async cancelByCustomer(bookingId: string, email: string) {
    const date = bookingDate(bookingId);
    const settings = await this.settings.current();
    const meta = this.commands.meta('customer');
    const command = {
      type: 'CancelBookingByCustomer' as const,
      bookingId: bookingId.trim(),
      email,
      settings,
      clock: this.commands.clock(),
    };
    const result = await this.commands.bus.handle(kioskDayStream(date), kioskDayDecider, command, meta);
    await this.commands.settled(await this.returnBonusCodeUse(result, meta));
  }

  /**
   * The system cancels a booking nobody confirmed in time (rule: pending-expiry), giving its
   * bonus-code use back as any cancellation does. Answers whether this call cancelled it: a repeat,
   * or another process that got there first, appends nothing and answers false.
   */
  async expirePending(bookingId: string): Promise<boolean> {
    const settings = await this.settings.current();
    const meta = this.commands.meta('system');
    const command = {
      type: 'ExpirePendingBooking' as const,
      bookingId,
      settings,
      clock: { now: meta.now, timeZone: this.commands.clock().timeZone },
    };
    const result = await this.commands.bus.handle(
      kioskDayStream(bookingDate(bookingId)),
      kioskDayDecider,
      command,
      meta,
    );
    await this.returnBonusCodeUse(result, meta);
    return result.events.length > 0;
  }

  /**
   * The system records that a confirmed booking is reminded (rule: reminder); the mail reactor
   * sends the mail. Answers whether this call recorded it (false when it was reminded before).
   */
  async remind(bookingId: string): Promise<boolean> {
    const settings = await this.settings.current();
    const meta = this.commands.meta('system');
    const command = {
      type: 'RemindBooking' as const,
      bookingId,
      settings,
      clock: { now: meta.now, timeZone: this.commands.clock().timeZone },
    };
    const result = await this.commands.bus.handle(
      kioskDayStream(bookingDate(bookingId)),
      kioskDayDecider,
      command,
      meta,
    );
    return result.events.length > 0;
  }

  /**
   * A cancelled booking gives its bonus-code use back on the bonus-codes stream, under the
   * reference it was redeemed with, so it is given back once however often this runs. A crash
   * between the two appends leaves the use counted: the code is under-used, never over-used.
   * Answers the later of the two results, for read-your-writes.
   */
  private async returnBonusCodeUse<T extends { position: Position; events: DomainEvent[] }>(
    cancelled: T,
    meta: CommandMeta,
  ) {
    const use = useToRelease(cancelled.events);
    if (!use) return cancelled;
    const command = { type: 'ReleaseBonusCode' as const, ...use };
    const released = await this.commands.bus.handle(BONUS_CODES_STREAM, bonusCodesDecider, command, meta);
    return released.events.length > 0 ? released : cancelled;
  }
}

/** The date a booking id names (its stream); an id that names none is not found. */
function bookingDate(bookingId: string): string {
  const date = dateOfBookingId(bookingId);
  if (!date) notFound(msg.bookingNotFound);
  return date!;
}
