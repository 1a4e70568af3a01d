// Bookings on the kiosk-day streams: placing one (with its bonus-code use on the bonus-codes
// stream), confirming, cancelling by staff or customer (giving the code's use back), the system's
// steps (expiring an unconfirmed booking, recording a reminder: api/timers), and the booking's
// history read from the event log.
import { NO_DAILY_STOCK, type DailyStockReader } from './dailyStockReader.js';
import { checkSmsTick } from '../../domain/sms/sms.js';
import { orderLines } from '../../domain/kioskDay/orderLines.js';
import type { Position } from '../../domain/eventStore.js';
import type { DomainEvent } from '../../domain/shared/decider.js';
import { msg } from '../../domain/messages.js';
import { notFound } from '../../domain/shared/errors.js';
import { kioskDayDecider, type KioskDayCommand } from '../../domain/kioskDay/decide.js';
import type { Clock } from '../../domain/shared/time.js';
import { placeBookingOf } from '../../domain/kioskDay/placeBooking.js';
import type { KitchenStep } from '../../domain/kioskDay/kitchen.js';
import { dateOfBookingId, kioskDayStream, type BookingPlacedData } from '../../domain/kioskDay/kioskDay.js';
import { bookingHistory, type BookingHistoryEntry } from '../../domain/kioskDay/history.js';
import { BONUS_CODES_STREAM, bonusCodesDecider } from '../../domain/bonusCodes/bonusCodes.js';
import { useToRelease } from '../../domain/bonusCodes/usePolicy.js';
import type { BookingPayload } from '../../domain/payloads.js';
import type { CommandMeta } from '../commands/commandBus.js';
import type { Commands } from './commands.js';
import { placeBookingWithCode } from './bookingPlacement.js';
import type { MenuService } from './menu.js';
import type { SettingsService } from './settings.js';
import type { VipService } from './vip.js';
import type { ClosuresInEffect } from './closuresInEffect.js';
import {
  NO_SWISH_PAYMENT,
  type SwishPaymentAnswer,
  type SwishPaymentAsked,
  type SwishPaymentTrack,
} from '../../domain/kioskDay/swishPayment.js';
import type { BookingLine } from '../../domain/kioskDay/kioskDay.js';
import type { SwishRefundAnswer } from '../../domain/kioskDay/swishRefund.js';
import { swishInstructionId } from '../swish/client.js';

/**
 * rule: swish-refund. The refund id every command that may end a paid booking carries: derived
 * from the booking, so the one refund a booking can get has the same id on every try, in every process.
 */
const refundIdOf = (bookingId: string) => swishInstructionId('refund', bookingId);

/** rule: swish-prepay. What a web order needs to be asked to pay in advance, or undefined: not asked. */
export type SwishAskedFor = (payload: BookingPayload, lines: BookingLine[]) => Promise<SwishPaymentAsked | undefined>;
const NO_SWISH: SwishAskedFor = async () => undefined;

export class BookingsService {
  constructor(
    private readonly commands: Commands,
    private readonly settings: SettingsService,
    private readonly menu: MenuService,
    private readonly vip: VipService,
    /** The closures in effect (rule: closures), read with the settings for every booking. */
    private readonly closures: Pick<ClosuresInEffect, 'current'>,
    /** The daily stock per pizza and per base (rule: daily-stock), read with the settings for every order. */
    private readonly stock: DailyStockReader = NO_DAILY_STOCK,
    /**
     * rule: swish-prepay. Whether this web order is asked to pay with Swish in advance (and then
     * what the request needs); none when Swish is off.
     */
    private readonly swishAsked: SwishAskedFor = NO_SWISH,
  ) {}

  /**
   * Places a booking, with its bonus code's use when it has one: a process over the day and
   * `bonus-codes` (domain/bonusCodes/bookingPlacement.ts, run by ./bookingPlacement.ts). With an
   * idempotency key a retry of a booking already placed appends nothing and answers what the
   * first request got (rule: idempotent-booking), without touching the code.
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
    const swish = await this.swishAsked(payload, lines);
    const command = {
      ...placeBookingOf(payload, { lines, vip, settings, closures, clock, idempotencyKey, stock, pools }),
      ...(swish ? { swish } : {}),
    };
    return placeBookingWithCode(this.commands, command, payload.bonus_code, this.commands.meta('customer'));
  }

  /** rule: swish-payment. The booking's Swish payment as its day's events leave it (none: never asked). */
  async swishPayment(bookingId: string): Promise<SwishPaymentTrack> {
    return (await this.swishState(bookingId)).swish;
  }

