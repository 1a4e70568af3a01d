// When a web order is paid with Swish in advance (rule: swish-prepay), the setting's schema with
// its Swedish refusals, its stream, and the certificate's warning (rule: swish-certificate).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SWISH_PREPAY,
  SWISH_PREPAY_CHOICES,
  certificateExpiresSoon,
  daysLeft,
  paymentAskedFor,
  swishMsg,
  swishPrepaySchema,
  swishSettingsDecider,
  type SwishPrepay,
} from '../../domain/settings/swishPrepay.js';
import { given } from './givenWhenThen.js';

const web = (pizzas: number) => ({ source: 'web' as const, pizzas });
const prepay = (choice: SwishPrepay['choice'], from_pizzas: number | null = null): SwishPrepay => ({
  choice,
  from_pizzas,
});

describe('paymentAskedFor (rule: swish-prepay)', () => {
  it('asks nothing by default (never): payment at pick-up, as before Swish', () => {
    expect(DEFAULT_SWISH_PREPAY).toEqual(prepay('never'));
    expect(paymentAskedFor(DEFAULT_SWISH_PREPAY, web(6), 3)).toBe('none');
  });

  it('offers it to everyone with offered', () => {
    expect(paymentAskedFor(prepay('offered'), web(1), 0)).toBe('offered');
  });

  it('requires it from N pizzas, and offers it below', () => {
    const rule = prepay('required_from_pizzas', 4);
    expect(paymentAskedFor(rule, web(3), 0)).toBe('offered');
    expect(paymentAskedFor(rule, web(4), 0)).toBe('required');
    expect(paymentAskedFor(rule, web(6), 0)).toBe('required');
  });

  it('requires it of a customer with earlier no-shows (rule: no-shows), and offers it to others', () => {
    const rule = prepay('required_after_no_shows');
    expect(paymentAskedFor(rule, web(2), 0)).toBe('offered');
    expect(paymentAskedFor(rule, web(2), 1)).toBe('required');
  });

  it('requires it of every web order with required_all_web, but never of a counter or phone order', () => {
    const rule = prepay('required_all_web');
    expect(paymentAskedFor(rule, web(1), 0)).toBe('required');
    expect(paymentAskedFor(rule, { source: 'counter', pizzas: 2 }, 0)).toBe('none');
    expect(paymentAskedFor(rule, { source: 'phone', pizzas: 2 }, 5)).toBe('none');
  });
});

describe('swishPrepaySchema (PUT /admin/swish/prepay)', () => {
  const firstError = (value: unknown) => swishPrepaySchema.safeParse(value).error?.issues[0]?.message;

  it('takes each named choice; only required_from_pizzas keeps its number', () => {
    for (const choice of SWISH_PREPAY_CHOICES.filter((c) => c !== 'required_from_pizzas'))
      expect(swishPrepaySchema.parse({ choice, from_pizzas: 5 })).toEqual(prepay(choice));
    expect(swishPrepaySchema.parse({ choice: 'required_from_pizzas', from_pizzas: 5 })).toEqual(
      prepay('required_from_pizzas', 5),
    );
  });

  it('refuses an unknown choice and a missing, fractional, zero or huge number, in Swedish', () => {
    expect(firstError({ choice: 'sometimes' })).toBe(swishMsg.prepayChoiceInvalid);
    expect(firstError({})).toBe(swishMsg.prepayChoiceInvalid);
    for (const from_pizzas of [undefined, null, 0, 2.5, 1001, '3'])
      expect(firstError({ choice: 'required_from_pizzas', from_pizzas }), String(from_pizzas)).toBe(
        swishMsg.prepayPizzasInvalid,
      );
    expect(swishMsg.prepayPizzasInvalid).toBe(
      'Ange från hur många pizzor betalning krävs: ett heltal från 1 till 1000',
    );
  });
});

describe('the swish-settings stream', () => {
  it('records a new choice, and nothing for the same choice again', () => {
    const set = prepay('required_from_pizzas', 4);
    given(swishSettingsDecider)
      .when({ type: 'SetSwishPrepay', prepay: set })
      .then([{ type: 'SwishPrepaySet', data: { prepay: set } }]);
    given(swishSettingsDecider, [{ type: 'SwishPrepaySet', data: { prepay: set } }])
      .when({ type: 'SetSwishPrepay', prepay: { ...set } })
      .then([]);
    given(swishSettingsDecider, [{ type: 'SwishPrepaySet', data: { prepay: set } }])
      .when({ type: 'SetSwishPrepay', prepay: prepay('required_from_pizzas', 5) })
      .thenMatches([{ type: 'SwishPrepaySet' }]);
  });

  it('reads never before anything was set', () => {
    expect(given(swishSettingsDecider).state().prepay).toEqual(DEFAULT_SWISH_PREPAY);
  });
});

describe('the client certificate’s end (rule: swish-certificate)', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  it('warns from 30 days before it ends, and after', () => {
    expect(certificateExpiresSoon(new Date('2027-01-07T12:00:00Z'), now)).toBe(false);
    expect(certificateExpiresSoon(new Date('2027-01-06T11:59:59Z'), now)).toBe(true);
    expect(certificateExpiresSoon(new Date('2026-12-01T00:00:00Z'), now)).toBe(true);
    expect(daysLeft(new Date('2027-01-07T12:00:00Z'), now)).toBe(31);
    expect(daysLeft(new Date('2026-12-06T12:00:00Z'), now)).toBe(-1);
  });
});
