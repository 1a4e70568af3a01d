// A paid booking's refund made at Swish exactly once (issue 49, rule: swish-refund), across
// processes and restarts. The work item is the `SwishRefundRequested` event itself, appended with
// the cancellation (durable before anything is sent); this follows each open one to its end:
//
// 1. Under a lease of its own (the scope 'swish-refunds', as the outbox's per-item leases), so two
//    processes never work one refund at once and a process that dies mid-way holds it back only
//    for the lease's length.
// 2. Swish is asked first whether it holds the refund (GET /api/v1/refunds/{id}): a process that
//    died after its PUT (the answer lost, or SIGKILL before the callback) finds it there and never
//    makes it again. Only a refund Swish does not know (404) is PUT, with the id derived from the
//    booking; a PUT Swish refuses as already made (RP09, the id is taken) is read again. Swish
//    holds one refund per id, so even a PUT repeated by a lease run out makes no second refund.
// 3. The end is what Swish's status read says (PAID, ERROR with its code), woken by a callback
//    (POST /api/swish/callback: its body is never believed, only the read) or caught by the poll;
//    a PUT Swish refuses with another code (RF02, RF08, …) ends the refund as failed with it. The
//    day decides each end once (SettleSwishRefund), so a second callback or a late poll appends
//    nothing.
import type { SwishRefundAnswer } from '../../domain/kioskDay/swishRefund.js';
import type { SwishPaymentTrack } from '../../domain/kioskDay/swishPayment.js';
import type { BookingDoc } from '../../read-models/shapes.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import type { BookingsService } from '../services/bookings.js';
import type { SwishClient, SwishRefund } from './client.js';
import { swishInstructionId } from './client.js';

/** The scope of the per-refund leases. */
export const SWISH_REFUND_LEASES = 'swish-refunds';

/** A refund asked for and not yet ended: what its PUT needs. */
export interface OpenRefund {
  bookingId: string;
  refundId: string;
  originalPaymentReference: string;
  amountCents: number;
}

export interface SwishRefundsOptions {
  client: SwishClient;
  docs: DocumentStore;
  bookings: Pick<BookingsService, 'settleSwishRefund' | 'swishPayment'>;
  /** Who holds the leases (this process). */
  owner: string;
  leaseMs: number;
  /** How often every open refund is read (ms); 0: only on wake-ups. */
  pollMs: number;
  onError?: (error: unknown) => void;
}

const answerOf = (refund: SwishRefund): SwishRefundAnswer => ({
  id: refund.id,
  status: refund.status,
  paymentReference: refund.paymentReference,
  amount: refund.amount,
  errorCode: refund.errorCode,
  errorMessage: refund.errorMessage,
});

/** The open refund a booking's payment track names, or null. */
export function openRefundOf(bookingId: string, track: SwishPaymentTrack): OpenRefund | null {
  if (track.status !== 'paid' || track.refund?.status !== 'requested') return null;
  return {
    bookingId,
    refundId: track.refund.refund_id,
    originalPaymentReference: track.payment_reference,
    amountCents: track.refund.amount_cents,
  };
}

export class SwishRefunds {
  /** One run per refund at a time in this process; a wake-up during it runs it once more after. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly o: SwishRefundsOptions) {}

  /** A callback named this id: read it now, if it is an open refund (any other id asks Swish nothing). */
  async wake(refundId: string): Promise<void> {
    if (!/^[0-9A-F]{32}$/.test(refundId)) return;
    const refund = (await this.open()).find((r) => r.refundId === refundId);
    if (refund) await this.follow(refund);
  }

  /** A booking's day just asked for its refund: made now, from the day's exact state (the read models may lag). */
  async wakeBooking(bookingId: string): Promise<void> {
    const refund = openRefundOf(bookingId, await this.o.bookings.swishPayment(bookingId));
    if (refund) await this.follow(refund);
  }

  /** Works every open refund once. */
  async pollOnce(): Promise<void> {
    await Promise.all((await this.open()).map((r) => this.follow(r)));
  }

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    await Promise.all(this.running.values());
  }

  private schedule() {
    if (this.stopped || this.o.pollMs <= 0) return;
    this.timer = setTimeout(() => {
      this.polling = this.pollOnce()
        .catch((error: unknown) => this.o.onError?.(error))
        .finally(() => {
          this.polling = null;
          this.schedule();
        });
    }, this.o.pollMs);
  }

  /** The refunds asked for and not ended (the bookings read model's indexed `swish_open`). */
  private async open(): Promise<OpenRefund[]> {
    const open = await this.o.docs.find<BookingDoc>(COLLECTIONS.bookings, { swish_open: 'refund' });
    return open.flatMap((b) => {
      const payment = b.payment;
      if (payment?.refund?.status !== 'requested' || !payment.payment_reference) return [];
      return [
        {
          bookingId: b.id,
          refundId: swishInstructionId('refund', b.id),
          originalPaymentReference: payment.payment_reference,
          amountCents: payment.refund.amount_cents,
        },
      ];
    });
  }

  private follow(refund: OpenRefund): Promise<void> {
    const current = this.running.get(refund.refundId);
    if (current) {
      this.again.add(refund.refundId);
      return current;
    }
    const run = (async () => {
      try {
        do {
          this.again.delete(refund.refundId);
          await this.leased(refund);
        } while (this.again.has(refund.refundId) && !this.stopped);
      } catch (error) {
        this.o.onError?.(error);
      } finally {
        this.running.delete(refund.refundId);
      }
    })();
    this.running.set(refund.refundId, run);
    return run;
  }

  /** One turn at the refund under its lease; another process holding it: left to that one. */
  private async leased(refund: OpenRefund): Promise<void> {
    const { docs, owner, leaseMs } = this.o;
    if ((await docs.lease(SWISH_REFUND_LEASES, refund.refundId, owner, leaseMs)) !== 'ours') return;
    try {
      await this.turn(refund);
    } finally {
      await docs.endLease(SWISH_REFUND_LEASES, refund.refundId, owner, 'release');
    }
  }

  private async turn(refund: OpenRefund): Promise<void> {
    const { client, bookings } = this.o;
    const settle = (answer: SwishRefundAnswer) => bookings.settleSwishRefund(refund.bookingId, answer);
    const held = await client.refund(refund.refundId);
    if (held.ok) {
      await settle(answerOf(held.value));
      return;
    }
    // Unreachable, or refused otherwise than "no such refund": the next wake-up or poll asks again.
    if (held.kind !== 'refused' || held.status !== 404) return;
    const made = await client.createRefund(refund.refundId, {
      originalPaymentReference: refund.originalPaymentReference,
      amountOre: refund.amountCents,
      message: `Återbetalning bokning ${refund.bookingId}`,
    });
    if (made.ok || made.kind === 'unreachable') return;
    if (made.status === 409 || made.errors.some((e) => e.errorCode === 'RP09')) {
      // Made before (our earlier try, its answer lost): its status tells the rest.
      const again = await client.refund(refund.refundId);
      if (again.ok) await settle(answerOf(again.value));
      return;
    }
    const error = made.errors[0];
    await settle({
      id: refund.refundId,
      status: 'ERROR',
      paymentReference: null,
      amount: refund.amountCents / 100,
      errorCode: error?.errorCode ?? `HTTP${made.status}`,
      errorMessage: error?.errorMessage || null,
    });
  }
}
