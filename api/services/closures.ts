// Closures and holidays on the 'closures' stream (rule: closures): add, remove, the closures in
// effect for the kiosk-day decisions, and cancelling the bookings a closure affects.
import { CLOSURES_STREAM, closuresDecider, type Closure, type ClosureInput } from '../../domain/closures/closures.js';
import { msg } from '../../domain/messages.js';
import { DomainError, notFound } from '../../domain/shared/errors.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { closureBookings } from '../../read-models/queries/admin.js';
import type { Commands } from './commands.js';
import type { BookingsService } from './bookings.js';
import { ClosuresInEffect } from './closuresInEffect.js';

export class ClosuresService {
  constructor(
    private readonly commands: Commands,
    private readonly docs: DocumentStore,
    /** Cancels the bookings a closure affects, each as staff (rule: closure-bookings). */
    private readonly bookingsService: Pick<BookingsService, 'cancelByStaff'>,
  ) {}

  /** The closures in effect, from the stream itself (exact, never lagging): what decisions see. */
  async current(): Promise<Closure[]> {
    return new ClosuresInEffect(this.commands).current();
  }

  /**
   * Adds a closure and answers it with the bookings it affects. Those are read once the read
   * models show the closure: a booking placed while the closure was being added (no two streams
   * are written together) is listed too, or shows up in the list read again later.
   */
  async add(input: ClosureInput, actor: string) {
    const result = await this.commands.write(
      CLOSURES_STREAM,
      closuresDecider,
      { type: 'AddClosure', closure: input, actor },
      actor,
    );
    const { id, from, to, reason, recurring } = result.events[0].data as Closure;
    const closure: Closure = { id, from, to, reason, recurring };
    return { closure, affected_bookings: await closureBookings(this.docs, closure, this.commands.clock()) };
  }

  async remove(id: number, actor: string) {
    await this.commands.write(CLOSURES_STREAM, closuresDecider, { type: 'RemoveClosure', id }, actor);
  }

  private async closure(id: number): Promise<Closure> {
    const closure = (await this.current()).find((c) => c.id === id);
    if (!closure) notFound(msg.closureNotFound);
    return closure!;
  }

  /** The bookings a closure in effect affects now (rule: closure-bookings). */
  async bookings(id: number) {
    return closureBookings(this.docs, await this.closure(id), this.commands.clock());
  }

  /**
   * Cancels every booking the closure affects, each by staff with the message as its reason: the
   * mail reactor sends each customer the cancellation mail once (it follows the BookingCancelled
   * events). Cancelled bookings are no longer affected, so a retry cancels nothing twice; one
   * cancelled meanwhile by someone else is skipped. Answers how many this call cancelled.
   */
  async cancelBookings(id: number, message: string, actor: string): Promise<number> {
    let cancelled = 0;
    for (const booking of await this.bookings(id)) {
      try {
        await this.bookingsService.cancelByStaff(booking.id, message, actor, true);
        cancelled += 1;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'already_cancelled')) throw error;
      }
    }
    return cancelled;
  }
}
