// A web booking's Swish payment (rule: swish-payment): Swish's answer about the request, read
// after a callback or a poll, ends the payment once: PAID with its reference and the amount asked
// for, DECLINED, ERROR with Swish's code, CANCELLED, or EXPIRED when nothing came in time.
import { describe, expect, it } from 'vitest';
import {
  NO_SWISH_PAYMENT,
  decideSwishPayment,
  evolveSwishPayment,
  swishFailureText,
  type SwishPaymentAnswer,
  type SwishPaymentEvent,
  type SwishPaymentTrack,
} from '../../domain/kioskDay/swishPayment.js';

const ID = '0123456789ABCDEF0123456789ABCDEF';
const requested: SwishPaymentEvent = {
  type: 'SwishPaymentRequested',
  data: {
    booking_id: '20261207-3',
    instruction_id: ID,
    payee: '1231181189',
    amount_cents: 23_850,
    requested_at: '2026-12-07T17:00:00.000Z',
    expires_at: '2026-12-07T17:10:00.000Z',
  },
};
const track = (...events: SwishPaymentEvent[]): SwishPaymentTrack =>
  events.reduce(evolveSwishPayment, NO_SWISH_PAYMENT);
const answer = (changes: Partial<SwishPaymentAnswer>): SwishPaymentAnswer => ({
  id: ID,
  status: 'CREATED',
  paymentReference: null,
  amount: 238.5,
  errorCode: null,
  ...changes,
});
const at = (time: string) => new Date(`2026-12-07T${time}Z`);

describe('decideSwishPayment (rule: swish-payment)', () => {
  it('records PAID once, with the bank’s reference and the amount asked for', () => {
    const paid = decideSwishPayment(
      track(requested),
      '20261207-3',
      answer({ status: 'PAID', paymentReference: 'REF1' }),
      at('17:01:00'),
    );
    expect(paid).toEqual({
      type: 'SwishPaymentPaid',
      data: {
        booking_id: '20261207-3',
        instruction_id: ID,
        payment_reference: 'REF1',
        amount_cents: 23_850,
        paid_at: '2026-12-07T17:01:00.000Z',
      },
    });
    // A second callback, a late poll: the payment ended, nothing more.
    expect(
      decideSwishPayment(
        track(requested, paid!),
        '20261207-3',
        answer({ status: 'PAID', paymentReference: 'REF1' }),
        at('17:02:00'),
      ),
    ).toBeNull();
  });

  it('ends with Swish’s status and code: DECLINED, ERROR (RF07), CANCELLED', () => {
    for (const [status, errorCode] of [
      ['DECLINED', null],
      ['ERROR', 'RF07'],
      ['CANCELLED', null],
    ] as const)
      expect(decideSwishPayment(track(requested), '20261207-3', answer({ status, errorCode }), at('17:01:00'))).toEqual(
        {
          type: 'SwishPaymentFailed',
          data: {
            booking_id: '20261207-3',
            instruction_id: ID,
            reason: status,
            error_code: errorCode,
            failed_at: '2026-12-07T17:01:00.000Z',
          },
        },
      );
  });

  it('waits while Swish says CREATED or does not answer, and ends as EXPIRED once the lifetime is over', () => {
    expect(decideSwishPayment(track(requested), '20261207-3', answer({}), at('17:09:59'))).toBeNull();
    expect(decideSwishPayment(track(requested), '20261207-3', null, at('17:09:59'))).toBeNull();
    expect(decideSwishPayment(track(requested), '20261207-3', null, at('17:10:00'))).toMatchObject({
      type: 'SwishPaymentFailed',
      data: { reason: 'EXPIRED', error_code: null },
    });
    expect(decideSwishPayment(track(requested), '20261207-3', answer({}), at('17:15:00'))).toMatchObject({
      data: { reason: 'EXPIRED' },
    });
  });

  it('takes no payment of another amount or without a reference, and no answer about another request', () => {
    expect(
      decideSwishPayment(
        track(requested),
        '20261207-3',
        answer({ status: 'PAID', amount: 1, paymentReference: 'R' }),
        at('17:01:00'),
      ),
    ).toMatchObject({ type: 'SwishPaymentFailed', data: { reason: 'ERROR', error_code: 'AMOUNT_MISMATCH' } });
    expect(
      decideSwishPayment(track(requested), '20261207-3', answer({ status: 'PAID' }), at('17:01:00')),
    ).toMatchObject({ type: 'SwishPaymentFailed' });
    expect(
      decideSwishPayment(
        track(requested),
        '20261207-3',
        answer({ id: 'X'.repeat(32), status: 'PAID' }),
        at('17:01:00'),
      ),
    ).toBeNull();
  });

  it('decides nothing for a booking whose payment was never requested', () => {
    expect(decideSwishPayment(NO_SWISH_PAYMENT, '20261207-3', answer({ status: 'PAID' }), at('17:01:00'))).toBeNull();
  });
});

describe('evolveSwishPayment', () => {
  it('keeps the first end: a failure after the payment (or the other way round) changes nothing', () => {
    const paid: SwishPaymentEvent = {
      type: 'SwishPaymentPaid',
      data: {
        booking_id: '20261207-3',
        instruction_id: ID,
        payment_reference: 'REF1',
        amount_cents: 23_850,
        paid_at: '',
      },
    };
    const failed: SwishPaymentEvent = {
      type: 'SwishPaymentFailed',
      data: { booking_id: '20261207-3', instruction_id: ID, reason: 'EXPIRED', error_code: null, failed_at: '' },
    };
    expect(track(requested, paid, failed)).toEqual({
      status: 'paid',
      instruction_id: ID,
      payment_reference: 'REF1',
      amount_cents: 23_850,
    });
    expect(track(requested, failed, paid)).toMatchObject({ status: 'failed', reason: 'EXPIRED' });
    expect(track(requested, { ...requested })).toMatchObject({ status: 'requested' });
  });

  it('tells the customer in Swedish what to do for each end without money', () => {
    expect(swishFailureText.EXPIRED).toBe(
      'Ingen betalning kom från Swish i tid. Beställningen är inte lagd och tiden är släppt: beställ igen när du vill.',
    );
    expect(Object.keys(swishFailureText)).toEqual(['DECLINED', 'ERROR', 'CANCELLED', 'EXPIRED']);
  });
});
