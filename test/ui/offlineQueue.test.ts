// The offline queue (ui/lib/offlineQueue.ts): stored under 'offline_bookings', extras stripped
// before sending, sent one at a time, stopping at a network failure, only accepted ones removed.
import { describe, expect, it } from 'vitest';
import { OFFLINE_KEY, enqueue, payloadOf, readQueue, syncQueue, type SendResult } from '../../ui/lib/offlineQueue.js';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>(initial ? [[OFFLINE_KEY, initial]] : []);
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}
const payload = (time: string) => ({
  date: '2026-12-01',
  time,
  name: 'Olle',
  email: 'o@example.se',
  items: [{ pizza_id: 1, qty: 1 }],
  requested_pizzas: 1,
});

describe('the offline queue', () => {
  it('keeps bookings with offline, timestamp and id, and strips them for sending', () => {
    const storage = memoryStorage();
    const entry = enqueue(storage, payload('11:00'), 'key-1', 1234);
    expect(entry).toMatchObject({ offline: true, timestamp: 1234, id: 'key-1', time: '11:00' });
    expect(readQueue(storage)).toEqual([entry]);
    expect(payloadOf(entry)).toEqual(payload('11:00'));
  });

  it('reads a broken or foreign value as empty', () => {
    expect(readQueue(memoryStorage('{not json'))).toEqual([]);
    expect(readQueue(memoryStorage('{"a":1}'))).toEqual([]);
  });

  it('sends one at a time with each key, removing only the accepted ones', async () => {
    const storage = memoryStorage();
    enqueue(storage, payload('11:00'), 'a', 1);
    enqueue(storage, payload('11:15'), 'b', 2);
    enqueue(storage, payload('11:30'), 'c', 3);
    const calls: string[] = [];
    const answers: Record<string, SendResult> = { a: 'accepted', b: 'refused', c: 'accepted' };
    let inFlight = 0;
    const outcome = await syncQueue(storage, async (body, key) => {
      expect(++inFlight).toBe(1);
      expect(body).not.toHaveProperty('offline');
      calls.push(key);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return answers[key];
    });
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(outcome).toEqual({ sent: 2, refused: 1, left: 1, stoppedByNetwork: false });
    expect(readQueue(storage).map((b) => b.id)).toEqual(['b']);
  });

  it('stops at a network failure and keeps the rest for the next round', async () => {
    const storage = memoryStorage();
    enqueue(storage, payload('11:00'), 'a', 1);
    enqueue(storage, payload('11:15'), 'b', 2);
    enqueue(storage, payload('11:30'), 'c', 3);
    const calls: string[] = [];
    const outcome = await syncQueue(storage, async (_body, key) => {
      calls.push(key);
      return key === 'b' ? 'network' : 'accepted';
    });
    expect(calls).toEqual(['a', 'b']);
    expect(outcome).toMatchObject({ sent: 1, stoppedByNetwork: true, left: 2 });
    expect(readQueue(storage).map((b) => b.id)).toEqual(['b', 'c']);
  });
});
