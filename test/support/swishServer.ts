// A Swish of the tests' own (issue 49), standing where Swish's Commerce API would: HTTPS on
// loopback that asks for a client certificate and refuses a connection without one from the
// test's CA (requestCert, rejectUnauthorized), and answers the calls as Swish documents them
// (api/swish/client.ts). As Swish's own test simulator (MSS) does, the payment's `message` picks
// what happens:
//
// - an error code of the create step (FF08, RP03, BE18, RP01, PA02, AM02, AM03, AM06, RP02, RP06,
//   ACMT03, ACMT01, ACMT07): 422 with [{errorCode, errorMessage, additionalInformation}];
// - an error code of the payment step (RF07, BANKIDCL, FF10, TM01, DS24): status ERROR after the delay;
// - "DECLINED": status DECLINED after the delay;
// - "OPEN" (only through the `outcome` option): never ends, as a payer who never opens the app;
// - anything else: PAID after the delay, with a paymentReference and the payer's number (payerAlias).
//
// When a payment or refund reaches its end the server calls back (POST, JSON, the object as GET
// returns it) to the callbackUrl, over HTTPS trusting `callbackCa`. It checks what Swish checks:
// payeeAlias the certificate's Swish number (403 otherwise), a callbackUrl with https (RP03), an
// amount of digits and two decimals (PA02), SEK (AM03), a 32 hex instruction id (400), a Swish
// number enrolled for Swish Handel (401 otherwise, as for a certificate Swish does not take), and a PUT of
// an id already made is refused (RP09). Refunds: the original payment reference must be a PAID
// payment of the same payee (RF02), the amount at most what is left of it (RF08); a refund's
// `message` "RF07" (or the `refundOutcome` option) ends it as ERROR RF07. A PATCH of a payment
// request with [{op: 'replace', path: '/status', value: 'cancelled'}] cancels one still CREATED
// (200, CANCELLED, no callback); one that ended already is refused with RP07.
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TestCertificate } from './testCa.js';

const CREATE_ERRORS: Record<string, string> = {
  FF08: 'PaymentReference is invalid',
  RP03: 'Callback URL is missing or does not use HTTPS',
  BE18: 'Payer alias is invalid',
  RP01: 'Missing Merchant Swish Number',
  PA02: 'Amount value is missing or not a valid number',
  AM02: 'Amount value is too large',
  AM03: 'Invalid or missing Currency',
  AM06: 'Specified transaction amount is less than agreed minimum',
  RP02: 'Wrong formatted message',
  RP06: 'A payment request already exists for that payer',
  ACMT03: 'Payer not Enrolled',
  ACMT01: 'Counterpart is not activated',
  ACMT07: 'Payee not Enrolled',
};
const PAYMENT_ERRORS: Record<string, string> = {
  RF07: 'Transaction declined',
  BANKIDCL: 'Payer cancelled BankID signing',
  FF10: 'Bank system processing error',
  TM01: 'Swish timed out before the payment was started',
  DS24: 'Swish timed out waiting for an answer from the banks after payment was started',
};

