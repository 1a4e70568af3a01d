// The Swish Commerce API client (issue 49): payment requests and refunds over mutual TLS, with
// the merchant's client certificate from Swish Certificate Management (api/swish/config.ts).
// Calls and fields as Swish documents them (developer.swish.nu/api/payment-request/v2,
// developer.swish.nu/api/refunds/v2, and the Merchant Integration Guide):
//
// - PUT  /api/v2/paymentrequests/{instructionUUID}: 201 Created, `Location` names the request, and
//   for m-commerce (no payerAlias) the `PaymentRequestToken` header carries the token the Swish
//   app opens with (swish://paymentrequest?token=…).
// - GET  /api/v1/paymentrequests/{id}: its status: CREATED, PAID, DECLINED, ERROR or CANCELLED.
// - PATCH /api/v1/paymentrequests/{id} with the JSON Patch [{op: 'replace', path: '/status', value:
//   'cancelled'}] (application/json-patch+json): cancels a request still CREATED (200 with the request,
//   status CANCELLED); one that ended already is refused (422, RP07). Used when the booking that asked
//   for the payment is cancelled first (rule: swish-refund).
// - PUT  /api/v2/refunds/{instructionUUID}: 201 Created with `Location`.
// - GET  /api/v1/refunds/{id}: VALIDATED, DEBITED, PAID or ERROR.
//
// The instruction id is the caller's: 32 upper-case hex characters, derived from what is paid for
// (swishInstructionId), so a retry after a lost answer PUTs the same id and never makes a second
// request. Refusals keep Swish's own error codes (422 carries [{errorCode, errorMessage,
// additionalInformation}]: FF08, RP03, BE18, RP01, PA02, AM02, AM03, AM06, RP02, RP06, ACMT03,
// ACMT01, ACMT07, RF02, RF03, RF04, RF06, RF07, RF08, RP09, …); 401 means Swish did not take
// the certificate. No answer (network, TLS, timeout, 5xx) is `unreachable`: the call may be
// tried again with the same id.
import { createHash, randomBytes } from 'node:crypto';
import https from 'node:https';
import type { SwishConfig } from './config.js';

const TIMEOUT_MS = 10_000;

export interface SwishError {
  errorCode: string;
  errorMessage: string;
  additionalInformation: string | null;
}

export type SwishAnswer<T> =
  | { ok: true; status: number; value: T }
  /** Swish answered and refused (4xx), with its error codes when it gave any. */
  | { ok: false; kind: 'refused'; status: number; errors: SwishError[] }
  /** No answer Swish stands by (network, TLS, timeout, 5xx): try again with the same id. */
  | { ok: false; kind: 'unreachable'; status: number | null; error: string };

export const SWISH_PAYMENT_STATUSES = ['CREATED', 'PAID', 'DECLINED', 'ERROR', 'CANCELLED'] as const;
export type SwishPaymentStatus = (typeof SWISH_PAYMENT_STATUSES)[number];
export const SWISH_REFUND_STATUSES = ['VALIDATED', 'DEBITED', 'PAID', 'ERROR'] as const;
export type SwishRefundStatus = (typeof SWISH_REFUND_STATUSES)[number];

export interface PaymentRequestCreated {
  /** The request's id (the instruction id). */
  id: string;
  location: string | null;
  /** The m-commerce token; null when Swish gave none (a request made before, found again). */
  token: string | null;
}

