// Bonus codes: the form schema and the 'bonus-codes' stream that holds codes and their uses.
// Rule names refer to domain/README.md (rule: bonus-codes, rule: bonus-code-uses).
import { describe, expect, it } from 'vitest';
import {
  BONUS_CODES_STREAM,
  bonusCodeInputSchema,
  bonusCodeProblem,
  bonusCodesDecider,
  findByCode,
  type BonusCodeEvent,
  type BonusCodeInput,
} from '../../domain/bonusCodes/bonusCodes.js';
import { given } from './givenWhenThen.js';
import { clock, clockAt } from './fixtures.js';

const TZ = 'Europe/Stockholm';
const firstError = (value: unknown) => bonusCodeInputSchema.safeParse(value).error?.issues[0]?.message;
const fields = (changes: Partial<BonusCodeInput> = {}): BonusCodeInput => ({
  code: 'SOMMAR10',
  description: 'Sommarrabatt',
  discount_percentage: 10,
  usage_limit: null,
  expires_at: null,
  is_active: true,
  ...changes,
});
const created = (id: number, changes: Partial<BonusCodeInput> = {}): BonusCodeEvent => ({
  type: 'BonusCodeCreated',
  data: { id, ...fields(changes) },
});
/** A use redeemed at the clock's time (rule: bonus-code-settlement records it). */
const redeemed = (ref: string, id = 1, code = 'SOMMAR10', at = clock): BonusCodeEvent => ({
  type: 'BonusCodeRedeemed',
  data: { id, code, booking_ref: ref, redeemed_at: at.now.toISOString() },
});
const released = (ref: string, id = 1, code = 'SOMMAR10'): BonusCodeEvent => ({
  type: 'BonusCodeReleased',
  data: { id, code, booking_ref: ref },
});
const redeem = (ref: string, code = 'SOMMAR10', at = clock) =>
  ({ type: 'RedeemBonusCode', code, booking_ref: ref, clock: at }) as const;
const release = (ref: string, code = 'SOMMAR10') => ({ type: 'ReleaseBonusCode', code, booking_ref: ref }) as const;

describe('the bonus-code form (SPEC 5; rule: bonus-codes)', () => {
  it('upper-cases and trims the code, rounds the discount to one decimal, blank limit and expiry mean unlimited and never', () => {
    expect(
      bonusCodeInputSchema.parse({ code: ' sommar10 ', discount_percentage: '12.34', usage_limit: '', expires_at: '' }),
    ).toEqual({
      code: 'SOMMAR10',
      description: '',
      discount_percentage: 12.3,
      usage_limit: null,
      expires_at: null,
      is_active: true,
    });
  });

  it('takes null for unlimited and never, an integer limit, an ISO expiry and is_active 0', () => {
    expect(
      bonusCodeInputSchema.parse({
        code: 'X',
        discount_percentage: 100,
        usage_limit: null,
        expires_at: null,
        is_active: 0,
      }),
    ).toMatchObject({
      usage_limit: null,
      expires_at: null,
      is_active: false,
    });
    expect(
      bonusCodeInputSchema.parse({
        code: 'X',
        discount_percentage: 0,
        usage_limit: '5',
        expires_at: '2026-12-31T22:59:00Z',
      }),
    ).toMatchObject({
      discount_percentage: 0,
      usage_limit: 5,
      expires_at: '2026-12-31T22:59:00.000Z',
    });
  });

  it('reads an expiry without a zone (a datetime-local field) as the kiosk’s wall-clock time, a bare date as the end of that day', () => {
    expect(
      bonusCodeInputSchema.parse({ code: 'X', discount_percentage: 5, expires_at: '2026-12-31T23:59' }).expires_at,
    ).toBe('2026-12-31T23:59');
    expect(bonusCodeInputSchema.parse({ code: 'X', discount_percentage: 5, expires_at: '2026-12-31' }).expires_at).toBe(
      '2027-01-01T00:00',
    );
    expect(firstError({ code: 'X', discount_percentage: 5, expires_at: '2026-02-30T12:00' })).toBe(
      'Ogiltigt utgångsdatum',
    );
    // The command resolves it in KIOSK_TZ: 23:59 in Stockholm in winter is 22:59 UTC.
    given(bonusCodesDecider)
      .when({ type: 'CreateBonusCode', input: fields({ expires_at: '2026-12-31T23:59' }), timeZone: TZ })
      .then([{ type: 'BonusCodeCreated', data: { id: 1, ...fields({ expires_at: '2026-12-31T22:59:00.000Z' }) } }]);
    given(bonusCodesDecider, [created(1)])
      .when({ type: 'UpdateBonusCode', id: 1, input: fields({ expires_at: '2026-07-01T00:00' }), timeZone: TZ })
      .then([{ type: 'BonusCodeUpdated', data: { id: 1, ...fields({ expires_at: '2026-06-30T22:00:00.000Z' }) } }]);
  });

  it("refuses a missing code: 'Bonuskod krävs'", () => {
    expect(firstError({ code: '  ', discount_percentage: 10 })).toBe('Bonuskod krävs');
    expect(firstError({ discount_percentage: 10 })).toBe('Bonuskod krävs');
  });

  it("refuses a discount outside 0-100: 'Rabatten måste vara mellan 0 och 100 procent'", () => {
    expect(firstError({ code: 'X', discount_percentage: -0.1 })).toBe('Rabatten måste vara mellan 0 och 100 procent');
    expect(firstError({ code: 'X', discount_percentage: 100.1 })).toBe('Rabatten måste vara mellan 0 och 100 procent');
    expect(firstError({ code: 'X', discount_percentage: 'tio' })).toBe('Rabatten måste vara mellan 0 och 100 procent');
  });

  it("refuses a usage limit below 1 or not whole: 'Användningsgränsen måste vara ett heltal, minst 1'", () => {
    expect(firstError({ code: 'X', discount_percentage: 10, usage_limit: 0 })).toBe(
      'Användningsgränsen måste vara ett heltal, minst 1',
    );
    expect(firstError({ code: 'X', discount_percentage: 10, usage_limit: 1.5 })).toBe(
      'Användningsgränsen måste vara ett heltal, minst 1',
    );
  });

  it("refuses an expiry that is not a date-time: 'Ogiltigt utgångsdatum'", () => {
    expect(firstError({ code: 'X', discount_percentage: 10, expires_at: 'snart' })).toBe('Ogiltigt utgångsdatum');
  });
});