export interface StoredPayment {
  id: string;
  payeePaymentReference: string | null;
  paymentReference: string | null;
  callbackUrl: string;
  payerAlias: string | null;
  payeeAlias: string;
  amount: number;
  currency: string;
  message: string | null;
  status: 'CREATED' | 'PAID' | 'DECLINED' | 'ERROR' | 'CANCELLED';
  dateCreated: string;
  datePaid: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export interface StoredRefund {
  id: string;
  originalPaymentReference: string;
  paymentReference: string | null;
  payerPaymentReference: string | null;
  callbackUrl: string;
  payerAlias: string;
  amount: number;
  currency: string;
  message: string | null;
  status: 'VALIDATED' | 'DEBITED' | 'PAID' | 'ERROR';
  dateCreated: string;
  datePaid: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export interface TestSwish {
  url: string;
  payments: Map<string, StoredPayment>;
  refunds: Map<string, StoredRefund>;
  /** Every request that reached the API: method, path, and the Swish number of its certificate. */
  requests: Array<{ method: string; path: string; status: number; clientCn: string | null }>;
  /** Every callback made, with the answer it got (null: no answer). */
  callbacks: Array<{ url: string; body: unknown; status: number | null }>;
  close(): Promise<void>;
}

export interface TestSwishOptions {
  server: TestCertificate;
  /** The CA whose client certificates are let in. */
  clientCa: string;
  /** The CA the callback's HTTPS server is trusted through. */
  callbackCa?: string;
  /** How long a payment or refund stays open before it ends (ms). */
  settleAfterMs?: number;
  /** Whether to call back at the end (a test of a missed callback turns it off). */
  callBack?: boolean;
  /**
   * The Swish numbers enrolled for Swish Handel; a certificate of another number gets 401, as
   * Swish answers a certificate it does not take. Absent: every number of the CA is.
   */
  enrolled?: string[];
  /**
   * Picks what happens to a new payment request instead of its message (as Swish's simulator
   * reads the message): a create-step code (422), a payment-step code, "DECLINED", "OPEN" (never
   * ends: the payer never opens the app), or null: by the message, as above.
   */
  outcome?: (request: { id: string; amount: string }) => string | null;
  /** Picks what happens to a new refund: a payment-step code (RF07, …) ends it as ERROR with it; null: by its message. */
  refundOutcome?: (refund: { id: string; amount: string }) => string | null;
  /** The payer's Swish number a PAID m-commerce request names (TEST_PAYER_ALIAS by default). */
  payerAlias?: string;
}

/** The payer's Swish number (their phone) a paid request names unless told otherwise. */
export const TEST_PAYER_ALIAS = '46701234567';

export async function startTestSwish(options: TestSwishOptions): Promise<TestSwish> {
  const payments = new Map<string, StoredPayment>();
  const refunds = new Map<string, StoredRefund>();
  const requests: TestSwish['requests'] = [];
  const callbacks: TestSwish['callbacks'] = [];
  const settleAfterMs = options.settleAfterMs ?? 50;
  const timers = new Set<NodeJS.Timeout>();
  let references = 0;

  function later(run: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, settleAfterMs);
    timers.add(timer);
  }

  function callBack(url: string, body: unknown) {
    if (options.callBack === false) return;
    const payload = JSON.stringify(body);
    const entry: TestSwish['callbacks'][number] = { url, body, status: null };
    callbacks.push(entry);
    const request = httpsRequest(
      url,
      {
        method: 'POST',
        ca: options.callbackCa,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: 5000,
      },
      (response) => {
        entry.status = response.statusCode ?? null;
        response.resume();
      },
    );
    request.on('error', () => undefined);
    request.end(payload);
  }

  const errors = (code: string, message: string) => [
    { errorCode: code, errorMessage: message, additionalInformation: null },
  ];

  function handle(
    method: string,
    path: string,
    body: any,
    clientCn: string | null,
  ): [number, unknown, Record<string, string>?] {
    const at = new Date().toISOString();
    let match = /^\/swish-cpcapi\/api\/v2\/paymentrequests\/([^/]+)$/.exec(path);
    if (match && method === 'PUT') {
      const id = match[1];
      if (!/^[0-9A-F]{32}$/.test(id)) return [400, errors('PA01', 'Parameter is not correct: instructionUUID')];
      if (payments.has(id)) return [422, errors('RP09', 'The given instructionUUID is not available')];
      if (body?.payeeAlias !== clientCn) return [403, ''];
      if (typeof body.callbackUrl !== 'string' || !body.callbackUrl.startsWith('https://'))
        return [422, errors('RP03', CREATE_ERRORS.RP03)];
      if (typeof body.amount !== 'string' || !/^\d+\.\d{2}$/.test(body.amount))
        return [422, errors('PA02', CREATE_ERRORS.PA02)];
      if (body.currency !== 'SEK') return [422, errors('AM03', CREATE_ERRORS.AM03)];
      const message = typeof body.message === 'string' ? body.message : null;
      const decided = options.outcome?.({ id, amount: body.amount }) ?? message;
      if (decided && CREATE_ERRORS[decided]) return [422, errors(decided, CREATE_ERRORS[decided])];
      const payment: StoredPayment = {
        id,
        payeePaymentReference: body.payeePaymentReference ?? null,
        paymentReference: null,
        callbackUrl: body.callbackUrl,
        payerAlias: body.payerAlias ?? null,
        payeeAlias: body.payeeAlias,
        amount: Number(body.amount),
        currency: 'SEK',
        message,
        status: 'CREATED',
        dateCreated: at,
        datePaid: null,
        errorCode: null,
        errorMessage: null,
      };
      payments.set(id, payment);
      if (decided !== 'OPEN')
        later(() => {
          // Cancelled by the merchant meanwhile (PATCH): it never ends otherwise.
          if (payment.status !== 'CREATED') return;
          if (decided && PAYMENT_ERRORS[decided]) {
            Object.assign(payment, { status: 'ERROR', errorCode: decided, errorMessage: PAYMENT_ERRORS[decided] });
          } else if (decided === 'DECLINED') {
            payment.status = 'DECLINED';
          } else {
            references += 1;
            Object.assign(payment, {
              status: 'PAID',
              datePaid: new Date().toISOString(),
              paymentReference: `PAYREF${String(references).padStart(26, '0')}`,
              // m-commerce: Swish names the payer's number once paid.
              payerAlias: payment.payerAlias ?? options.payerAlias ?? TEST_PAYER_ALIAS,
            });
          }
          callBack(payment.callbackUrl, payment);
        });
      const headers: Record<string, string> = {
        location: `${url}/api/v1/paymentrequests/${id}`,
      };
      // m-commerce: no payer alias, so the token the Swish app opens with.
      if (!payment.payerAlias) headers.paymentrequesttoken = `token-${id.slice(0, 12).toLowerCase()}`;
      return [201, '', headers];
    }
    match = /^\/swish-cpcapi\/api\/v1\/paymentrequests\/([^/]+)$/.exec(path);
    if (match && method === 'GET') {
      const payment = payments.get(match[1]);
      return payment ? [200, payment] : [404, errors('RP04', 'No payment request found related to a token')];
    }
    if (match && method === 'PATCH') {
      const payment = payments.get(match[1]);
      if (!payment) return [404, errors('RP04', 'No payment request found related to a token')];
      const patch = Array.isArray(body) ? body[0] : null;
      if (patch?.op !== 'replace' || patch?.path !== '/status' || patch?.value !== 'cancelled')
        return [422, errors('PA01', 'Parameter is not correct: patch')];
      if (payment.payeeAlias !== clientCn) return [403, ''];
      if (payment.status !== 'CREATED') return [422, errors('RP07', 'Transaction status does not allow cancel')];
      payment.status = 'CANCELLED';
      return [200, payment];
    }
    match = /^\/swish-cpcapi\/api\/v2\/refunds\/([^/]+)$/.exec(path);
    if (match && method === 'PUT') {
      const id = match[1];
      if (!/^[0-9A-F]{32}$/.test(id)) return [400, errors('PA01', 'Parameter is not correct: instructionUUID')];
      if (refunds.has(id)) return [422, errors('RP09', 'The given instructionUUID is not available')];
      if (body?.payerAlias !== clientCn) return [403, ''];
      if (typeof body.callbackUrl !== 'string' || !body.callbackUrl.startsWith('https://'))
        return [422, errors('RP03', CREATE_ERRORS.RP03)];
      if (typeof body.amount !== 'string' || !/^\d+\.\d{2}$/.test(body.amount))
        return [422, errors('PA02', CREATE_ERRORS.PA02)];
      const original = [...payments.values()].find(
        (p) => p.status === 'PAID' && p.paymentReference === body.originalPaymentReference && p.payeeAlias === clientCn,
      );
      if (!original)
        return [422, errors('RF02', 'Original Payment not found or original payment is more than 13 months old')];
      const refunded = [...refunds.values()]
        .filter((r) => r.originalPaymentReference === body.originalPaymentReference && r.status !== 'ERROR')
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(body.amount);
      if (Math.round((refunded + amount) * 100) > Math.round(original.amount * 100))
        return [
          422,
          errors(
            'RF08',
            'Amount value is too large, or amount exceeds the amount of the original payment minus any previous refunds',
          ),
        ];
      const refund: StoredRefund = {
        id,
        originalPaymentReference: body.originalPaymentReference,
        paymentReference: null,
        payerPaymentReference: body.payerPaymentReference ?? null,
        callbackUrl: body.callbackUrl,
        payerAlias: body.payerAlias,
        amount,
        currency: 'SEK',
        message: body.message ?? null,
        status: 'VALIDATED',
        dateCreated: at,
        datePaid: null,
        errorCode: null,
        errorMessage: null,
      };
      refunds.set(id, refund);
      const refundDecided = options.refundOutcome?.({ id, amount: body.amount }) ?? refund.message;
      later(() => {
        if (refundDecided && PAYMENT_ERRORS[refundDecided])
          Object.assign(refund, {
            status: 'ERROR',
            errorCode: refundDecided,
            errorMessage: PAYMENT_ERRORS[refundDecided],
          });
        else {
          references += 1;
          Object.assign(refund, {
            status: 'PAID',
            datePaid: new Date().toISOString(),
            paymentReference: `REFREF${String(references).padStart(26, '0')}`,
          });
        }
        callBack(refund.callbackUrl, refund);
      });
      return [201, '', { location: `${url}/api/v1/refunds/${id}` }];
    }
    match = /^\/swish-cpcapi\/api\/v1\/refunds\/([^/]+)$/.exec(path);
    if (match && method === 'GET') {
      const refund = refunds.get(match[1]);
      return refund ? [200, refund] : [404, errors('RP04', 'No refund found')];
    }
    return [404, ''];
  }

  const server: Server = createServer(
    {
      key: options.server.key,
      cert: options.server.cert,
      ca: options.clientCa,
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        const clientCn = peer?.subject ? String(peer.subject.CN) : null;
        let body: unknown = null;
        try {
          body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
        } catch {
          res.writeHead(400).end();
          return;
        }
        const refused = options.enrolled !== undefined && !options.enrolled.includes(clientCn ?? '');
        const [status, answer, headers = {}] = refused
          ? [401, '']
          : handle(req.method ?? 'GET', req.url ?? '/', body, clientCn);
        requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', status, clientCn });
        const text = answer === '' ? '' : JSON.stringify(answer);
        res.writeHead(status, { ...headers, ...(text ? { 'content-type': 'application/json' } : {}) }).end(text);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/swish-cpcapi`;
  return {
    url,
    payments,
    refunds,
    requests,
    callbacks,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