/** A payment request as Swish reports it (GET, and the callback's body). */
export interface SwishPaymentRequest {
  id: string;
  payeePaymentReference: string | null;
  /** The bank's reference of the payment, once PAID: what a refund names. */
  paymentReference: string | null;
  payerAlias: string | null;
  payeeAlias: string;
  amount: number;
  currency: string;
  message: string | null;
  status: SwishPaymentStatus;
  dateCreated: string | null;
  datePaid: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export interface SwishRefund {
  id: string;
  originalPaymentReference: string;
  paymentReference: string | null;
  payerPaymentReference: string | null;
  amount: number;
  currency: string;
  status: SwishRefundStatus;
  dateCreated: string | null;
  datePaid: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

/**
 * The instruction id of what is paid or refunded: 32 upper-case hex characters, the same for the
 * same `kind` and `key` (a booking's id) every time, so a retry never makes a second request.
 */
export function swishInstructionId(kind: 'payment' | 'refund', key: string): string {
  return createHash('sha256').update(`pizzakiosken:swish:${kind}:${key}`).digest('hex').slice(0, 32).toUpperCase();
}

/** Integer öre as Swish's amount: digits, a period and two decimals ("149.00"). */
export function swishAmount(ore: number): string {
  if (!Number.isSafeInteger(ore) || ore < 100) throw new RangeError(`A Swish amount is at least 1 kr: ${ore} öre`);
  return `${Math.floor(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;
}

/**
 * The message the payer sees: at most 50 characters of the letters a–ö, A–Ö, digits and
 * :;.,?!()-" and space (Swish's allowed set); anything else becomes a space.
 */
export function swishMessage(text: string): string {
  return text
    .replace(/[^a-zA-ZåäöÅÄÖéÉüÜ0-9:;.,?!()"\- ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 50);
}

export interface SwishClient {
  createPaymentRequest(
    instructionId: string,
    request: { amountOre: number; message: string; payeePaymentReference?: string; callbackIdentifier?: string },
  ): Promise<SwishAnswer<PaymentRequestCreated>>;
  paymentRequest(id: string): Promise<SwishAnswer<SwishPaymentRequest>>;
  createRefund(
    instructionId: string,
    refund: { originalPaymentReference: string; amountOre: number; message: string; payerPaymentReference?: string },
  ): Promise<SwishAnswer<{ id: string; location: string | null }>>;
  refund(id: string): Promise<SwishAnswer<SwishRefund>>;
  /** Cancels a payment request still CREATED; one that ended already is refused (RP07). */
  cancelPaymentRequest(id: string): Promise<SwishAnswer<SwishPaymentRequest>>;
  /** A real mTLS call that changes nothing: reaching Swish with a certificate it takes. */
  checkConnection(): Promise<SwishConnection>;
  close(): void;
}

export type SwishConnection =
  | { connected: true; status: number }
  | { connected: false; reason: 'certificate_refused'; status: number }
  | { connected: false; reason: 'unreachable'; error: string };

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function swishClient(config: SwishConfig): SwishClient {
  const agent = new https.Agent({
    ...(config.credentials.kind === 'pem'
      ? { cert: config.credentials.cert, key: config.credentials.key }
      : { pfx: config.credentials.pfx, passphrase: config.credentials.passphrase }),
    ...(config.ca ? { ca: config.ca } : {}),
    keepAlive: true,
    maxSockets: 4,
  });

  function call(method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<RawAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = https.request(
        `${config.apiUrl}${path}`,
        {
          method,
          agent,
          timeout: TIMEOUT_MS,
          headers: {
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : {
                  'content-type': method === 'PATCH' ? 'application/json-patch+json' : 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`Swish answered nothing within ${TIMEOUT_MS} ms`)));
      request.on('error', reject);
      request.end(payload);
    });
  }

  async function answer<T>(
    method: 'GET' | 'PUT' | 'PATCH',
    path: string,
    body: unknown,
    read: (raw: RawAnswer) => T,
  ): Promise<SwishAnswer<T>> {
    let raw: RawAnswer;
    try {
      raw = await call(method, path, body);
    } catch (error) {
      return { ok: false, kind: 'unreachable', status: null, error: describe(error) };
    }
    if (raw.status >= 200 && raw.status < 300) return { ok: true, status: raw.status, value: read(raw) };
    if (raw.status >= 500 || raw.status < 400)
      return {
        ok: false,
        kind: 'unreachable',
        status: raw.status,
        error: raw.body.slice(0, 200) || `HTTP ${raw.status}`,
      };
    return { ok: false, kind: 'refused', status: raw.status, errors: errorsOf(raw.body) };
  }

  const header = (raw: RawAnswer, name: string) => {
    const value = raw.headers[name.toLowerCase()];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };

  const client: SwishClient = {
    async createPaymentRequest(instructionId, request) {
      const made = await answer(
        'PUT',
        `/api/v2/paymentrequests/${instructionId}`,
        {
          payeeAlias: config.payee,
          amount: swishAmount(request.amountOre),
          currency: 'SEK',
          callbackUrl: config.callbackUrl,
          message: swishMessage(request.message),
          ...(request.payeePaymentReference ? { payeePaymentReference: request.payeePaymentReference } : {}),
          ...(request.callbackIdentifier ? { callbackIdentifier: request.callbackIdentifier } : {}),
        },
        (raw) => ({ id: instructionId, location: header(raw, 'location'), token: header(raw, 'paymentrequesttoken') }),
      );
      // A PUT of an id Swish already holds (our earlier try whose answer was lost) is refused:
      // the request exists, so it is found again rather than made twice.
      if (!made.ok && made.kind === 'refused' && isAlreadyMade(made)) {
        const existing = await client.paymentRequest(instructionId);
        if (existing.ok)
          return { ok: true, status: existing.status, value: { id: instructionId, location: null, token: null } };
      }
      return made;
    },
    paymentRequest: (id) =>
      answer('GET', `/api/v1/paymentrequests/${id}`, undefined, (raw) => JSON.parse(raw.body) as SwishPaymentRequest),
    createRefund: (instructionId, refund) =>
      answer(
        'PUT',
        `/api/v2/refunds/${instructionId}`,
        {
          originalPaymentReference: refund.originalPaymentReference,
          // The merchant pays the refund: its own Swish number is the payer.
          payerAlias: config.payee,
          amount: swishAmount(refund.amountOre),
          currency: 'SEK',
          callbackUrl: config.callbackUrl,
          message: swishMessage(refund.message),
          ...(refund.payerPaymentReference ? { payerPaymentReference: refund.payerPaymentReference } : {}),
        },
        (raw) => ({ id: instructionId, location: header(raw, 'location') }),
      ),
    refund: (id) => answer('GET', `/api/v1/refunds/${id}`, undefined, (raw) => JSON.parse(raw.body) as SwishRefund),
    cancelPaymentRequest: (id) =>
      answer(
        'PATCH',
        `/api/v1/paymentrequests/${id}`,
        [{ op: 'replace', path: '/status', value: 'cancelled' }],
        (raw) => JSON.parse(raw.body) as SwishPaymentRequest,
      ),
    async checkConnection() {
      // The status of an id nobody made: Swish looks it up only for a certificate it takes, and
      // then answers 404 (or another 4xx): that is a connection. 401 is a certificate it refuses.
      let raw: RawAnswer;
      try {
        raw = await call('GET', `/api/v1/paymentrequests/${randomBytes(16).toString('hex').toUpperCase()}`);
      } catch (error) {
        return { connected: false, reason: 'unreachable', error: describe(error) };
      }
      if (raw.status === 401 || raw.status === 403)
        return { connected: false, reason: 'certificate_refused', status: raw.status };
      if (raw.status >= 500) return { connected: false, reason: 'unreachable', error: `HTTP ${raw.status}` };
      return { connected: true, status: raw.status };
    },
    close: () => agent.destroy(),
  };
  return client;
}

const isAlreadyMade = (refused: { status: number; errors: SwishError[] }) =>
  refused.status === 409 || refused.errors.some((e) => e.errorCode === 'RP09');

/** Swish's error list ([{errorCode, errorMessage, additionalInformation}]); [] when the body holds none. */
function errorsOf(body: string): SwishError[] {
  try {
    const parsed: unknown = JSON.parse(body);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list
      .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null && 'errorCode' in e)
      .map((e) => ({
        errorCode: String(e.errorCode),
        errorMessage: typeof e.errorMessage === 'string' ? e.errorMessage : '',
        additionalInformation: typeof e.additionalInformation === 'string' ? e.additionalInformation : null,
      }));
  } catch {
    return [];
  }
}

/** A network or TLS failure in a line: its code and message (never the key or certificate). */
function describe(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(': ') || String(error);
}
