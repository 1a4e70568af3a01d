// Paying with Swish when booking (issue 49). The kiosk's one choice of when a web order is paid in
// advance (rule: swish-prepay), kept on a stream of its own ('swish-settings', beside the other
// settings as the logo is), and the client certificate's expiry warning (rule:
// swish-certificate). What is secret or per machine (the certificate, the key, the merchant's
// Swish number, the API's address) is the environment's (api/swish/config.ts), never an event.
import { z } from 'zod';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { SWISH_PREPAY_CHOICES, type SwishPrepay } from './swishPrepayAsked.js';

export const SWISH_SETTINGS_STREAM = 'swish-settings';

export { SWISH_PREPAY_CHOICES, paymentAskedFor } from './swishPrepayAsked.js';
export type { SwishPrepay, SwishPrepayAsked, SwishPrepayChoice } from './swishPrepayAsked.js';
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
