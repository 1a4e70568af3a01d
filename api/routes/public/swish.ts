// POST /api/swish/callback (issue 49, rule: swish-payment): Swish posts a payment request's (or a
// refund's) end here, to the callbackUrl it was made with. Public, as Swish calls it; its body is
// never believed (anyone can post to a public address): the id only wakes a read of the request's
// status from Swish over mutual TLS (api/swish/paymentWatch.ts), and the answer Swish gives there
// settles the payment once. Swish wants a quick 200, so the read runs after the answer; a callback
// that never comes is caught by the watch's poll.
import QRCode from 'qrcode';
import { z } from 'zod';
import { swishMsg } from '../../../domain/settings/swishPrepay.js';
import { notFound } from '../../../domain/shared/errors.js';
import { describeRoutes, fileAnswer, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';

/**
 * The callback's body as Swish sends it (the payment request or the refund as GET returns it);
 * only `id` is read.
 */
const callbackBody = z.looseObject({
  id: z.string().max(100).describe('Betalningsbegärans eller återbetalningens id (32 hexadecimala tecken)'),
  originalPaymentReference: z
    .string()
    .nullable()
    .optional()
    .describe('Återbetalning: den ursprungliga betalningens referens'),
  payerPaymentReference: z.string().nullable().optional(),
  payeePaymentReference: z.string().nullable().optional(),
  paymentReference: z.string().nullable().optional(),
  callbackUrl: z.string().optional(),
  payerAlias: z.string().nullable().optional(),
  payeeAlias: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  message: z.string().nullable().optional(),
  status: z
    .string()
    .optional()
    .describe(
      'Swish: CREATED, PAID, DECLINED, ERROR eller CANCELLED; för en återbetalning VALIDATED, DEBITED, PAID eller ERROR (läses om från Swish)',
    ),
  dateCreated: z.string().nullable().optional(),
  datePaid: z.string().nullable().optional(),
  errorCode: z.string().nullable().optional(),
  errorMessage: z.string().nullable().optional(),
});

export const swishCallbackRoutes: RoutePlugin = async (app, { deps: { swish } }) => {
  describeRoutes(app, 'Swish');
  app.post(
    '/swish/callback',
    {
      schema: {
        summary:
          'Swish meddelar att en betalningsbegäran eller återbetalning är avslutad; statusen läses om från Swish',
        body: callbackBody,
        response: { 200: z.strictObject({ received: z.literal(true) }), ...refusals },
      },
    },
    async (request) => {
      if (!swish) return notFound(swishMsg.swishOff);
      const id = request.body.id.trim().toUpperCase();
      const failed = (error: unknown) => request.log.error(error);
      // Not awaited: Swish gets its 200 at once; a failed read is the watch's to log and retry.
      // The id names a payment request or a refund (rule swish-refund): each side wakes only an open one of its own.
      void swish.payments.watch.wake(id).catch(failed);
      void swish.refunds.wake(id).catch(failed);
      return { received: true as const };
    },
  );

  // The payment request's QR code for a payer on a computer, drawn here (the booking page's
  // JavaScript stays as small as it is): the Swish app scans a request's token as "D" followed by
  // the token, as Swish's own QR generator (mpc.getswish.net/qrg-swish/api/v1/commerce) encodes it.
  // Sources (checked 2026-12-07): Swish's "Guide Swish QR codes for terminals", 3.1
  // (developer.getswish.se/qrterminal/3-api-description/): "The merchant system generates a
  // QR-code for the received Request Token, either using the Swish QR-generator or creating it
  // locally". Swish's QR-code API manual, 6 "QR code encoding specification"
  // (developer.getswish.se/qr-api-manual/6-qr-code-encoding-specification/), gives each kind of
  // code a capital-letter prefix ("C (capital letter) is the required prefix" of a prefilled C2B
  // code: C<payee>;<amount>;<message>;<lock>); a request token's is "D", as integrations that draw
  // it themselves encode it (e.g. qr.add_data("D" + token)). Swish's own sentence naming "D" was
  // not in the material searched: if the Swish app ever refuses a code, compare it with the
  // generator's image for the same token.
  const qrSchema = {
    summary: 'Betalningsbegärans QR-kod (SVG) att skanna med Swish-appen',
    querystring: z.object({ token: swishTokenSchema }),
    response: { 200: fileAnswer('image/svg+xml', 'QR-koden som SVG'), ...refusals },
  };
  app.get('/swish/qr.svg', { schema: qrSchema }, async (request, reply) => {
    if (!swish) return notFound(swishMsg.swishOff);
    const svg = await QRCode.toString(`D${request.query.token}`, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
  });
};

/** A Swish m-commerce token: letters, digits, '-' and '_' (Swish's are 32 characters). */
const swishTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'Ogiltig Swish-token' })
  .describe('Swish-token från betalningsbegäran');

/** Where the booking page loads the QR code of a request's token from. */
export const swishQrUrl = (token: string) => `/api/swish/qr.svg?token=${encodeURIComponent(token)}`;
