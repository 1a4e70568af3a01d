// Swish (issue 49): the prepay rule on its stream (rule: swish-prepay), and what the admin page
// shows of the environment's Swish settings: payee, addresses, the client certificate's subject
// and end (rule: swish-certificate), never the key.
import {
  SWISH_SETTINGS_STREAM,
  certificateExpiresSoon,
  daysLeft,
  swishSettingsDecider,
  type SwishPrepay,
} from '../../domain/settings/swishPrepay.js';
import type { SwishStatusAnswer } from '../../domain/answers/swish.js';
import type { SwishConfig } from '../swish/config.js';
import type { Commands } from './commands.js';
import { paymentAskedFor } from '../../domain/settings/swishPrepay.js';
import type { SwishPaymentAsked } from '../../domain/kioskDay/swishPayment.js';
import type { BookingLine } from '../../domain/kioskDay/kioskDay.js';
import { chosenCount } from '../../domain/kioskDay/orderCount.js';
import type { BookingPayload } from '../../domain/payloads.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { earlierNoShows } from '../../read-models/queries/orderOutcomes.js';
import { swishInstructionId } from '../swish/client.js';

/**
 * rule: swish-prepay. Whether a web order is asked to pay with Swish in advance: required by the
 * kiosk's rule (paymentAskedFor, with the customer's earlier no-shows), or offered and chosen by the
 * customer (`pay_with_swish`; the booking page does not show the choice yet).
 */
export function swishAskedFor(swish: SwishService, docs: DocumentStore, payee: string) {
  return async (payload: BookingPayload, lines: BookingLine[]): Promise<SwishPaymentAsked | undefined> => {
    const prepay = await swish.prepay();
    if (prepay.choice === 'never') return undefined;
    const noShows =
      prepay.choice === 'required_after_no_shows'
        ? await earlierNoShows(docs, {
            id: '',
            email: payload.email,
            booking_date: payload.date,
            booking_time: payload.time,
          })
        : 0;
    const asked = paymentAskedFor(prepay, { source: 'web', pizzas: chosenCount(lines) }, noShows);
    // Offered: asked only when the customer chose to pay now.
    if (asked === 'none' || (asked === 'offered' && !payload.pay_with_swish)) return undefined;
    return { payee, instructionIdFor: (bookingId) => swishInstructionId('payment', bookingId) };
  };
}

export class SwishService {
  constructor(private readonly commands: Commands) {}

  /** The prepay rule in effect, from the stream itself (never lagging). */
  async prepay(): Promise<SwishPrepay> {
    return (await this.commands.load(SWISH_SETTINGS_STREAM, swishSettingsDecider)).state.prepay;
  }

  async setPrepay(prepay: SwishPrepay, actor: string): Promise<SwishPrepay> {
    await this.commands.write(SWISH_SETTINGS_STREAM, swishSettingsDecider, { type: 'SetSwishPrepay', prepay }, actor);
    return prepay;
  }

  /** GET /admin/swish: what is set (config null: Swish is off) and the rule. */
  async status(config: SwishConfig | null, now: Date): Promise<SwishStatusAnswer> {
    const prepay = await this.prepay();
    if (!config)
      return {
        enabled: false,
        payee: null,
        api_url: null,
        callback_url: null,
        certificate: null,
        server_ca: null,
        prepay,
      };
    const cert = config.certificate;
    return {
      enabled: true,
      payee: config.payee,
      api_url: config.apiUrl,
      callback_url: config.callbackUrl,
      certificate: {
        source: config.credentials.kind,
        subject: cert.subject,
        issuer: cert.issuer,
        valid_from: cert.validFrom.toISOString(),
        valid_to: cert.validTo.toISOString(),
        days_left: daysLeft(cert.validTo, now),
        expires_soon: certificateExpiresSoon(cert.validTo, now),
        fingerprint256: cert.fingerprint256,
      },
      server_ca: config.ca ? 'file' : 'system',
      prepay,
    };
  }
}
