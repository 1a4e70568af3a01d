// The push outbox's backlog for /api/ready: notices due now and how long the oldest has waited.
// Like the mail outbox's, reported and never a reason to be unready.
import type { DocumentStore } from '../../read-models/documentStore.js';
import { PUSH_LOG, type PushItem } from './reactor.js';

export interface PushHealth {
  due: number;
  oldest_due_seconds: number | null;
}

export async function pushOutboxHealth(docs: DocumentStore, now: Date): Promise<PushHealth> {
  const nowMs = now.getTime();
  const [due, oldest] = await Promise.all([
    docs.count(PUSH_LOG, { state: 'pending', due_ms: { $lte: nowMs } }),
    docs.find<PushItem>(PUSH_LOG, { state: 'pending' }, { sort: [['due_ms', 1]], limit: 1 }),
  ]);
  const first = oldest[0];
  return { due, oldest_due_seconds: first && first.due_ms <= nowMs ? Math.floor((nowMs - first.due_ms) / 1000) : null };
}
