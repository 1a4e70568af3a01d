// The waitlist on the kiosk-day streams (rule: waitlist): joining, the offer a token names,
// booking from it, leaving, and the offer decision run for a date. Every decision is the day
// stream's; this service only finds the day a token belongs to (the waitlist read model) and
// says which command to run.
import { randomBytes, randomUUID } from 'node:crypto';
import { msg } from '../../domain/messages.js';
import { notFound } from '../../domain/shared/errors.js';
import { todayIn } from '../../domain/shared/time.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { kioskDayStream, type BookingPlacedData } from '../../domain/kioskDay/kioskDay.js';
import { entryOf, offerProblem } from '../../domain/kioskDay/waitlist.js';
import type { WaitlistBookPayload, WaitlistJoinPayload } from '../../domain/payloads.js';
import type { DocumentStore, Filter } from '../../read-models/documentStore.js';
import { COLLECTIONS, type WaitlistDoc } from '../../read-models/shapes.js';
import type { Commands } from './commands.js';
import type { MenuService } from './menu.js';
import type { SettingsService } from './settings.js';
import type { VipService } from './vip.js';
import type { ClosuresInEffect } from './closuresInEffect.js';
import { orderLines } from '../../domain/kioskDay/orderLines.js';

export interface WaitlistOffer {
  date: string;
  time: string;
  name: string;
  email: string;
  requested_pizzas: number;
  pizzas: number;
  hold_expires_at: string;
}

export class WaitlistService {
  constructor(
    private readonly commands: Commands,
    private readonly settings: SettingsService,
    private readonly menu: MenuService,
    private readonly vip: VipService,
    /** The closures in effect (rule: closures): no queue, offer or booking on a closed date. */
    private readonly closures: Pick<ClosuresInEffect, 'current'>,
    private readonly docs: DocumentStore,
  ) {}

  async join(payload: WaitlistJoinPayload): Promise<{ waitlist_id: string }> {
    const vip = payload.vip_token ? (await this.vip.access(payload.vip_token)).access : null;
    const waitlistId = randomUUID();
    const command = {
      type: 'JoinWaitlist' as const,
      date: payload.date,
      time: payload.time,
      name: payload.name,
      email: payload.email,
      requestedPizzas: payload.requested_pizzas,
      waitlistId,
      // 144 random bits: the personal link's only secret.
      token: randomBytes(18).toString('base64url'),
      vip,
      settings: await this.settings.current(),
      closures: await this.closures.current(),
      clock: this.commands.clock(),
    };
    await this.commands.write(kioskDayStream(payload.date), kioskDayDecider, command, 'customer');
    return { waitlist_id: waitlistId };
  }

  /** The live offer a token names, read from the day's stream (exact); a Swedish refusal otherwise. */
  async offer(token: string): Promise<WaitlistOffer> {
    const doc = await this.byToken(token);
    const { state } = await this.commands.load(kioskDayStream(doc.date), kioskDayDecider);
    const entry = entryOf(state, token);
    const problem = offerProblem(entry, doc.date, this.commands.clock());
    if (problem) throw problem;
    if (entry.status !== 'offered') throw new Error('unreachable: an entry without problem is offered');
    return {
      date: doc.date,
      time: entry.time,
      name: doc.name,
      email: entry.email,
      requested_pizzas: entry.requested_pizzas,
      pizzas: entry.offer.pizzas,
      hold_expires_at: entry.offer.hold_expires_at,
    };
  }

  /** Books from the token's held offer; the booking then follows the normal flow (pending, mails). */
  async book(token: string, payload: WaitlistBookPayload): Promise<BookingPlacedData> {
    const doc = await this.byToken(token);
    const [settings, menu, closures] = await Promise.all([
      this.settings.current(),
      this.menu.forLines(),
      this.closures.current(),
    ]);
    const command = {
      type: 'BookFromWaitlist' as const,
      date: doc.date,
      token,
      lines: orderLines(payload.items, menu),
      customer: { name: payload.name, email: payload.email, phone: payload.phone },
      dine_in: payload.dine_in,
      comment: payload.comment,
      settings,
      closures,
      clock: this.commands.clock(),
    };
    const result = await this.commands.write(kioskDayStream(doc.date), kioskDayDecider, command, 'customer');
    const placed = result.events.find((e) => e.type === 'BookingPlaced')?.data;
    if (!placed) {
      // No event: a retry of the order this link already booked, answered as it was then.
      const state = result.state ?? (await this.commands.load(kioskDayStream(doc.date), kioskDayDecider)).state;
      const entry = entryOf(state, token);
      if (entry.status !== 'booked' || !entry.placed)
        throw new Error(`BookFromWaitlist on ${doc.date} decided no event and no earlier booking`);
      return entry.placed;
    }
    // A booking of fewer pizzas than were held gives the rest back: the offer reactor
    // (api/waitlist/offerReactor.ts) offers it to the next in line.
    return placed;
  }

  /** Leaves the queue; a live hold is freed, and the offer reactor offers it to the next in line. */
  async leave(token: string): Promise<void> {
    const doc = await this.byToken(token);
    await this.commands.write(
      kioskDayStream(doc.date),
      kioskDayDecider,
      { type: 'LeaveWaitlist', date: doc.date, token, clock: this.commands.clock() },
      'customer',
    );
  }

  /**
   * Runs the offer decision for a date (lapses, then offers), by `system`. Exactly once whoever
   * runs it, as often as it is run: the day's stream decides, appending nothing when nothing
   * changes, and two processes deciding at once race on its revision (the loser decides again on
   * the new state). Answers how many events it appended. The offer reactor and the offer timer
   * call it; neither waits for the read models (no request waits on them).
   */
  async decideOffers(date: string): Promise<number> {
    const [settings, closures] = await Promise.all([this.settings.current(), this.closures.current()]);
    const command = { type: 'OfferFreedCapacity' as const, date, settings, closures, clock: this.commands.clock() };
    const result = await this.commands.bus.handle(
      kioskDayStream(date),
      kioskDayDecider,
      command,
      this.commands.meta('system'),
    );
    return result.events.length;
  }

  /** Dates from today on with an entry waiting or holding an offer (the offer timer's work list). */
  async openDates(): Promise<string[]> {
    const today = todayIn(this.commands.clock());
    const open = await this.docs.find<WaitlistDoc>(
      COLLECTIONS.waitlist,
      { status: { $in: ['waiting', 'offered'] }, date: { $gte: today } },
      { sort: [['date', 1]] },
    );
    return [...new Set(open.map((d) => d.date))];
  }

  /** The staff's view of the queues: one date's entries, or every entry from today on. */
  async queue(date: string | null): Promise<WaitlistDoc[]> {
    const filter: Filter = date ? { date } : { date: { $gte: todayIn(this.commands.clock()) } };
    return this.docs.find<WaitlistDoc>(COLLECTIONS.waitlist, filter, {
      sort: [
        ['date', 1],
        ['time', 1],
        ['joined_position', 1],
      ],
    });
  }

  private async byToken(token: string): Promise<WaitlistDoc> {
    const [doc] = token ? await this.docs.find<WaitlistDoc>(COLLECTIONS.waitlist, { token }, { limit: 1 }) : [];
    if (!doc) notFound(msg.waitlistNotFound);
    return doc;
  }
}
