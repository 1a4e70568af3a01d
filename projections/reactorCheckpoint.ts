// Where a reactor (mail, push, erasure) starts. Reactors act on the world, so unlike read models
// they never replay history: a store without the reactor's checkpoint (a first start, read
// models rebuilt from scratch) starts it at the head of the log.
import type { EventStore } from '../domain/eventStore.js';
import type { DocumentStore } from '../read-models/documentStore.js';

/**
 * Checked each time a process takes a reactor over (its lease), before it acts: no checkpoint
 * starts it at the head, and so does one beyond the head. That one is an older event store
 * restored under newer read models (deploy/README.md, "By engine backups"): the restored log is
 * the start of the log the reactor followed, so it has acted on every event up to the head (its
 * outbox items and mail log hold them: nothing is sent twice), and from the head on the new
 * events, which the old checkpoint would skip until the log grew past it, are acted on.
 */
export async function startAtHead(
  events: EventStore,
  docs: DocumentStore,
  reactor: string,
  log: (message: string) => void = (message) => console.error(message),
): Promise<void> {
  const checkpoint = await docs.getCheckpoint(reactor);
  if (checkpoint === 0) {
    await docs.commit([], { projection: reactor, position: await events.headPosition() });
    return;
  }
  const head = await events.headPosition();
  if (checkpoint <= head) return;
  log(
    `Reactor ${reactor}: checkpoint ${checkpoint} beyond the event log's head ${head} ` +
      '(an older event store restored under newer read models?): realigned to the head',
  );
  // Checkpoints only move forward: clear it first (reset without collections keeps the reactor's log).
  await docs.reset([], reactor);
  await docs.commit([], { projection: reactor, position: head });
}

/**
 * After the event log was replaced (npm run events:import) or read models rebuilt over another
 * log (npm run projections:rebuild): the reactor's checkpoint is a position of the old log, which
 * another store numbers differently. A checkpoint beyond the new head would skip what the next
 * events ask for; so after an import the reactor starts at the head (the imported events are
 * history: they were acted on where they happened), and after a rebuild a checkpoint beyond the
 * head comes back to it.
 */
export async function alignReactor(
  events: EventStore,
  docs: DocumentStore,
  reactor: string,
  mode: 'imported' | 'rebuilt',
): Promise<void> {
  const head = await events.headPosition();
  const checkpoint = await docs.getCheckpoint(reactor);
  if (mode === 'rebuilt' && checkpoint <= head) return;
  // Checkpoints only move forward: clear it first (reset without collections keeps the reactor's log).
  await docs.reset([], reactor);
  await docs.commit([], { projection: reactor, position: head });
}