describe(`the bonus-codes stream ('${BONUS_CODES_STREAM}')`, () => {
  describe('an empty stream', () => {
    it('creates a code with id 1', () => {
      given(bonusCodesDecider)
        .when({ type: 'CreateBonusCode', input: fields(), timeZone: TZ })
        .then([{ type: 'BonusCodeCreated', data: { id: 1, ...fields() } }]);
    });

    it("refuses to redeem an unknown code: 'Ogiltig bonuskod'", () => {
      given(bonusCodesDecider).when(redeem('b1')).thenThrows('Ogiltig bonuskod');
    });

    it("refuses to update or delete a code it does not hold: 'Bonuskoden finns inte' (not found)", () => {
      given(bonusCodesDecider)
        .when({ type: 'UpdateBonusCode', id: 1, input: fields(), timeZone: TZ })
        .thenThrows('Bonuskoden finns inte', 'not_found');
      given(bonusCodesDecider)
        .when({ type: 'DeleteBonusCode', id: 1 })
        .thenThrows('Bonuskoden finns inte', 'not_found');
    });

    it('releasing an unknown code appends nothing', () => {
      given(bonusCodesDecider).when(release('b1')).then([]);
    });
  });

  describe('a stream with codes SOMMAR10 (1) and VINTER20 (2)', () => {
    const two = () => given(bonusCodesDecider, [created(1), created(2, { code: 'VINTER20', discount_percentage: 20 })]);

    it("refuses a second code with the same text, in any case: 'Bonuskoden finns redan' (codes are unique)", () => {
      two()
        .when({ type: 'CreateBonusCode', input: fields({ code: 'SOMMAR10' }), timeZone: TZ })
        .thenThrows('Bonuskoden finns redan');
    });

    it('finds codes whatever case they are typed in', () => {
      expect(findByCode(two().state(), ' vinter20 ')?.id).toBe(2);
    });

    it("refuses to rename a code to another's text", () => {
      two()
        .when({ type: 'UpdateBonusCode', id: 1, input: fields({ code: 'VINTER20' }), timeZone: TZ })
        .thenThrows('Bonuskoden finns redan');
    });

    it('updates a code keeping its own text', () => {
      two()
        .when({ type: 'UpdateBonusCode', id: 1, input: fields({ discount_percentage: 15 }), timeZone: TZ })
        .then([{ type: 'BonusCodeUpdated', data: { id: 1, ...fields({ discount_percentage: 15 }) } }]);
    });

    it('deletes a code, after which its text is free again', () => {
      two()
        .when({ type: 'DeleteBonusCode', id: 2 })
        .then([{ type: 'BonusCodeDeleted', data: { id: 2 } }]);
      given(bonusCodesDecider, [
        created(1),
        created(2, { code: 'VINTER20' }),
        { type: 'BonusCodeDeleted', data: { id: 2 } },
      ])
        .when({ type: 'CreateBonusCode', input: fields({ code: 'VINTER20' }), timeZone: TZ })
        .thenMatches([{ type: 'BonusCodeCreated', data: { id: 3, code: 'VINTER20' } }]);
    });
  });

  describe('an active, unlimited code (rule: bonus-code-uses)', () => {
    const unlimited = () => given(bonusCodesDecider, [created(1), redeemed('b1'), redeemed('b2'), redeemed('b3')]);

    it('is redeemed for a booking attempt, typed in any case', () => {
      unlimited()
        .when(redeem('b4', 'sommar10'))
        .then([redeemed('b4')]);
    });

    it('counts every use', () => {
      expect(findByCode(unlimited().state(), 'SOMMAR10')?.used_count).toBe(3);
    });
  });

  describe('a code with usage_limit 2 used once (rule: bonus-code-uses)', () => {
    const usedOnce = () => given(bonusCodesDecider, [created(1, { usage_limit: 2 }), redeemed('b1')]);

    it('accepts the last use', () => {
      usedOnce()
        .when(redeem('b2'))
        .then([redeemed('b2')]);
    });

    it('redeeming again for the same booking_ref appends nothing (a retried command counts once)', () => {
      usedOnce().when(redeem('b1')).then([]);
    });

    it('the same Redeemed event delivered twice counts once', () => {
      const state = given(bonusCodesDecider, [created(1, { usage_limit: 2 }), redeemed('b1'), redeemed('b1')]).state();
      expect(findByCode(state, 'SOMMAR10')?.used_count).toBe(1);
    });

    it('releases the use of a booking that failed', () => {
      usedOnce()
        .when(release('b1'))
        .then([released('b1')]);
      expect(findByCode(usedOnce().when(release('b1')).thenState(), 'SOMMAR10')?.used_count).toBe(0);
    });

    it('releasing a booking_ref that holds no use appends nothing', () => {
      usedOnce().when(release('b9')).then([]);
    });
  });

  describe('a code at its usage_limit (2 of 2)', () => {
    const usedUp = () => given(bonusCodesDecider, [created(1, { usage_limit: 2 }), redeemed('b1'), redeemed('b2')]);

    it("refuses another use: 'Bonuskoden har redan använts maximalt antal gånger'", () => {
      usedUp().when(redeem('b3')).thenThrows('Bonuskoden har redan använts maximalt antal gånger', 'rejected');
    });

    it('still answers a retry of a booking that holds a use with nothing to append', () => {
      usedUp().when(redeem('b2')).then([]);
    });

    it('takes a new use once one is released', () => {
      given(bonusCodesDecider, [created(1, { usage_limit: 2 }), redeemed('b1'), redeemed('b2'), released('b1')])
        .when(redeem('b3'))
        .then([redeemed('b3')]);
    });

    it('a release delivered twice frees one use only', () => {
      const state = given(bonusCodesDecider, [
        created(1, { usage_limit: 2 }),
        redeemed('b1'),
        redeemed('b2'),
        released('b1'),
        released('b1'),
      ]).state();
      expect(findByCode(state, 'SOMMAR10')?.used_count).toBe(1);
    });

    it('releasing twice: the second release appends nothing', () => {
      given(bonusCodesDecider, [created(1, { usage_limit: 2 }), redeemed('b1'), released('b1')])
        .when(release('b1'))
        .then([]);
    });

    it('keeps its uses when the code is edited', () => {
      const state = given(bonusCodesDecider, [created(1, { usage_limit: 2 }), redeemed('b1'), redeemed('b2')])
        .when({ type: 'UpdateBonusCode', id: 1, input: fields({ usage_limit: 3 }), timeZone: TZ })
        .thenState();
      expect(findByCode(state, 'SOMMAR10')?.used_count).toBe(2);
      expect(bonusCodeProblem(findByCode(state, 'SOMMAR10'), clock)).toBeNull();
    });
  });

  describe('an inactive code', () => {
    it("refuses a use: 'Bonuskoden är inte aktiv'", () => {
      given(bonusCodesDecider, [created(1, { is_active: false })])
        .when(redeem('b1'))
        .thenThrows('Bonuskoden är inte aktiv');
    });
  });

  describe('a code expiring at 2026-11-23T09:00:00Z (the fixed clock)', () => {
    const expiring = () => given(bonusCodesDecider, [created(1, { expires_at: '2026-11-23T09:00:00.000Z' })]);

    it("refuses a use at the expiry instant: 'Bonuskoden har gått ut'", () => {
      expiring().when(redeem('b1')).thenThrows('Bonuskoden har gått ut');
    });

    it('accepts a use one millisecond before', () => {
      expiring()
        .when(redeem('b1', 'SOMMAR10', clockAt('2026-11-23T08:59:59.999Z')))
        .then([redeemed('b1', 1, 'SOMMAR10', clockAt('2026-11-23T08:59:59.999Z'))]);
    });
  });

  describe('bonusCodeProblem (also answers POST /validate-bonus-code)', () => {
    it('names the first problem: unknown, inactive, expired, used up', () => {
      const state = given(bonusCodesDecider, [
        created(1, { code: 'A', is_active: false, expires_at: '2020-01-01T00:00:00.000Z', usage_limit: 1 }),
        created(2, { code: 'B', expires_at: '2020-01-01T00:00:00.000Z', usage_limit: 1 }),
        created(3, { code: 'C', usage_limit: 1 }),
        redeemed('x', 1, 'A'),
        redeemed('x', 2, 'B'),
        redeemed('x', 3, 'C'),
      ]).state();
      expect(bonusCodeProblem(findByCode(state, 'Z'), clock)).toBe('Ogiltig bonuskod');
      expect(bonusCodeProblem(findByCode(state, 'A'), clock)).toBe('Bonuskoden är inte aktiv');
      expect(bonusCodeProblem(findByCode(state, 'B'), clock)).toBe('Bonuskoden har gått ut');
      expect(bonusCodeProblem(findByCode(state, 'C'), clock)).toBe(
        'Bonuskoden har redan använts maximalt antal gånger',
      );
    });
  });
});

