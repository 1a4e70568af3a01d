// Placing a booking, with or without a bonus code (rules: bonus-code-uses, idempotent-booking,
// bonus-code-settlement): one process over two streams, `bonus-codes` and the booking's day. There
// are no multi-stream transactions, so it is a sequence of single-stream steps in an order that can
// only leave a code under-used, never used beyond its limit: the use is redeemed first, and given
// back when the day refuses. A crash in between leaves a use counted that no booking made, which
// the settlement sweep gives back (settlement.ts).
//
//   requested ──(no code)──────────────────────────────────────────→ place on the day
//   requested ──(a code)──→ read the day ──(a retry of a placed key)──→ place on the day
//                                        ──(the day would refuse)───→ refused (a keyed retry
//                                                                      settles its key's earlier use)
//                                        ──→ redeem the use ──→ place on the day, with the discount
//   placed on the day ──→ answered: the booking placed, or with no event the key's booking as first placed
//   refused by the day ──(a use redeemed)──→ read the day again ──→ refused, the use given back
//                                                                   when this request owns it
//
// The bookings service runs the steps (api/services/bookingPlacement.ts) and reports each outcome.
import { kioskDayStream, type BookingPlacedData, type KioskDayState } from '../kioskDay/kioskDay.js';
import { kioskDayDecider } from '../kioskDay/decide.js';
import type { PlaceBooking } from '../kioskDay/placeBooking.js';
import { DomainError } from '../shared/errors.js';
import type { Process } from '../shared/process.js';
import { findByCode, type BonusCodeCommand, type BonusCodesState } from './bonusCodes.js';
import { bookingRefFor, holdsKey, redeemsUse, releasesOnRefusal, settlesOnEarlyRefusal } from './usePolicy.js';

type RedeemBonusCode = Extract<BonusCodeCommand, { type: 'RedeemBonusCode' }>;
type ReleaseBonusCode = Extract<BonusCodeCommand, { type: 'ReleaseBonusCode' }>;
type SettleBonusCodeUse = Extract<BonusCodeCommand, { type: 'SettleBonusCodeUse' }>;

/** What happened: the request, then each step's outcome as the runner reports it. */
export type PlacementInput =
  /**
   * A customer's booking: the day's command (its discount null: set once the use is redeemed),
   * the code as typed, and the one-off reference a use is redeemed under when there is no key.
   */
  | { type: 'PlacementRequested'; command: PlaceBooking; bonusCode: string | null; oneOffRef: string }
  /** The day's state as read (ReadDay). */
  | { type: 'DayRead'; day: KioskDayState }
  /** `bonus-codes` after RedeemUse; `appended`: this request's redemption appended an event. */
  | { type: 'UseRedeemed'; codes: BonusCodesState; appended: boolean }
  /** The day placed the booking (PlaceOnDay). */
  | { type: 'DayPlaced'; booking: BookingPlacedData }
  /** The day appended nothing (a retry of a placed key): its state after the command. */
  | { type: 'DayAppendedNothing'; day: KioskDayState }
  /** A step's command was refused: the domain decided, nothing was appended. */
  | { type: 'StepRefused'; error: DomainError };

/** What the runner does next. */
export type PlacementStep =
  | { type: 'ReadDay'; date: string }
  | { type: 'RedeemUse'; command: RedeemBonusCode }
  | { type: 'PlaceOnDay'; command: PlaceBooking }
  /** Done: the booking to answer. */
  | { type: 'Answer'; booking: BookingPlacedData }
  /** Done: the refusal to answer, after giving the use back on `bonus-codes` when there is one to. */
  | { type: 'Refuse'; error: DomainError; giveBack: ReleaseBonusCode | SettleBonusCodeUse | null };

export interface PlacementState {
  /** The day's command as it is to be placed: the discount set once the use is redeemed. */
  command: PlaceBooking | null;
  /** The code as typed; null: none. */
  bonusCode: string | null;
  /** The reference this booking's use is redeemed under (rule: bonus-code-uses). */
  bookingRef: string | null;
  /** A use redeemed; `appended`: by this request (only then does a refusal give it back). */
  use: { appended: boolean } | null;
  /** The day's refusal, answered once the day has been read again. */
  refusal: DomainError | null;
}

