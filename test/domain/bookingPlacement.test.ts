// Placing a booking with a bonus code, one process over the day and `bonus-codes` (rules:
// bonus-code-uses, idempotent-booking, bonus-code-settlement): given what has happened so far,
// when the next outcome is reported, then the process names the next step.
import { describe, expect, it } from 'vitest';
import { bookingPlacement, type PlacementInput, type PlacementStep } from '../../domain/bonusCodes/bookingPlacement.js';
import { bonusCodesDecider, type BonusCodeEvent } from '../../domain/bonusCodes/bonusCodes.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { BookingPlacedData, KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import type { PlaceBooking } from '../../domain/kioskDay/placeBooking.js';
import { msg } from '../../domain/messages.js';
import { DomainError } from '../../domain/shared/errors.js';
import { clock, order, placed, TOMORROW } from './fixtures.js';
import { given as givenDecider } from './givenWhenThen.js';

/** given(inputs).when(input).then(step): the process's steps read as specifications. */
function given(...happened: PlacementInput[]) {
  const state = happened.reduce((s, input) => bookingPlacement.evolve(s, input), bookingPlacement.initialState());
  return {
    when: (input: PlacementInput) => ({
      then: (expected: PlacementStep) => expect(bookingPlacement.decide(input, state)).toEqual(expected),
      thenFails: (message: string) => expect(() => bookingPlacement.decide(input, state)).toThrow(message),
    }),
  };
}

const KEY = 'k1';
const KEYED_REF = `idem:${TOMORROW}:${KEY}`;
const keyed = order({ idempotencyKey: KEY });
const requested = (command: PlaceBooking = keyed, bonusCode: string | null = 'sommar'): PlacementInput => ({
  type: 'PlacementRequested',
  command,
  bonusCode,
  oneOffRef: 'one-off',
});
const dayRead = (...events: KioskDayEvent[]): PlacementInput => ({
  type: 'DayRead',
  day: givenDecider(kioskDayDecider, events).state(),
});
/** The day holding the key's booking, as a racing request or an earlier one placed it. */
const keysBooking = (): KioskDayEvent => {
  const booking = placed();
  return { ...booking, data: { ...(booking.data as BookingPlacedData), idempotency_key: KEY } } as KioskDayEvent;
};
const code: BonusCodeEvent = {
  type: 'BonusCodeCreated',
  data: {
    id: 1,
    code: 'SOMMAR',
    description: '',
    discount_percentage: 10,
    usage_limit: 1,
    expires_at: null,
    is_active: true,
  },
};
const useRedeemed = (appended = true): PlacementInput => ({
  type: 'UseRedeemed',
  codes: givenDecider(bonusCodesDecider, [code]).state(),
  appended,
});
const withDiscount = (command: PlaceBooking = keyed, bookingRef = KEYED_REF): PlaceBooking => ({
  ...command,
  discount: { code: 'SOMMAR', percentage: 10, booking_ref: bookingRef },
});
const full = new DomainError(msg.slotFull);
const refused = (error = full): PlacementInput => ({ type: 'StepRefused', error });

describe('placing a booking (rule: bonus-code-uses)', () => {
  it('given no code, when requested, then the booking goes straight to the day', () => {
    given().when(requested(keyed, null)).then({ type: 'PlaceOnDay', command: keyed });
  });

  it('given a code, when requested, then the day is read first', () => {
    given().when(requested()).then({ type: 'ReadDay', date: TOMORROW });
  });

  it('when the day would take the booking, then the use is redeemed under the key’s reference, or a one-off one without a key', () => {
    given(requested())
      .when(dayRead())
      .then({
        type: 'RedeemUse',
        command: { type: 'RedeemBonusCode', code: 'sommar', booking_ref: KEYED_REF, clock, date: TOMORROW },
      });
    given(requested(order()))
      .when(dayRead())
      .then({
        type: 'RedeemUse',
        command: { type: 'RedeemBonusCode', code: 'sommar', booking_ref: 'one-off', clock, date: TOMORROW },
      });
  });

  it('when the use is redeemed, then the day places the booking with the code’s discount', () => {
    given(requested(), dayRead()).when(useRedeemed()).then({ type: 'PlaceOnDay', command: withDiscount() });
  });

  it('when the day places it, then that booking is the answer', () => {
    const booking = placed().data as BookingPlacedData;
    given(requested(), dayRead(), useRedeemed()).when({ type: 'DayPlaced', booking }).then({ type: 'Answer', booking });
  });

  it('when a redemption is refused (the code used up), then that refusal is the answer and nothing is given back', () => {
    const usedUp = new DomainError(msg.bonusCodeUsedUp);
    given(requested(), dayRead()).when(refused(usedUp)).then({ type: 'Refuse', error: usedUp, giveBack: null });
  });
});

