// What a customer must know before the order button (rule: before-order), and the kiosk-wide note
// on cross-contact beside the allergen filter (rule: cross-contact-note). Both are kiosk settings
// (the 'settings' stream); the texts are built here once, for the booking page, the waitlist's offer
// page and the tests. Zod-free: the booking page's first paint uses them (schemas: orderTermsSchema.ts).
//
// Lagen (2005:59) om distansavtal och avtal utanför affärslokaler
// (https://www.riksdagen.se/sv/dokument-och-lagar/dokument/svensk-forfattningssamling/lag-200559-om-distansavtal-och-avtal-utanfor_sfs-2005-59/):
// - 2 kap. 2 §: before a distance contract is concluded the consumer is told, clearly, the total
//   price including taxes (p. 4), how payment is made (p. 6) and whether there is a right of
//   withdrawal, and if not, that there is none (p. 8-10);
// - 2 kap. 3 §: where an order placed online obliges the consumer to pay, the total price and the
//   rest of that information stand directly before the order is placed, and which payment methods
//   are accepted is said at the latest at the beginning of the ordering process;
// - 2 kap. 11 § första stycket 4: no right of withdrawal for goods that can quickly deteriorate or
//   go off (food made for a set time: a pizza baked for its pick-up).
// Konsumentverket, "Lagen om distansavtal och avtal utanför affärslokaler"
// (https://www.konsumentverket.se/for-foretag/konsumentratt-for-foretagare/lagen-om-distansavtal-och-avtal-utanfor-affarslokaler/):
// the information before the sale, and "varor som snabbt kan försämras, till exempel livsmedel" among
// the exceptions, of which the consumer must be told.
import { NO_RIGHT_OF_WITHDRAWAL } from '../accounting/saleTerms.js';

/** The ways the kiosk's till takes payment at pick-up (the codes are the wire format). */
export const PAYMENT_METHODS = ['card', 'swish', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Their Swedish names, as written in a sentence. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'kort',
  swish: 'Swish',
  cash: 'kontanter',
};

/** A fresh install, and settings stored before the setting existed: all three (rule: settings-defaults). */
export const DEFAULT_PAYMENT_METHODS: PaymentMethod[] = [...PAYMENT_METHODS];

/** Without repeats, in the fixed order (kort, Swish, kontanter). */
export const sortPaymentMethods = (methods: readonly PaymentMethod[]): PaymentMethod[] =>
  PAYMENT_METHODS.filter((m) => methods.includes(m));

/** "kort, Swish eller kontanter"; "Swish"; "kort eller kontanter". */
export function paymentMethodsText(methods: readonly PaymentMethod[]): string {
  const names = sortPaymentMethods(methods).map((m) => PAYMENT_METHOD_LABELS[m]);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} eller ${names[names.length - 1]}`;
}

/**
 * From the start of the order (2 kap. 3 §: the payment methods accepted, at the beginning). With
 * Swish in advance (issue 49, rule: swish-prepay) "Inget betalas här" no longer holds: `prepay`
 * says whether every web order is paid here with Swish ('all') or some may or must be ('some').
 */
export function paymentMethodsNotice(methods: readonly PaymentMethod[], prepay?: 'all' | 'some'): string {
  if (prepay === 'all') return 'Beställningen betalas i förväg med Swish här på sidan.';
  const atPickUp =
    methods.length === 0
      ? 'Du betalar i kiosken när du hämtar beställningen.'
      : `Du betalar i kiosken när du hämtar beställningen: ${paymentMethodsText(methods)}.`;
  return prepay === 'some'
    ? `${atPickUp} Du kan också betala i förväg med Swish här.`
    : `${atPickUp} Inget betalas här.`;
}

/** The three facts directly above the order button (rule: before-order). */
export interface BeforeOrderTerms {
  /** "Att betala: 208 kr inkl. moms" */
  total: string;
  /** "Betalas i kiosken när du hämtar beställningen, med kort, Swish eller kontanter." */
  payment: string;
  /** No right of withdrawal for the food, with the law's place. */
  withdrawal: string;
}

export function beforeOrderTerms(totalText: string, methods: readonly PaymentMethod[]): BeforeOrderTerms {
  return {
    total: `Att betala: ${totalText} inkl. moms`,
    // No methods only where the settings could not be read: the page then names none.
    payment:
      methods.length === 0
        ? 'Betalas i kiosken när du hämtar beställningen.'
        : `Betalas i kiosken när du hämtar beställningen, med ${paymentMethodsText(methods)}.`,
    withdrawal: NO_RIGHT_OF_WITHDRAWAL,
  };
}

/**
 * The kiosk-wide note on cross-contact (rule: cross-contact-note): what may be in every pizza
 * through the shared oven and bench, beside the allergen filter, which filters by declared
 * ingredients only. Empty by default (nothing shown); at most this many characters.
 */
export const CROSS_CONTACT_NOTE_MAX = 300;
export const CROSS_CONTACT_NOTE_EXAMPLE = 'Vi bakar allt i samma ugn; spår av gluten, mjölk och fisk kan förekomma.';
