// The admin's Swish calls (issue 49): what is set, the prepay rule, and the connection test.
import { z } from 'zod';
import { SWISH_PREPAY_CHOICES } from '../settings/swishPrepay.js';

/** rule: swish-prepay. The choice, an enum in the OpenAPI document, and its number of pizzas. */
export const swishPrepayAnswerSchema = z
  .strictObject({
    choice: z.enum(SWISH_PREPAY_CHOICES).meta({
      description:
        'När kunden betalar med Swish i förväg: never (aldrig, betalning vid hämtning), offered (erbjuds alla), required_from_pizzas (krävs från from_pizzas pizzor), required_after_no_shows (krävs av kunder som uteblivit tidigare), required_all_web (krävs för alla webbeställningar)',
    }),
    from_pizzas: z.number().int().nullable().meta({ description: 'Med required_from_pizzas: från hur många pizzor' }),
  })
  .meta({ id: 'SwishPrepay' });

/** GET /admin/swish: the environment's Swish settings (never the key) and the prepay rule. */
export const swishStatusAnswerSchema = z
  .strictObject({
    enabled: z.boolean().meta({ description: 'Swish är påslaget (SWISH_PAYEE och ett klientcertifikat är satta)' }),
    payee: z.string().nullable().meta({ description: 'Kioskens Swishnummer för handel (SWISH_PAYEE)' }),
    api_url: z.string().nullable(),
    callback_url: z.string().nullable(),
    certificate: z
      .strictObject({
        source: z
          .enum(['pem', 'pfx'])
          .meta({ description: 'PEM-filer (SWISH_CERT_FILE, SWISH_KEY_FILE) eller PKCS#12 (SWISH_PFX_FILE)' }),
        subject: z.string(),
        issuer: z.string(),
        valid_from: z.string().meta({ description: 'ISO 8601' }),
        valid_to: z.string().meta({ description: 'ISO 8601' }),
        days_left: z.number().int(),
        expires_soon: z.boolean().meta({ description: 'Går ut inom 30 dagar (larmet swish_certificate_expiring)' }),
        fingerprint256: z.string(),
      })
      .nullable(),
    server_ca: z
      .enum(['file', 'system'])
      .nullable()
      .meta({ description: 'Swish-serverns rotcertifikat: från SWISH_CA_FILE eller systemets' }),
    prepay: swishPrepayAnswerSchema,
  })
  .meta({ id: 'SwishStatus' });
export type SwishStatusAnswer = z.infer<typeof swishStatusAnswerSchema>;

export const swishPrepaySavedSchema = z.strictObject({ success: z.literal(true), prepay: swishPrepayAnswerSchema });

/** POST /admin/swish/test-connection: a real mTLS call to Swish, answered in Swedish. */
export const swishConnectionAnswerSchema = z
  .strictObject({
    connected: z.boolean(),
    message: z.string(),
    status: z.number().int().nullable().meta({ description: 'Swish svar (HTTP-status), null utan svar' }),
  })
  .meta({ id: 'SwishConnection' });
export type SwishConnectionAnswer = z.infer<typeof swishConnectionAnswerSchema>;
