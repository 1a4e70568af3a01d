// A test's fault hook on the command bus's event store (ServerOptions.appendFaults): the next
// append to a stream fails, either before anything is written (the booking never lands) or after
// it was stored (the answer is lost: the booking is in the log, the caller does not know). Both
// leave the caller with an append whose outcome it cannot tell, as a crash or a timeout would.
// The store itself stays real; only its answer is taken away.
import type { EventStore } from '../../domain/eventStore.js';

export type AppendFault = 'before-write' | 'after-write';

export class AppendFaults {
  private readonly planned: Array<{ streamPrefix: string; fault: AppendFault }> = [];

  /** The next append to a stream whose name starts with streamPrefix fails this way. */
  failNext(streamPrefix: string, fault: AppendFault): void {
    this.planned.push({ streamPrefix, fault });
  }

  wrap(store: EventStore): EventStore {
    const take = (streamName: string) => {
      const index = this.planned.findIndex((p) => streamName.startsWith(p.streamPrefix));
      return index < 0 ? null : this.planned.splice(index, 1)[0].fault;
    };
    return {
      async append(streamName, events, expected) {
        const fault = take(streamName);
        if (fault === 'before-write') throw new Error(`append to ${streamName} failed before it was written (test)`);
        const result = await store.append(streamName, events, expected);
        if (fault === 'after-write') throw new Error(`append to ${streamName} stored, its answer lost (test)`);
        return result;
      },
      readStream: (streamName, fromRevision) => store.readStream(streamName, fromRevision),
      readAll: (afterPosition, maxCount, types) => store.readAll(afterPosition, maxCount, types),
      subscribeToAll: (afterPosition) => store.subscribeToAll(afterPosition),
      headPosition: () => store.headPosition(),
      keepsIssueOrder: store.keepsIssueOrder,
      close: () => store.close(),
    };
  }
}
