// The EventStoreDB adapter's answers to faults, without a server: the client's calls are
// replaced, so these run everywhere (the contract suite against a real server runs where one is).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStoreDBClient, UnavailableError, DeadlineExceededError, AccessDeniedError } from '@eventstore/db-client';
import { openEventStoreDb } from '../../api/eventStore/eventStoreDb.js';

afterEach(() => vi.restoreAllMocks());

const meta = { actor: 'system', timestamp: '2026-11-23T08:00:00.000Z' };
const events = [{ id: '6f1c1a52-8d0e-4b43-9a36-7c7f35f3d9a1', type: 'Noted', data: { n: 1 }, metadata: meta }];
const success = { success: true, nextExpectedRevision: 3n, position: { commit: 500n, prepare: 500n } };

function resolvedAt(position: number) {
  return {
    event: {
      id: `id-${position}`,
      type: 'Noted',
      streamId: 's',
      revision: BigInt(position),
      data: {},
      metadata: meta,
      position: { commit: BigInt(position), prepare: BigInt(position) },
    },
  };
}

describe('EventStoreDB appends', () => {
  it('retry an ambiguous failure with the same event ids and expected revision', async () => {
    const calls: Array<{ ids: string[]; expected: unknown }> = [];
    const failures = [
      new UnavailableError(undefined, 'connection dropped'),
      new DeadlineExceededError(undefined, 'deadline'),
    ];
    vi.spyOn(EventStoreDBClient.prototype, 'appendToStream').mockImplementation((async (
      _stream: string,
      proposed: Array<{ id: string }>,
      options: { expectedRevision: unknown },
    ) => {
      calls.push({ ids: proposed.map((e) => e.id), expected: options.expectedRevision });
      const failure = failures.shift();
      if (failure) throw failure;
      return success;
    }) as never);
    const store = openEventStoreDb('esdb://127.0.0.1:1?tls=false');
    expect(await store.append('s', events, 2)).toEqual({ nextRevision: 3, position: 500 });
    expect(calls).toHaveLength(3);
    expect(calls.every((c) => c.ids[0] === events[0].id && c.expected === 2n)).toBe(true);
    await store.close();
  });

  it('does not retry a failure that is certain', async () => {
    const spy = vi
      .spyOn(EventStoreDBClient.prototype, 'appendToStream')
      .mockRejectedValue(new AccessDeniedError(undefined, 'denied'));
    const store = openEventStoreDb('esdb://127.0.0.1:1?tls=false');
    await expect(store.append('s', events, 2)).rejects.toBeInstanceOf(AccessDeniedError);
    expect(spy).toHaveBeenCalledTimes(1);
    await store.close();
  });
});

describe('EventStoreDB subscriptions', () => {
  it('resume from the last delivered position after a dropped read, delivering each event once', async () => {
    const asked: bigint[] = [];
    let calls = 0;
    vi.spyOn(EventStoreDBClient.prototype, 'readAll').mockImplementation(((options: {
      fromPosition: { commit: bigint } | string;
    }) => {
      const from = typeof options.fromPosition === 'string' ? 0n : options.fromPosition.commit;
      asked.push(from);
      calls += 1;
      const all = [10, 20, 30, 40].filter((p) => BigInt(p) >= from).map(resolvedAt);
      return (async function* () {
        if (calls === 2) throw new UnavailableError(undefined, 'leader lost');
        // The first read ends after two events, as if the page had been cut there.
        yield* calls === 1 ? all.slice(0, 2) : all;
      })();
    }) as never);
    const store = openEventStoreDb('esdb://127.0.0.1:1?tls=false');
    const subscription = store.subscribeToAll(0);
    const seen: number[] = [];
    for await (const event of subscription) {
      seen.push(event.position);
      if (seen.length === 4) break;
    }
    await subscription.close();
    expect(seen).toEqual([10, 20, 30, 40]);
    expect(asked.slice(1, 3)).toEqual([20n, 20n]);
    await store.close();
  });
});
