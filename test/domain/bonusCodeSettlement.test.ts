// Settling bonus-code uses once their booking's outcome is known (rule: bonus-code-settlement).
import { describe, expect, it } from 'vitest';
import { bonusCodesDecider, type BonusCodeEvent } from '../../domain/bonusCodes/bonusCodes.js';
import {
  BONUS_USE_SETTLE_AFTER_MS,
  bookingLanded,
  dateOfBookingRef,
  usesToSettle,
} from '../../domain/bonusCodes/settlement.js';
import { given } from './givenWhenThen.js';
import { clock, clockAt } from './fixtures.js';

const REDEEMED_AT = clock.now.toISOString();
const known = clockAt(new Date(clock.now.getTime() + BONUS_USE_SETTLE_AFTER_MS).toISOString());
const tooSoon = clockAt(new Date(clock.now.getTime() + BONUS_USE_SETTLE_AFTER_MS - 1).toISOString());

const created: BonusCodeEvent = {
  type: 'BonusCodeCreated',
  data: {
    id: 1,
    code: 'SOMMAR10',
    description: '',
    discount_percentage: 10,
    usage_limit: 1,
    expires_at: null,
    is_active: true,
  },
};
const redeemed = (ref: string, extra: { date?: string; redeemed_at?: string } = {}): BonusCodeEvent => ({
  type: 'BonusCodeRedeemed',
  data: { id: 1, code: 'SOMMAR10', booking_ref: ref, ...extra },
});
const ref = { id: 1, code: 'SOMMAR10', booking_ref: 'r1' };
const settle = (landed: boolean, at = known) =>
  ({ type: 'SettleBonusCodeUse', booking_ref: 'r1', landed, clock: at }) as const;

describe('redeeming a use', () => {
  it('records the booking date and when', () => {
    given(bonusCodesDecider, [created])
      .when({ type: 'RedeemBonusCode', code: 'sommar10', booking_ref: 'r1', clock, date: '2026-11-25' })
      .then([{ type: 'BonusCodeRedeemed', data: { ...ref, date: '2026-11-25', redeemed_at: REDEEMED_AT } }]);
  });

  it('again under a reference held by a request that may still be on its way appends nothing', () => {
    given(bonusCodesDecider, [created, redeemed('r1', { redeemed_at: REDEEMED_AT })])
      .when({ type: 'RedeemBonusCode', code: 'SOMMAR10', booking_ref: 'r1', clock: tooSoon })
      .then([]);
  });

  it('again under a reference held by a request long over takes the use over, counting nothing more', () => {
    const then = given(bonusCodesDecider, [created, redeemed('r1', { redeemed_at: REDEEMED_AT })]).when({
      type: 'RedeemBonusCode',
      code: 'SOMMAR10',
      booking_ref: 'r1',
      clock: known,
    });
    then.then([{ type: 'BonusCodeUseRenewed', data: { ...ref, redeemed_at: known.now.toISOString() } }]);
    expect(then.thenState().codes.get(1)!.used_count).toBe(1);
  });
});

describe('settling a use', () => {
  const held = [created, redeemed('r1', { date: '2026-11-25', redeemed_at: REDEEMED_AT })];

  it('whose booking landed keeps it, at once', () => {
    given(bonusCodesDecider, held)
      .when(settle(true, tooSoon))
      .then([{ type: 'BonusCodeUseKept', data: ref }]);
  });

  it('whose booking never landed gives it back once its outcome is known', () => {
    const then = given(bonusCodesDecider, held).when(settle(false));
    then.then([{ type: 'BonusCodeReleased', data: { ...ref, reason: 'not_placed' } }]);
    expect(then.thenState().codes.get(1)!.used_count).toBe(0);
  });

  it('whose booking may still land leaves it', () => {
    given(bonusCodesDecider, held).when(settle(false, tooSoon)).then([]);
  });

  it('once: a kept or released use appends nothing more', () => {
    given(bonusCodesDecider, [...held, { type: 'BonusCodeUseKept', data: ref }])
      .when(settle(false))
      .then([]);
    given(bonusCodesDecider, [...held, { type: 'BonusCodeReleased', data: { ...ref, reason: 'not_placed' } }])
      .when(settle(false))
      .then([]);
  });

  it('a kept use is still given back by its booking’s cancellation', () => {
    given(bonusCodesDecider, [...held, { type: 'BonusCodeUseKept', data: ref }])
      .when({ type: 'ReleaseBonusCode', code: 'SOMMAR10', booking_ref: 'r1' })
      .then([{ type: 'BonusCodeReleased', data: ref }]);
  });

  it('a use redeemed before the time was recorded counts as long ago', () => {
    given(bonusCodesDecider, [created, redeemed('r1')])
      .when(settle(false, clock))
      .thenMatches([{ type: 'BonusCodeReleased' }]);
  });
});

describe('the uses to settle', () => {
  it('are the unsettled ones old enough, with the date recorded or named by a keyed reference', () => {
    const state = given(bonusCodesDecider, [
      created,
      redeemed('young', { date: '2026-11-25', redeemed_at: tooSoon.now.toISOString() }),
      redeemed('old', { date: '2026-11-25', redeemed_at: REDEEMED_AT }),
      redeemed('idem:2026-11-26:k1'),
      redeemed('before-dates'),
      redeemed('kept', { date: '2026-11-25', redeemed_at: REDEEMED_AT }),
      { type: 'BonusCodeUseKept', data: { id: 1, code: 'SOMMAR10', booking_ref: 'kept' } },
    ]).state();
    expect(usesToSettle(state.codes.values(), known.now)).toEqual([
      { code: 'SOMMAR10', booking_ref: 'old', date: '2026-11-25' },
      { code: 'SOMMAR10', booking_ref: 'idem:2026-11-26:k1', date: '2026-11-26' },
    ]);
  });

  it('a keyed reference names its date', () => {
    expect(dateOfBookingRef('idem:2026-11-26:a:b')).toBe('2026-11-26');
    expect(dateOfBookingRef('0b7c-uuid')).toBeNull();
  });

  it('a booking landed when a BookingPlaced of the day carries the reference', () => {
    const day = [
      { type: 'BookingPlaced', data: { booking_id: '20261125-1', bonus_ref: 'other' } },
      { type: 'BookingCancelled', data: { booking_id: '20261125-1' } },
    ];
    expect(bookingLanded(day, 'r1')).toBe(false);
    expect(bookingLanded([...day, { type: 'BookingPlaced', data: { bonus_ref: 'r1' } }], 'r1')).toBe(true);
  });
});