  /** rules swish-payment, swish-refund. The booking's status and Swish payment, exact (from its day). */
  async swishState(bookingId: string): Promise<{ status: string | null; swish: SwishPaymentTrack }> {
    const { state } = await this.commands.load(kioskDayStream(bookingDate(bookingId)), kioskDayDecider);
    const booking = state.bookings.get(bookingId);
    return { status: booking?.status ?? null, swish: booking?.swish ?? NO_SWISH_PAYMENT };
  }

  /**
   * rule: swish-refund. Told, after an append that cancelled a booking or asked for its refund, the
   * booking's id: Swish's side (the refund's PUT, a requested payment's cancellation) starts at
   * once. Only a wake-up: the appended events are the work, and a poll finds what a crash left.
   */
  onSwishWork(listener: (bookingId: string) => void): void {
    this.swishListeners.push(listener);
  }

  private readonly swishListeners: Array<(bookingId: string) => void> = [];

  private tellSwish(events: readonly DomainEvent[]): void {
    if (this.swishListeners.length === 0) return;
    const ids = new Set<string>();
    for (const e of events)
      if (e.type === 'BookingCancelled' || e.type === 'SwishRefundRequested')
        ids.add((e.data as { booking_id: string }).booking_id);
    for (const id of ids) for (const listener of this.swishListeners) listener(id);
  }

  /**
   * rule: swish-payment. Hands Swish's answer about the booking's payment request to the day,
   * which ends the payment once; a failure cancels the booking, and its bonus-code use is given
   * back as any cancellation's. Answers the events appended (none: nothing ended).
   */
  async settleSwishPayment(bookingId: string, answer: SwishPaymentAnswer | null): Promise<DomainEvent[]> {
    const result = await this.systemCommand(bookingId, (clock) => ({
      type: 'SettleSwishPayment',
      bookingId,
      answer,
      clock,
      swishRefundId: refundIdOf(bookingId),
    }));
    return result.events;
  }

  /**
   * rule: swish-refund. Hands Swish's answer about the booking's refund to the day, which ends the
   * refund once. Answers the events appended (none: nothing ended).
   */
  async settleSwishRefund(bookingId: string, answer: SwishRefundAnswer): Promise<DomainEvent[]> {
    const result = await this.systemCommand(bookingId, (clock) => ({
      type: 'SettleSwishRefund',
      bookingId,
      answer,
      clock,
    }));
    return result.events;
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

  /**
   * Cancels; answers the position of the day's append (what an answer must show). A booking paid
   * with Swish gets its refund in the same append (rule: swish-refund), for `closure` as a closure's.
   */
  async cancelByStaff(bookingId: string, reason: string, actor: string, closure = false): Promise<Position> {
    const date = bookingDate(bookingId);
    const meta = this.commands.meta(actor);
    const command = {
      type: 'CancelBookingByStaff' as const,
      bookingId,
      reason,
      clock: this.commands.clock(),
      ...(closure ? { closure: true as const } : {}),
      swishRefundId: refundIdOf(bookingId.trim()),
    };
    const result = await this.commands.bus.handle(kioskDayStream(date), kioskDayDecider, command, meta);
    this.tellSwish(result.events);
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
      swishRefundId: refundIdOf(bookingId.trim()),
    };
    const result = await this.commands.bus.handle(kioskDayStream(date), kioskDayDecider, command, meta);
    this.tellSwish(result.events);
    await this.commands.settled(await this.returnBonusCodeUse(result, meta));
  }

  /**
   * The system cancels a booking nobody confirmed in time (rule: pending-expiry), giving its
   * bonus-code use back as any cancellation does. Answers whether this call cancelled it: a repeat,
   * or another process that got there first, appends nothing and answers false.
   */
  async expirePending(bookingId: string): Promise<boolean> {
    const settings = await this.settings.current();
    const result = await this.systemCommand(bookingId, (clock) => ({
      type: 'ExpirePendingBooking',
      bookingId,
      settings,
      clock,
      swishRefundId: refundIdOf(bookingId),
    }));
    return result.events.length > 0;
  }

  /**
   * A command of the system's on the booking's day, decided at the kiosk's now; a cancellation it
   * makes gives the booking's bonus-code use back.
   */
  private async systemCommand(bookingId: string, command: (clock: Clock) => KioskDayCommand) {
    const meta = this.commands.meta('system');
    const result = await this.commands.bus.handle(
      kioskDayStream(bookingDate(bookingId)),
      kioskDayDecider,
      command({ now: meta.now, timeZone: this.commands.clock().timeZone }),
      meta,
    );
    this.tellSwish(result.events);
    await this.returnBonusCodeUse(result, meta);
    return result;
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
