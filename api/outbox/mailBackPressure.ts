// Back-pressure from the mail outbox onto new web bookings (issue 48).
//
// Every web booking writes two mails (the customer's "received", the staff's "new booking"), and
// a mail costs the server about three times what a booking does (render, MIME, the outbox file or
// SMTP, and three small writes of its item). In one process, answering bookings and sending mails
// share one event loop, and the loop favours the 32 connections that always have a request ready:
// in a rush of 100,000 bookings the senders got an eighth of the work, 177,000 mails were still
// waiting at the last booking, and it took minutes more to send them.
//
// So while more mails are due than MAIL_BACKLOG_LIMIT, a new web booking waits (a few ms at a
// time) until the senders have brought the backlog under it again: bookings then go at the pace
// the mail keeps, the senders get their share, and a customer's mail leaves seconds after the
// booking, not minutes. Two things end a wait at once, because mail must never hold up orders:
// a relay that is refusing (the mails wait for it, not for the bookings), and a booking that has
// waited MAX_WAIT_MS (its answer stays within a second of what it would have been).
//
// The backlog is counted in the shared outbox (every process's senders take from it) once per
// RECOUNT_MS, and followed in between by what this process's reactor writes and senders send: the
// count reads every due item (at a count each 25 ms it was a sixth of the server's CPU in a profile
// of the long rush), and a count each 250 ms alone left bookings waiting for a quarter second after
// the backlog had gone (p99 817 ms).

/** What the gate needs to know about the outbox. */
export interface MailBacklog {
  /** Mails due now, and whether the relay is taking mail. */
  due(): Promise<{ due: number; relayOk: boolean }>;
}

export interface MailBackPressureOptions {
  /** Due mails beyond which a booking waits (0: never). */
  limit: number;
  /** The longest a booking waits (default MAX_WAIT_MS). */
  maxWaitMs?: number;
  /** How old a count may be (default RECOUNT_MS). */
  recountMs?: number;
}

export const MAX_WAIT_MS = 1_000;
const RECOUNT_MS = 1_000;
/** How long a waiting booking sleeps before it looks again. */
const STEP_MS = 5;

export class MailBackPressure {
  private counted: { due: number; relayOk: boolean; at: number } | null = null;
  private counting: Promise<unknown> | null = null;
  /** Items this process wrote and that left the due list since the last count. */
  private since = 0;

  constructor(
    private readonly backlog: MailBacklog,
    private readonly o: MailBackPressureOptions,
  ) {}

  /** This process's mail reactor committed items. */
  written(count: number): void {
    this.since += count;
  }

  /** This process's sender took an item off the due list. */
  left(): void {
    this.since -= 1;
  }

  /** Resolves when a booking may go on: the backlog is under the limit, the relay refuses, or it waited long enough. */
  async admit(): Promise<void> {
    if (this.o.limit <= 0) return;
    const started = performance.now();
    const maxWaitMs = this.o.maxWaitMs ?? MAX_WAIT_MS;
    for (;;) {
      const { due, relayOk } = await this.current();
      if (due < this.o.limit || !relayOk || performance.now() - started >= maxWaitMs) return;
      await new Promise((resolve) => setTimeout(resolve, STEP_MS));
    }
  }

  /** The last count and what this process changed since; counted again when older than RECOUNT_MS. A failed count lets bookings through. */
  private async current(): Promise<{ due: number; relayOk: boolean }> {
    const stale = !this.counted || performance.now() - this.counted.at >= (this.o.recountMs ?? RECOUNT_MS);
    if (stale) {
      this.counting ??= this.recount().finally(() => (this.counting = null));
      if (!this.counted) await this.counting;
    }
    const counted = this.counted ?? { due: 0, relayOk: true };
    return { due: counted.due + this.since, relayOk: counted.relayOk };
  }

  private async recount(): Promise<void> {
    // What this process changes while the count is read may or may not be in it: either way the
    // next count puts it right.
    const sinceBefore = this.since;
    try {
      const found = await this.backlog.due();
      this.since -= sinceBefore;
      this.counted = { ...found, at: performance.now() };
    } catch {
      this.since -= sinceBefore;
      this.counted = { due: 0, relayOk: true, at: performance.now() };
    }
  }
}
