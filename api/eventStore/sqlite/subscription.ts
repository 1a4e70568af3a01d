// A subscription to the embedded event store's log: pages read after the last delivered position,
// woken by this instance's appends and polling for other processes'.
import type { EventEmitter } from 'node:events';
import type { Position, RecordedEvent, Subscription } from '../../../domain/eventStore.js';

export interface SubscriptionSource {
  /** The synced events after a position, at most maxCount. */
  readAll: (afterPosition: Position, maxCount: number) => RecordedEvent[];
  /** Emits 'append' after each synced batch of this instance, 'close' when the store closes. */
  appended: EventEmitter;
  /** How often to look for events appended by other processes (ms). */
  pollMs: number;
  /** Events read per query while catching up. */
  pageSize: number;
}

export function subscribeToLog(
  { readAll, appended, pollMs, pageSize }: SubscriptionSource,
  afterPosition: Position,
): Subscription {
  let position = afterPosition;
  let active = true;
  // Set by every committed batch of this instance; tells the loop to read again at once
  // instead of sleeping, when the batch landed while we were handing out the last page.
  let notified = false;
  let wake: (() => void) | null = null;
  const onAppend = () => {
    notified = true;
    wake?.();
  };
  appended.on('append', onAppend);
  const stop = () => {
    active = false;
    appended.off('append', onAppend);
    wake?.();
  };
  appended.once('close', stop);

  async function* iterate(): AsyncGenerator<RecordedEvent> {
    try {
      while (active) {
        notified = false;
        // Positions are only ever handed out inside a write transaction and SQLite has one
        // writer at a time, so a committed row can never appear below one already read:
        // reading "after the last delivered position" has no gaps and no repeats.
        const page = readAll(position, pageSize);
        for (const event of page) {
          position = event.position;
          yield event;
          if (!active) return;
        }
        if (page.length === pageSize || notified) continue;
        // Live: an append through this instance wakes us; other processes' appends are found
        // by the poll.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, pollMs);
          function done() {
            clearTimeout(timer);
            wake = null;
            resolve();
          }
          wake = done;
        });
      }
    } finally {
      appended.off('append', onAppend);
      appended.off('close', stop);
    }
  }

  const iterator = iterate();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      stop();
      appended.off('close', stop);
    },
  };
}
