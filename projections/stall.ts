// How long a loop (a projection runner, a mail or push sender) has gone without finishing a step
// while it had one to do: a step under way or failing again and again. An idle loop, asleep
// between polls after a step that finished, is not stalled. The watchdog (api/watchdog.ts) ends a
// process whose loop stalls past a bound, and /api/ready reports it.
export class StallClock {
  private since: number | null = null;

  /** A step begins (or begins again after a failure): the stall counts from the first. */
  begin(now = Date.now()): void {
    this.since ??= now;
  }

  /** A step got somewhere without finishing (a long round sent one mail): the stall counts from now. */
  progress(now = Date.now()): void {
    if (this.since !== null) this.since = now;
  }

  /** A step finished: no stall. */
  done(): void {
    this.since = null;
  }

  /** Milliseconds since the unfinished step began, 0 when none is. */
  stalledMs(now = Date.now()): number {
    return this.since === null ? 0 : Math.max(0, now - this.since);
  }
}

/** A loop the watchdog watches while this process runs it. */
export interface Watched {
  name: string;
  /** Milliseconds stalled now, or null when this process does not run it (another holds its lease). */
  stalledMs(now?: number): number | null;
}
