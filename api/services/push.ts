// Web Push subscriptions, stored once per endpoint, optionally tied to a booking whose ready
// notice the browser asks for (rule: ready-notice); and dropped when the push service says the
// browser has let go of one.
import { createHash } from 'node:crypto';
import { PUSH_STREAM, pushDecider } from '../../domain/push/push.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { dateOfBookingId, kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import { msg } from '../../domain/messages.js';
import { normaliseEmail, sameEmail } from '../../domain/customers/personalData.js';
import { notFound } from '../../domain/shared/errors.js';
import type { Commands } from './commands.js';

/** The subscription's id: a hash of its endpoint, so the same endpoint is one subscription. */
export const subscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 32);

export class PushService {
  constructor(private readonly commands: Commands) {}

  /**
   * Stores the subscription; answers its id. With a booking (number and e-mail, checked against
   * the booking's day stream like a lookup: a wrong pair is not found) the subscription is tied
   * to it, once however often the browser sends it.
   */
  async subscribe(
    endpoint: string,
    given: { p256dh?: string; auth?: string },
    booking?: { booking_id: string; email: string },
  ): Promise<string> {
    const id = subscriptionId(endpoint);
    const bookingId = booking ? await this.matchingBooking(booking.booking_id, booking.email) : undefined;
    // Only the keys the browser sent (a key left out is not stored as undefined).
    const keys: Record<string, string> = {};
    for (const [name, value] of Object.entries(given)) if (typeof value === 'string') keys[name] = value;
    const subscription = {
      id,
      endpoint,
      keys,
      subscribed_at: this.commands.clock().now.toISOString(),
      // The booking's customer: their key seals the subscription (domain/push/push.ts).
      ...(bookingId && booking ? { booking_id: bookingId, email: normaliseEmail(booking.email) } : {}),
    };
    await this.commands.write(PUSH_STREAM, pushDecider, { type: 'Subscribe', subscription }, 'customer');
    return id;
  }

  /** A push service answered 404/410 for the subscription: it is gone (appends nothing twice). */
  async drop(id: string, status: number): Promise<void> {
    await this.commands.bus.handle(
      PUSH_STREAM,
      pushDecider,
      { type: 'DropSubscription', id, status, at: this.commands.clock().now.toISOString() },
      this.commands.meta('system'),
    );
  }

  /** The booking's number when it exists with this e-mail (trimmed, any case); else not found. */
  private async matchingBooking(bookingId: string, email: string): Promise<string> {
    const id = bookingId.trim();
    const date = dateOfBookingId(id);
    if (!date) return notFound(msg.bookingNotFound);
    const day = (await this.commands.load(kioskDayStream(date), kioskDayDecider)).state;
    const booking = day.bookings.get(id);
    if (!booking || !sameEmail(booking.email, email)) return notFound(msg.bookingNotFound);
    return id;
  }
}
