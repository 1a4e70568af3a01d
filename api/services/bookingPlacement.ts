// Runs the placement process (domain/bonusCodes/bookingPlacement.ts): each step it names on its
// stream, its outcome reported back, until it answers a booking or a refusal. The order of the
// steps, and what a refusal gives back, are the domain's; here is only the I/O.
import { randomUUID } from 'node:crypto';
import { bookingPlacement, type PlacementInput, type PlacementStep } from '../../domain/bonusCodes/bookingPlacement.js';
import { BONUS_CODES_STREAM, bonusCodesDecider } from '../../domain/bonusCodes/bonusCodes.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { kioskDayStream, type BookingPlacedData } from '../../domain/kioskDay/kioskDay.js';
import type { PlaceBooking } from '../../domain/kioskDay/placeBooking.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { CommandMeta } from '../commands/commandBus.js';
import type { Commands } from './commands.js';

/** Places the booking, redeeming the code's use first when there is one (rule: bonus-code-uses). */
export async function placeBookingWithCode(
  commands: Commands,
  command: PlaceBooking,
  bonusCode: string | null,
  meta: CommandMeta,
): Promise<BookingPlacedData> {
  let state = bookingPlacement.initialState();
  let input: PlacementInput = { type: 'PlacementRequested', command, bonusCode, oneOffRef: randomUUID() };
  for (;;) {
    const step = bookingPlacement.decide(input, state);
    state = bookingPlacement.evolve(state, input);
    if (step.type === 'Answer') return step.booking;
    if (step.type === 'Refuse') {
      if (step.giveBack) await commands.bus.handle(BONUS_CODES_STREAM, bonusCodesDecider, step.giveBack, meta);
      throw step.error;
    }
    input = await runStep(commands, step, meta);
  }
}

type IoStep = Exclude<PlacementStep, { type: 'Answer' | 'Refuse' }>;

async function runStep(commands: Commands, step: IoStep, meta: CommandMeta): Promise<PlacementInput> {
  const readDay = async (date: string) => (await commands.load(kioskDayStream(date), kioskDayDecider)).state;
  try {
    switch (step.type) {
      case 'ReadDay':
        return { type: 'DayRead', day: await readDay(step.date) };
      case 'RedeemUse': {
        const redeemed = await commands.bus.handle(BONUS_CODES_STREAM, bonusCodesDecider, step.command, meta);
        return { type: 'UseRedeemed', codes: redeemed.state, appended: redeemed.events.length > 0 };
      }
      case 'PlaceOnDay': {
        const { date } = step.command;
        const result = await commands.settled(
          await commands.bus.handle(kioskDayStream(date), kioskDayDecider, step.command, meta),
        );
        const placed = result.events[0]?.data as BookingPlacedData | undefined;
        if (placed) return { type: 'DayPlaced', booking: placed };
        return { type: 'DayAppendedNothing', day: result.state ?? (await readDay(date)) };
      }
    }
  } catch (error) {
    // Only a refusal (the domain decided: nothing was appended) is the process's to answer; any
    // other failure leaves the append's outcome unknown, and the use stays held (rule:
    // bonus-code-uses).
    if (error instanceof DomainError && step.type !== 'ReadDay') return { type: 'StepRefused', error };
    throw error;
  }
}