/** The day's command, refused on the state as read without appending anything: null when it would place. */
function dryRunRefusal(command: PlaceBooking, day: KioskDayState): DomainError | null {
  try {
    kioskDayDecider.decide(command, day);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

/** The step after the day was read: before the use is redeemed, or after the day refused. */
function afterDayRead(day: KioskDayState, state: PlacementState): PlacementStep {
  const command = state.command!;
  const bookingRef = state.bookingRef!;
  const dayHoldsKey = holdsKey(day, command.idempotencyKey ?? null);
  if (state.refusal) {
    // Only a refusal gives the use back, and only by the request that owns it (usePolicy.ts).
    const gives = state.use !== null && releasesOnRefusal({ appendedUse: state.use.appended, dayHoldsKey });
    const release: ReleaseBonusCode = { type: 'ReleaseBonusCode', code: state.bonusCode!, booking_ref: bookingRef };
    return { type: 'Refuse', error: state.refusal, giveBack: gives ? release : null };
  }
  // A retry of a placed booking goes straight to the day, which answers it (or refuses a
  // different order under the same key) without the code being touched.
  if (!redeemsUse(state.bonusCode, dayHoldsKey)) return { type: 'PlaceOnDay', command };
  // Refuse an invalid order before touching the bonus code (the real decision is the day's, later).
  const refusal = dryRunRefusal(command, day);
  if (refusal) {
    // A refused retry of a key whose booking never landed gives back the use an earlier request
    // of the key left held, once that request can no longer land it (rule: bonus-code-settlement).
    const settle: SettleBonusCodeUse = {
      type: 'SettleBonusCodeUse',
      booking_ref: bookingRef,
      landed: false,
      clock: command.clock,
    };
    return {
      type: 'Refuse',
      error: refusal,
      giveBack: settlesOnEarlyRefusal(command.idempotencyKey ?? null) ? settle : null,
    };
  }
  return {
    type: 'RedeemUse',
    command: {
      type: 'RedeemBonusCode',
      code: state.bonusCode!,
      booking_ref: bookingRef,
      clock: command.clock,
      date: command.date,
    },
  };
}

export const bookingPlacement: Process<PlacementInput, PlacementState, PlacementStep> = {
  initialState: () => ({ command: null, bonusCode: null, bookingRef: null, use: null, refusal: null }),

  evolve(state, input) {
    switch (input.type) {
      case 'PlacementRequested': {
        const { command, bonusCode, oneOffRef } = input;
        const bookingRef = bookingRefFor(command.date, command.idempotencyKey ?? null, oneOffRef);
        return { ...state, command, bonusCode, bookingRef };
      }
      case 'UseRedeemed': {
        const bonus = findByCode(input.codes, state.bonusCode!)!;
        const discount = { code: bonus.code, percentage: bonus.discount_percentage, booking_ref: state.bookingRef! };
        // A retry that found the use held by a request long over renewed it (an event) and owns
        // it now, so it gives it back when refused (rule: bonus-code-settlement).
        return { ...state, command: { ...state.command!, discount }, use: { appended: input.appended } };
      }
      case 'StepRefused':
        return { ...state, refusal: input.error };
      default:
        return state;
    }
  },

  decide(input, state) {
    switch (input.type) {
      case 'PlacementRequested':
        return input.bonusCode
          ? { type: 'ReadDay', date: input.command.date }
          : { type: 'PlaceOnDay', command: input.command };
      case 'DayRead':
        return afterDayRead(input.day, state);
      case 'UseRedeemed':
        return { type: 'PlaceOnDay', command: bookingPlacement.evolve(state, input).command! };
      case 'DayPlaced':
        return { type: 'Answer', booking: input.booking };
      case 'DayAppendedNothing': {
        // No event: the key's booking was placed before, by this request's key in another process or an earlier one.
        const key = state.command!.idempotencyKey ?? null;
        const earlier = key !== null ? input.day.byIdempotencyKey.get(key) : undefined;
        if (!earlier)
          throw new Error(
            `PlaceBooking on ${kioskDayStream(state.command!.date)} decided no event and no earlier booking`,
          );
        return { type: 'Answer', booking: earlier };
      }
      case 'StepRefused':
        // The day refused a booking whose use was redeemed: read the day again to see whether a
        // racing request of the key placed its booking meanwhile (that booking owns the use).
        // A refused redemption, or a refusal with no use, is answered as it is.
        return state.use
          ? { type: 'ReadDay', date: state.command!.date }
          : { type: 'Refuse', error: input.error, giveBack: null };
    }
  },
};
