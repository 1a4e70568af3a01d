// A read-only view of the event log that ends early: at a moment (replay "as it stood then") or
// at a position (verifying a rebuild against the same events it applied), and that reports each
// page read (progress lines of the operations scripts).
//
// "As it stood at a moment" is the longest prefix of the global order whose events were all
// recorded by then: the view ends at the first event stamped later. Timestamps come from the
// command handlers' clocks, so a process whose clock lagged could stamp an event earlier than one
// before it; cutting a prefix (rather than filtering by time) keeps the result a state the live
// read models really passed through.
import type { EventStore, Position, RecordedEvent, Subscription } from '../domain/eventStore.js';

export interface LogViewOptions {
  /** Leave out the first event recorded after this instant and everything after it. */
  until?: Date;
  /** Leave out every event after this position. */
  through?: Position;
  /** Called with each page handed out. */
  onPage?: (page: RecordedEvent[]) => void;
}

export function logView(events: EventStore, options: LogViewOptions): EventStore {
  const until = options.until?.getTime();
  const through = options.through ?? Infinity;
  /** Position of the first event beyond the view, once seen. */
  let end = Infinity;

  const inView = (event: RecordedEvent) => {
    if (event.position >= end) return false;
    if (event.position > through || (until !== undefined && !(Date.parse(event.metadata.timestamp) <= until))) {
      end = event.position;
      return false;
    }
    return true;
  };

  return {
    async readAll(afterPosition, maxCount) {
      if (afterPosition >= end || afterPosition >= through) return [];
      const page = await events.readAll(afterPosition, maxCount);
      const cut = page.findIndex((event) => !inView(event));
      const kept = cut === -1 ? page : page.slice(0, cut);
      if (kept.length) options.onPage?.(kept);
      return kept;
    },
    async readStream(streamName, fromRevision) {
      return (await events.readStream(streamName, fromRevision)).filter(
        (event) => event.position < end && event.position <= through,
      );
    },
    subscribeToAll(): Subscription {
      throw new Error('a log view is for reading to its end, not for subscribing');
    },
    async headPosition() {
      let head = 0;
      for (let after = 0; ;) {
        const page = await this.readAll(after, 2000);
        if (!page.length) return head;
        head = after = page[page.length - 1].position;
      }
    },
    append() {
      return Promise.reject(new Error('a log view is read-only'));
    },
    async close() {},
  };
}
