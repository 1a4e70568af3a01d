// Moving a booking (rule: reschedule): the same date in one command, another date in two steps
// on two streams (domain/kioskDay/reschedule.ts explains the order), finished by recovery after
// a crash between them. The domain decides every rule; this only runs the steps in order.
import type { Position } from '../../domain/eventStore.js';
import { msg } from '../../domain/messages.js';
import { DomainError, notFound } from '../../domain/shared/errors.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import {
  dateOfBookingId,
  kioskDayStream,
  type Booking,
  type BookingPlacedData,
  type KioskDayState,
} from '../../domain/kioskDay/kioskDay.js';
import { moveKey, movableBooking } from '../../domain/kioskDay/reschedule.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { COLLECTIONS, type MoveDoc } from '../../read-models/shapes.js';
import { bookingAsWritten } from '../../projections/asWritten.js';
import type { Commands } from './commands.js';
import { everyInterval } from '../periodic.js';
import type { SettingsService } from './settings.js';
import type { ClosuresInEffect } from './closuresInEffect.js';
import { sameEmail } from '../../domain/customers/personalData.js';

/** How many moves a pointer chain may have before it is taken for a fault (each move is a customer's request). */
const MAX_HOPS = 50;

export interface RescheduleRequest {
  email: string;
  date: string;
  time: string;
}

export class RescheduleService {
  constructor(
    private readonly commands: Commands,
    private readonly settings: SettingsService,
    /** The closures in effect (rule: closures): a move onto a closed date is refused. */
    private readonly closures: Pick<ClosuresInEffect, 'current'>,
    private readonly docs: DocumentStore,
  ) {}

  private day(date: string) {
    return this.commands.load(kioskDayStream(date), kioskDayDecider);
  }

  /**
   * The booking a number stands for now: itself, or, when it was moved to another date, the
   * booking it lives on as (followed through every later move). Read from the day streams, not a
   * read model, so a write right after a move already sees it. Not found when the number names
   * no booking.
   */
  async current(bookingId: string): Promise<{ booking: Booking; state: KioskDayState; followed: boolean }> {
    let id = bookingId.trim();
    for (let hop = 0; hop <= MAX_HOPS; hop++) {
      const date = dateOfBookingId(id);
      if (!date) notFound(msg.bookingNotFound);
      const { state } = await this.day(date!);
      const booking = state.bookings.get(id);
      if (!booking) notFound(msg.bookingNotFound);
      if (booking!.status !== 'moved') return { booking: booking!, state, followed: hop > 0 };
      id = booking!.moved_to;
    }
    throw new Error(`Booking ${bookingId} was moved more than ${MAX_HOPS} times`);
  }

  /** The number a customer's action (cancel, calendar file) should act on: see current(). */
  async currentId(bookingId: string): Promise<string> {
    return (await this.current(bookingId)).booking.booking_id;
  }

  /**
   * Moves the booking the number stands for and answers it as it now is (a new number when the
   * date changed). A retry of a completed move to another date answers the moved booking and
   * appends nothing.
   */
  async reschedule(bookingId: string, request: RescheduleRequest) {
    const { email, date, time } = request;
    const { booking, state, followed } = await this.current(bookingId);
    // The number was moved before, and what it stands for is already where this asks: the same
    // request again (an answer lost, a second click). The e-mail guards it as it guards lookup.
    if (followed && booking.booking_date === date && booking.booking_time === time && sameEmail(booking.email, email)) {
      const position = (await this.day(date)).position;
      return this.answer(booking.booking_id, position);
    }
    const [settings, closures] = await Promise.all([this.settings.current(), this.closures.current()]);
    const meta = this.commands.meta('customer');
    const { bus } = this.commands;

    if (booking.booking_date === date) {
      const command = {
        type: 'RescheduleBooking' as const,
        bookingId: booking.booking_id,
        email,
        date,
        time,
        settings,
        closures,
        clock: this.commands.clock(),
      };
      const result = await this.commands.settled(
        await bus.handle(kioskDayStream(date), kioskDayDecider, command, meta),
      );
      return this.answer(booking.booking_id, result.position);
    }

    // Another date. Refuse what the old day would refuse in step 2 before placing anything (a
    // read: step 2 decides it again on the stream).
    const clock = this.commands.clock();
    movableBooking(state, booking.booking_id, email, settings, clock);
    const from = await this.placement(booking.booking_id);

    // Step 1: the copy on the new day, under the move's key (placed at most once).
    const placeCommand = { type: 'PlaceMovedBooking' as const, from, date, time, settings, closures, clock };
    const placed = await bus.handle(kioskDayStream(date), kioskDayDecider, placeCommand, meta);
    const newDayState = placed.state ?? (await this.day(date)).state;
    const copy =
      (placed.events[0]?.data as BookingPlacedData | undefined) ??
      newDayState.byIdempotencyKey.get(moveKey(from.booking_id, date, time));
    if (!copy) throw new Error(`PlaceMovedBooking of ${from.booking_id} decided no event and no earlier copy`);
    crashPoint('reschedule-step-1');

    // Step 2 (or 2': step 1 undone and the refusal answered).
    const finished = await this.finish({
      id: copy.booking_id,
      from: from.booking_id,
      booking_date: copy.booking_date,
      booking_time: copy.booking_time,
      email: copy.email,
      requested_at: copy.placed_at,
    });
    const position = Math.max(placed.position, finished.position);
    await this.commands.settled({ position });
    return this.answer(copy.booking_id, position);
  }

