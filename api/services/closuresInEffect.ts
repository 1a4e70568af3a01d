// The closures in effect (rule: closures), read from the closures stream itself (exact, never
// lagging): what every decision on a date is given. A reader of its own, so the services that
// decide on dates (bookings, staff orders, the waitlist, moves, the calendar) need not hold the
// closures service, which in turn cancels bookings through the bookings service.
import { CLOSURES_STREAM, closuresDecider, closuresOf, type Closure } from '../../domain/closures/closures.js';
import type { Commands } from './commands.js';

export class ClosuresInEffect {
  constructor(private readonly commands: Commands) {}

  async current(): Promise<Closure[]> {
    return closuresOf((await this.commands.load(CLOSURES_STREAM, closuresDecider)).state);
  }
}
