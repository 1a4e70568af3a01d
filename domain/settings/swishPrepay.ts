// Paying with Swish when booking (issue 49). The kiosk's one choice of when a web order is paid in
// advance (rule: swish-prepay), kept on a stream of its own ('swish-settings', beside the other
// settings as the logo is), and the client certificate's expiry warning (rule:
// swish-certificate). What is secret or per machine (the certificate, the key, the merchant's
// Swish number, the API's address) is the environment's (api/swish/config.ts), never an event.
import { z } from 'zod';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';

export const SWISH_SETTINGS_STREAM = 'swish-settings';

/**
 * rule: swish-prepay. When a web booking is paid with Swish in advance: never (the default: paid
 * at pick-up, as before), offered to everyone, required from a number of pizzas, required of a
 * customer with earlier no-shows (rule: no-shows), or required of every web order.
 */
export const SWISH_PREPAY_CHOICES = [
  'never',
  'offered',
  'required_from_pizzas',
  'required_after_no_shows',
  'required_all_web',
] as const;
export type SwishPrepayChoice = (typeof SWISH_PREPAY_CHOICES)[number];

export interface SwishPrepay {
  choice: SwishPrepayChoice;
  /** With required_from_pizzas: the number of pizzas from which payment is required; otherwise null. */
  from_pizzas: number | null;
}

export const DEFAULT_SWISH_PREPAY: SwishPrepay = { choice: 'never', from_pizzas: null };

/** The most pizzas the rule may name (far above any window's capacity). */
export const MAX_PREPAY_PIZZAS = 1000;

export const swishMsg = {
  prepayChoiceInvalid: 'Välj när kunden ska betala med Swish i förväg',
  prepayPizzasInvalid: `Ange från hur många pizzor betalning krävs: ett heltal från 1 till ${MAX_PREPAY_PIZZAS}`,
  swishOff: 'Swish är inte påslaget: sätt SWISH_PAYEE och klientcertifikatet i miljön (se docs/configuration.md)',
  connected: (status: number) => `Anslutningen fungerar: Swish tog emot certifikatet (svarade ${status}).`,
  certificateRefused: (status: number) =>
    `Swish svarade men godtog inte certifikatet (${status}). Kontrollera att certifikatet hör till Swishnumret och inte är återkallat.`,
  unreachable: (error: string) =>
    `Kunde inte nå Swish (${error}). Kontrollera SWISH_API_URL, SWISH_CA_FILE och nätverket.`,
};

/** PUT /admin/swish/prepay: the choice, and the number of pizzas with required_from_pizzas. */
export const swishPrepaySchema = z
  .strictObject({
    choice: z.enum(SWISH_PREPAY_CHOICES, { error: swishMsg.prepayChoiceInvalid }),
    from_pizzas: z
      .number({ error: swishMsg.prepayPizzasInvalid })
      .int({ error: swishMsg.prepayPizzasInvalid })
      .min(1, { error: swishMsg.prepayPizzasInvalid })
      .max(MAX_PREPAY_PIZZAS, { error: swishMsg.prepayPizzasInvalid })
      .nullable()
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.choice === 'required_from_pizzas' && (value.from_pizzas === null || value.from_pizzas === undefined))
      ctx.addIssue({ code: 'custom', path: ['from_pizzas'], message: swishMsg.prepayPizzasInvalid });
  })
  // Only required_from_pizzas keeps a number: a number sent with another choice means nothing.
  .transform((value): SwishPrepay => ({
    choice: value.choice,
    from_pizzas: value.choice === 'required_from_pizzas' ? (value.from_pizzas ?? null) : null,
  }));

export type SwishPrepayAsked = 'none' | 'offered' | 'required';

/**
 * rule: swish-prepay. Whether a web order of `pizzas` pizzas by a customer with `earlierNoShows`
 * is asked to pay with Swish: not at all, offered (the customer may choose to), or required.
 * Orders taken at the counter or on the phone are never asked (they are paid at the till).
 */
export function paymentAskedFor(
  prepay: SwishPrepay,
  order: { source: 'web' | 'counter' | 'phone'; pizzas: number },
  earlierNoShows: number,
): SwishPrepayAsked {
  if (order.source !== 'web') return 'none';
  switch (prepay.choice) {
    case 'never':
      return 'none';
    case 'offered':
      return 'offered';
    case 'required_from_pizzas':
      return prepay.from_pizzas !== null && order.pizzas >= prepay.from_pizzas ? 'required' : 'offered';
    case 'required_after_no_shows':
      return earlierNoShows > 0 ? 'required' : 'offered';
    case 'required_all_web':
      return 'required';
    default:
      return assertNever(prepay.choice);
  }
}

/** rule: swish-certificate. A client certificate this close to its end is an alert. */
export const SWISH_CERT_WARN_DAYS = 30;
const DAY_MS = 86_400_000;

/** rule: swish-certificate. Whole days left before the certificate ends (negative once ended). */
export const daysLeft = (validTo: Date, now: Date) => Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);

/** rule: swish-certificate. Whether the certificate ends within SWISH_CERT_WARN_DAYS (or has ended). */
export const certificateExpiresSoon = (validTo: Date, now: Date) =>
  validTo.getTime() - now.getTime() < SWISH_CERT_WARN_DAYS * DAY_MS;

export type SwishSettingsEvent = DomainEvent<'SwishPrepaySet', { prepay: SwishPrepay }>;

/** The Swish settings' events: their decoding point (domain/shared/events.ts). */
export const swishSettingsEvents = eventsOf<SwishSettingsEvent>({ SwishPrepaySet: true });

export type SwishSettingsCommand = { type: 'SetSwishPrepay'; prepay: SwishPrepay };
export type SwishSettingsState = { prepay: SwishPrepay };

export const swishSettingsDecider: Decider<SwishSettingsCommand, SwishSettingsEvent, SwishSettingsState> = {
  initialState: () => ({ prepay: DEFAULT_SWISH_PREPAY }),
  evolve: (_state, event) => ({ prepay: event.data.prepay }),
  decide(command, state) {
    switch (command.type) {
      case 'SetSwishPrepay': {
        // The same choice again changes nothing.
        const same =
          state.prepay.choice === command.prepay.choice && state.prepay.from_pizzas === command.prepay.from_pizzas;
        return same ? [] : [{ type: 'SwishPrepaySet', data: { prepay: command.prepay } }];
      }
      default:
        return assertNever(command.type);
    }
  },
};