describe('an order the day would refuse, before the code is touched (rule: bonus-code-settlement)', () => {
  const tooMany = order({ idempotencyKey: KEY, pizzas: 7 });

  it('given a keyed request, then the refusal settles the key’s earlier use as not placed', () => {
    given(requested(tooMany))
      .when(dayRead())
      .then({
        type: 'Refuse',
        error: new DomainError(msg.pizzaCountMax(6)),
        giveBack: { type: 'SettleBonusCodeUse', booking_ref: KEYED_REF, landed: false, clock },
      });
  });

  it('given a request without a key, then it is refused with nothing to settle', () => {
    given(requested(order({ pizzas: 7 })))
      .when(dayRead())
      .then({ type: 'Refuse', error: new DomainError(msg.pizzaCountMax(6)), giveBack: null });
  });
});

describe('a retry of a placed key (rule: idempotent-booking)', () => {
  it('given the day holds the key’s booking, then the day answers it without the code being touched', () => {
    given(requested()).when(dayRead(keysBooking())).then({ type: 'PlaceOnDay', command: keyed });
  });

  it('when the day appends nothing, then the key’s booking as first placed is the answer', () => {
    const day = givenDecider(kioskDayDecider, [keysBooking()]).state();
    given(requested(), dayRead(keysBooking()))
      .when({ type: 'DayAppendedNothing', day })
      .then({ type: 'Answer', booking: day.byIdempotencyKey.get(KEY)! });
  });

  it('when the day appends nothing and holds no booking under the key, then that is a fault, not an answer', () => {
    given(requested(), dayRead(keysBooking()))
      .when({ type: 'DayAppendedNothing', day: givenDecider(kioskDayDecider).state() })
      .thenFails(`PlaceBooking on kioskday-${TOMORROW} decided no event and no earlier booking`);
  });
});

describe('the day refuses after the use was redeemed (rule: bonus-code-uses)', () => {
  it('then the day is read again before anything is given back', () => {
    given(requested(), dayRead(), useRedeemed()).when(refused()).then({ type: 'ReadDay', date: TOMORROW });
  });

  it('given this request appended the use, when the day holds no booking under the key, then the use is given back', () => {
    given(requested(), dayRead(), useRedeemed(true), refused())
      .when(dayRead())
      .then({
        type: 'Refuse',
        error: full,
        giveBack: { type: 'ReleaseBonusCode', code: 'sommar', booking_ref: KEYED_REF },
      });
  });

  it('given a racing request placed the key’s booking meanwhile, then that booking keeps the use', () => {
    given(requested(), dayRead(), useRedeemed(true), refused())
      .when(dayRead(keysBooking()))
      .then({ type: 'Refuse', error: full, giveBack: null });
  });

  it('given the use was held by a racing retry (this redemption appended nothing), then it is not this request’s to give back', () => {
    given(requested(), dayRead(), useRedeemed(false), refused())
      .when(dayRead())
      .then({ type: 'Refuse', error: full, giveBack: null });
  });

  it('given no code, when the day refuses, then the refusal is the answer at once', () => {
    given(requested(keyed, null)).when(refused()).then({ type: 'Refuse', error: full, giveBack: null });
  });
});
