// What a customer must know before the order button (rule: before-order) and the kiosk-wide note on
// cross-contact (rule: cross-contact-note): the settings that hold them and the texts built from them.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  SETTINGS_STREAM,
  defaultSettings,
  settingsDecider,
  settingsSchema,
  withDefaults,
} from '../../domain/settings/settings.js';
import {
  CROSS_CONTACT_NOTE_MAX,
  beforeOrderTerms,
  paymentMethodsNotice,
  paymentMethodsText,
} from '../../domain/settings/orderTerms.js';
import { given } from './givenWhenThen.js';

const firstError = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const input = (changes: Record<string, unknown> = {}) => ({
  ...JSON.parse(JSON.stringify(defaultSettings())),
  ...changes,
});

describe('the payment methods the till takes (rule: before-order)', () => {
  it('given a fresh install, then the kiosk takes card, Swish and cash, and no cross-contact note is shown', () => {
    expect(defaultSettings().payment_methods).toEqual(['card', 'swish', 'cash']);
    expect(defaultSettings().cross_contact_note).toBe('');
  });

  it('given settings stored before the setting existed, when they are read, then they take the defaults', () => {
    const { payment_methods: _p, cross_contact_note: _c, ...before } = defaultSettings();
    const read = withDefaults(before);
    expect(read.payment_methods).toEqual(['card', 'swish', 'cash']);
    expect(read.cross_contact_note).toBe('');
  });

  it('given a subset in any order with repeats, when saved, then it is kept without repeats in the fixed order', () => {
    expect(settingsSchema.parse(input({ payment_methods: ['cash', 'card', 'cash'] })).payment_methods).toEqual([
      'card',
      'cash',
    ]);
    const saved = settingsSchema.parse(input({ payment_methods: ['swish'] }));
    given(settingsDecider)
      .when({ type: 'UpdateSettings', settings: saved })
      .then([{ type: 'SettingsUpdated', data: { settings: saved } }]);
    expect(SETTINGS_STREAM).toBe('settings');
  });

  it('given none, or one the kiosk cannot take, when saved, then it is refused in Swedish', () => {
    const message = 'Välj minst ett betalningssätt som kiosken tar emot: kort, Swish eller kontanter';
    expect(firstError(settingsSchema, input({ payment_methods: [] }))).toBe(message);
    expect(firstError(settingsSchema, input({ payment_methods: ['card', 'faktura'] }))).toBe(message);
    expect(firstError(settingsSchema, input({ payment_methods: 'card' }))).toBe(message);
  });

  it('given a client that leaves the new settings out, when saved, then they take the defaults', () => {
    const { payment_methods: _p, cross_contact_note: _c, ...rest } = input();
    const saved = settingsSchema.parse(rest);
    expect(saved.payment_methods).toEqual(['card', 'swish', 'cash']);
    expect(saved.cross_contact_note).toBe('');
  });

  it('are written in Swedish as a list: "kort, Swish eller kontanter"', () => {
    expect(paymentMethodsText(['card', 'swish', 'cash'])).toBe('kort, Swish eller kontanter');
    expect(paymentMethodsText(['cash', 'card'])).toBe('kort eller kontanter');
    expect(paymentMethodsText(['swish'])).toBe('Swish');
    expect(paymentMethodsNotice(['card', 'swish'])).toBe(
      'Du betalar i kiosken när du hämtar beställningen: kort eller Swish. Inget betalas här.',
    );
  });

  it('with Swish in advance (rule: swish-prepay) no longer say that nothing is paid here', () => {
    expect(paymentMethodsNotice(['card', 'swish'], 'some')).toBe(
      'Du betalar i kiosken när du hämtar beställningen: kort eller Swish. Du kan också betala i förväg med Swish här.',
    );
    expect(paymentMethodsNotice(['card'], 'all')).toBe('Beställningen betalas i förväg med Swish här på sidan.');
  });
});

describe('the facts directly above the order button (rule: before-order)', () => {
  it('given a total and the methods, then it names the total inkl. moms, payment at pick-up and how, and no right of withdrawal under 2 kap. 11 §', () => {
    const terms = beforeOrderTerms('208 kr', ['card', 'swish', 'cash']);
    expect(terms.total).toBe('Att betala: 208 kr inkl. moms');
    expect(terms.payment).toBe('Betalas i kiosken när du hämtar beställningen, med kort, Swish eller kontanter.');
    expect(terms.withdrawal).toMatch(/^Ångerrätt gäller inte/);
    expect(terms.withdrawal).toContain('2 kap. 11 § lagen (2005:59) om distansavtal och avtal utanför affärslokaler');
  });

  it('given settings that could not be read (no methods known), then it still says where and when it is paid', () => {
    expect(beforeOrderTerms('89 kr', []).payment).toBe('Betalas i kiosken när du hämtar beställningen.');
  });
});

describe('the cross-contact note (rule: cross-contact-note)', () => {
  it('given a note with spaces around it, when saved, then it is kept trimmed', () => {
    const note = 'Vi bakar allt i samma ugn; spår av gluten och fisk kan förekomma.';
    expect(settingsSchema.parse(input({ cross_contact_note: `  ${note} ` })).cross_contact_note).toBe(note);
  });

  it(`given more than ${CROSS_CONTACT_NOTE_MAX} characters, when saved, then it is refused in Swedish`, () => {
    expect(firstError(settingsSchema, input({ cross_contact_note: 'x'.repeat(CROSS_CONTACT_NOTE_MAX + 1) }))).toBe(
      `Texten om spår av allergener får vara högst ${CROSS_CONTACT_NOTE_MAX} tecken`,
    );
  });
});
