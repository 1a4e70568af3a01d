// A web booking's Swish payment, between the kiosk day and Swish (issue 49, rule: swish-payment):
// the payment request made once after the booking's append, and the payment watch
// (./paymentWatch.ts) that follows each open request to its end and settles it on the day.
//
// One request per booking, ever: its instruction id is derived from the booking id (the same id
// on every try, from every process), and Swish refuses a second PUT of an id it holds (the client
// then finds the first again: api/swish/client.ts). Within a process a retry of the same booking
// (a retried POST with the same Idempotency-Key) waits for the first try and gets its token: no
// second PUT at all. The token is also kept in the document store (SWISH_TOKENS, not personal
// data) while the request is open, so a retry answered by another process, or after a restart,
// gets the same token, app link and QR code (and makes no PUT); a retry racing the first try in
// another process waits a moment for its token. A request Swish refuses (422 with its code) ends
// the payment at once as ERROR with that code, which cancels the booking; a request that got no
// answer stays open, and the watch's reads end it (a 404 from Swish is no answer: it expires with
// the request's lifetime).
import type { SwishPaymentAnswer, SwishPaymentTrack } from '../../domain/kioskDay/swishPayment.js';
import type { BookingDoc } from '../../read-models/shapes.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import type { BookingsService } from '../services/bookings.js';
import type { SwishClient } from './client.js';
import { swishInstructionId } from './client.js';
import type { SwishConfig } from './config.js';
import { paymentWatch, type OpenPaymentRequest, type PaymentWatch } from './paymentWatch.js';

/** What the booking's answer says of a request just made. */
export interface PaymentRequestMade {
  /** The m-commerce token the Swish app opens with; null when Swish gave none (found again, or no answer). */
  token: string | null;
  /** Swish refused the request: the payment ended as ERROR with Swish's code (the booking is cancelled). */
  refused: { code: string | null } | null;
}

export interface SwishPaymentsOptions {
  client: SwishClient;
  config: SwishConfig;
  bookings: Pick<BookingsService, 'settleSwishPayment' | 'swishState'>;
  docs: DocumentStore;
  /** Where the Swish app sends the payer back to after paying (the kiosk's site). */
  returnUrl: string;
  /** How often every open request is read (ms); 0: only on callbacks. */
  pollMs: number;
  onError?: (error: unknown) => void;
}

/** The m-commerce tokens of the open requests, by booking id (written here, not by a projection). */
export const SWISH_TOKENS = 'swish_payment_tokens';
type TokenDoc = { id: string; token: string; expires_at: string };

/** How long a retry waits for the token of a request another process is making (Swish answers in well under this). */
const TOKEN_WAIT_MS = 3000;
const TOKEN_WAIT_STEP_MS = 100;

export class SwishPayments {
  /** The requests this process made or is making, by booking id: a retry waits for the first. */
  private readonly made = new Map<string, Promise<PaymentRequestMade>>();
  readonly watch: PaymentWatch;

  constructor(private readonly options: SwishPaymentsOptions) {
    this.watch = paymentWatch({
      client: options.client,
      open: () => this.open(),
      settle: async (request, answer) => {
        const ended = await options.bookings.settleSwishPayment(request.bookingId, answer);
        // The payment ended: its token opens nothing any more.
        if (ended.length > 0) await this.forgetToken(request.bookingId);
      },
      pollMs: options.pollMs,
      onError: options.onError,
    });
  }

  /** Makes the booking's payment request once (see above); a booking whose payment is not requested makes none. */
  request(bookingId: string, track: SwishPaymentTrack): Promise<PaymentRequestMade> {
    if (track.status !== 'requested') return Promise.resolve({ token: null, refused: null });
    let made = this.made.get(bookingId);
    if (!made) {
      made = this.madeOnce(bookingId, track);
      this.made.set(bookingId, made);
      // Kept while the payment can still be paid; a later retry finds the track ended instead.
      setTimeout(() => this.made.delete(bookingId), 15 * 60_000).unref();
    }
    return made;
  }

  /** swish://paymentrequest?token=…&callbackurl=…: opens the Swish app on the payer's phone. */
  appUrl(token: string): string {
    return `swish://paymentrequest?token=${encodeURIComponent(token)}&callbackurl=${encodeURIComponent(this.options.returnUrl)}`;
  }

  /** The token kept for the booking, else the request made (or found again) and its token kept. */
  private async madeOnce(
    bookingId: string,
    track: Extract<SwishPaymentTrack, { status: 'requested' }>,
  ): Promise<PaymentRequestMade> {
    const kept = await this.keptToken(bookingId);
    if (kept) return { token: kept, refused: null };
    const made = await this.make(bookingId, track.instruction_id, track.amount_cents);
    if (made.token) {
      const doc: TokenDoc = { id: bookingId, token: made.token, expires_at: track.expires_at };
      await this.options.docs.commit([{ op: 'put', collection: SWISH_TOKENS, doc }]);
      return made;
    }
    if (made.refused) return made;
    // Found again without a token: another process may be making it now; its token comes shortly.
    for (let waited = 0; waited < TOKEN_WAIT_MS; waited += TOKEN_WAIT_STEP_MS) {
      await new Promise((resolve) => setTimeout(resolve, TOKEN_WAIT_STEP_MS));
      const token = await this.keptToken(bookingId);
      if (token) return { token, refused: null };
    }
    return made;
  }

  private async keptToken(bookingId: string): Promise<string | null> {
    return (await this.options.docs.get<TokenDoc>(SWISH_TOKENS, bookingId))?.token ?? null;
  }

  private async forgetToken(bookingId: string): Promise<void> {
    await this.options.docs.commit([{ op: 'delete', collection: SWISH_TOKENS, id: bookingId }]);
  }

  private async make(bookingId: string, instructionId: string, amountOre: number): Promise<PaymentRequestMade> {
    const made = await this.options.client.createPaymentRequest(instructionId, {
      amountOre,
      message: `Bokning ${bookingId}`,
    });
    if (made.ok) return { token: made.value.token, refused: null };
    if (made.kind === 'unreachable') return { token: null, refused: null };
    const code = made.errors[0]?.errorCode ?? null;
    const answer: SwishPaymentAnswer = {
      id: instructionId,
      status: 'ERROR',
      paymentReference: null,
      amount: 0,
      errorCode: code ?? `HTTP${made.status}`,
    };
    await this.options.bookings.settleSwishPayment(bookingId, answer);
    return { token: null, refused: { code } };
  }

  /**
   * A booking's day just ended it (rule: swish-refund): a payment still requested is cancelled at
   * Swish now, from the day's exact state (the read models may lag; the poll catches it otherwise).
   */
  async wakeBooking(bookingId: string): Promise<void> {
    const { status, swish } = await this.options.bookings.swishState(bookingId);
    if (swish.status !== 'requested') return;
    await this.watch.follow({ bookingId, instructionId: swish.instruction_id, cancel: status === 'cancelled' });
  }

  /**
   * The requests still open: pending bookings whose payment is requested, and cancelled ones whose
   * payment is still requested, to be cancelled at Swish (the bookings read model).
   */
  private async open(): Promise<OpenPaymentRequest[]> {
    const open = await this.options.docs.find<BookingDoc>(COLLECTIONS.bookings, { swish_open: 'payment' });
    return open
      .filter((b) => b.payment?.status === 'requested')
      .map((b) => ({
        bookingId: b.id,
        instructionId: swishInstructionId('payment', b.id),
        ...(b.status === 'cancelled' ? { cancel: true } : {}),
      }));
  }
}
