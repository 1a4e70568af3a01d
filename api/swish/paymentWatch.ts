// Following open Swish payment requests to their end (issue 49, rule: swish-payment): a callback
// from Swish only wakes a read of the request's status over mutual TLS (its body is never
// believed: anyone can post to a public URL), and a poll of every open request catches a callback
// that never came. What the answer means is the domain's (decideSwishPayment): `settle` hands it
// there, so a callback that comes twice, a poll racing a callback, or two processes reading the
// same request end the payment once. Not wired to bookings yet: the caller gives the open requests
// and what settling does.
import type { SwishPaymentAnswer } from '../../domain/kioskDay/swishPayment.js';
import type { SwishClient } from './client.js';

export interface OpenPaymentRequest {
  bookingId: string;
  instructionId: string;
  /**
   * Its booking was cancelled while the payment was still requested (rule: swish-refund): the
   * request is cancelled at Swish first (PATCH), so nobody pays for a booking that is gone; the
   * read that follows ends it (CANCELLED), or finds it PAID after all (a payer racing the
   * cancellation), which the day refunds.
   */
  cancel?: boolean;
}

export interface PaymentWatchOptions {
  client: SwishClient;
  /** The requests made and not yet ended (read where the bookings are). */
  open: () => Promise<OpenPaymentRequest[]>;
  /** Hands Swish's answer (null: none, or Swish does not know the id) to the domain, which decides once. */
  settle: (request: OpenPaymentRequest, answer: SwishPaymentAnswer | null) => Promise<void>;
  /** How often every open request is read (ms); 0: only on wake-ups. */
  pollMs: number;
  /** Told of a failure to read or settle; the next wake-up or poll tries again. */
  onError?: (error: unknown) => void;
}

export interface PaymentWatch {
  /** A callback named this id: read its status now (an id not open is ignored, Swish is not asked). */
  wake(instructionId: string): Promise<void>;
  /** Reads this open request now (its booking's day said it is open: the read models may lag). */
  follow(request: OpenPaymentRequest): Promise<void>;
  /** Reads every open request once. */
  pollOnce(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export function paymentWatch(options: PaymentWatchOptions): PaymentWatch {
  // One read per request at a time: a wake-up while its read runs waits for that read and then
  // reads again (the answer may have changed in between), never two at once.
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | null = null;
  let stopped = false;

  async function read(request: OpenPaymentRequest): Promise<void> {
    // Refused when it ended already (RP07): the read below tells how.
    if (request.cancel) await options.client.cancelPaymentRequest(request.instructionId);
    const answer = await options.client.paymentRequest(request.instructionId);
    // Unreachable, or refused (404: the PUT never reached Swish): no answer; the lifetime ends it.
    const value: SwishPaymentAnswer | null = answer.ok
      ? {
          id: answer.value.id,
          status: answer.value.status,
          paymentReference: answer.value.paymentReference,
          amount: answer.value.amount,
          errorCode: answer.value.errorCode,
          payerAlias: answer.value.payerAlias,
        }
      : null;
    await options.settle(request, value);
  }

  function follow(request: OpenPaymentRequest): Promise<void> {
    const current = running.get(request.instructionId);
    if (current) {
      again.add(request.instructionId);
      return current;
    }
    const run = (async () => {
      try {
        do {
          again.delete(request.instructionId);
          await read(request);
        } while (again.has(request.instructionId) && !stopped);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running.delete(request.instructionId);
      }
    })();
    running.set(request.instructionId, run);
    return run;
  }

  async function pollOnce() {
    const open = await options.open();
    await Promise.all(open.map(follow));
  }

  function schedule() {
    if (stopped || options.pollMs <= 0) return;
    timer = setTimeout(() => {
      polling = pollOnce()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          polling = null;
          schedule();
        });
    }, options.pollMs);
  }

  return {
    async wake(instructionId) {
      if (!/^[0-9A-F]{32}$/.test(instructionId)) return;
      const request = (await options.open()).find((r) => r.instructionId === instructionId);
      if (request) await follow(request);
    },
    follow,
    pollOnce,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await polling;
      await Promise.all(running.values());
    },
  };
}