  /**
   * Every move whose first step is done and whose second is not (a crash between them, or a
   * request cut off): finished, or undone when the old booking can no longer move. Idempotent,
   * so any process may run it at any time; answers how many moves it completed or undid.
   */
  async recover(): Promise<number> {
    const moves = await this.docs.find<MoveDoc>(COLLECTIONS.moves, {});
    let done = 0;
    for (const move of moves) {
      try {
        const { changed } = await this.finish(move);
        if (changed) done += 1;
      } catch (error) {
        // A refusal was answered by undoing step 1; anything else is tried again next round.
        if (!(error instanceof DomainError)) throw error;
        done += 1;
      }
    }
    return done;
  }

  /**
   * Step 2 of one move: the old booking is moved away to the copy, unless the copy is no longer
   * held (staff cancelled it, or it was undone): then the old booking stays as it is. When the
   * old day refuses (cancelled or moved elsewhere meanwhile, asked too late), step 1 is undone
   * and the refusal thrown.
   */
  private async finish(
    move: Pick<MoveDoc, 'id' | 'from' | 'booking_date' | 'booking_time' | 'email' | 'requested_at'>,
  ): Promise<{ position: Position; changed: boolean }> {
    const { bus } = this.commands;
    const meta = this.commands.meta('customer');
    const newDay = kioskDayStream(move.booking_date);
    const copy = (await this.day(move.booking_date)).state.bookings.get(move.id);
    // Never move the old booking onto a copy that holds nothing: the customer would lose both.
    if (!copy || (copy.status !== 'pending' && copy.status !== 'confirmed')) return { position: 0, changed: false };

    const oldDate = dateOfBookingId(move.from)!;
    const settings = await this.settings.current();
    const moveAway = {
      type: 'MoveBookingAway' as const,
      bookingId: move.from,
      email: move.email,
      to: { booking_id: move.id, date: move.booking_date, time: move.booking_time },
      settings,
      requestedAt: new Date(move.requested_at),
      clock: this.commands.clock(),
    };
    try {
      const moved = await bus.handle(kioskDayStream(oldDate), kioskDayDecider, moveAway, meta);
      return { position: moved.position, changed: moved.events.length > 0 };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await bus.handle(
        newDay,
        kioskDayDecider,
        { type: 'UndoMovedBooking', bookingId: move.id, clock: this.commands.clock() },
        meta,
      );
      throw error;
    }
  }

  /** The booking as it was placed (its event in the day's log: the state keeps only what decisions need). */
  private async placement(bookingId: string): Promise<BookingPlacedData> {
    const events = await this.commands.bus.readStream(kioskDayStream(dateOfBookingId(bookingId)!));
    const placed = events.find(
      (e) => e.type === 'BookingPlaced' && (e.data as BookingPlacedData).booking_id === bookingId,
    );
    if (!placed) notFound(msg.bookingNotFound);
    return placed!.data as BookingPlacedData;
  }

  private async answer(bookingId: string, position: Position) {
    const booking = await bookingAsWritten(this.docs, bookingId, position, () =>
      this.commands.bus.readStream(kioskDayStream(dateOfBookingId(bookingId)!)),
    );
    if (!booking) throw new Error(`Booking ${bookingId} not found after its move`);
    return { booking };
  }
}

/**
 * A fault-test hook (test/api/rescheduleCrash.test.ts): with NODE_ENV=test and
 * PIZZAKIOSKEN_TEST_CRASH_AFTER naming this point, the process dies here as by kill -9. Read
 * only in test mode, so no production setting can reach it.
 */
function crashPoint(name: string): void {
  if (process.env.NODE_ENV === 'test' && process.env.PIZZAKIOSKEN_TEST_CRASH_AFTER === name)
    process.kill(process.pid, 'SIGKILL');
}

/**
 * Runs recovery once the read models have caught up with the log at start, then every
 * `intervalMs`. Stop before the stores close.
 */
export function startMoveRecovery(options: {
  service: RescheduleService;
  ready: () => Promise<unknown>;
  intervalMs?: number;
  log: (message: string, error: unknown) => void;
}) {
  const periodic = everyInterval(
    options.intervalMs ?? 60_000,
    () => options.service.recover(),
    (error) => options.log('move recovery failed; trying again later', error),
  );
  // Not awaited by stop(): a server closed before its read models caught up skips the round.
  void options.ready().then(
    () => periodic.runNow(),
    (error) => options.log('move recovery could not start', error),
  );
  return { stop: () => periodic.stop() };
}