describe('a cancelled booking gives its use back, once (rule: cancellation-returns-bonus-use)', () => {
  const usedUp = () => given(bonusCodesDecider, [created(1, { usage_limit: 1 }), redeemed('booking-ref')]);

  it('the release frees the use: the code can be redeemed again', () => {
    usedUp()
      .when(release('booking-ref'))
      .then([released('booking-ref')]);
    given(bonusCodesDecider, [created(1, { usage_limit: 1 }), redeemed('booking-ref'), released('booking-ref')])
      .when(redeem('next-booking'))
      .then([redeemed('next-booking')]);
  });

  it('giving it back again appends nothing, and a use never goes below zero', () => {
    const afterRelease = given(bonusCodesDecider, [
      created(1, { usage_limit: 1 }),
      redeemed('booking-ref'),
      released('booking-ref'),
    ]);
    afterRelease.when(release('booking-ref')).then([]);
    const twice = given(bonusCodesDecider, [
      created(1, { usage_limit: 1 }),
      redeemed('booking-ref'),
      released('booking-ref'),
      released('booking-ref'),
    ]).state();
    expect(findByCode(twice, 'SOMMAR10')?.used_count).toBe(0);
  });

  it('gives the use back to the code that holds it, also after the code was renamed', () => {
    const renamed: BonusCodeEvent = {
      type: 'BonusCodeUpdated',
      data: { id: 1, ...fields({ code: 'VINTER10', usage_limit: 1 }) },
    };
    given(bonusCodesDecider, [created(1, { usage_limit: 1 }), redeemed('booking-ref'), renamed])
      .when(release('booking-ref', 'SOMMAR10'))
      .then([released('booking-ref', 1, 'VINTER10')]);
  });
});
