// After the event log was replaced (events:import, a restore) or the read models rebuilt over
// another log (projections:rebuild): every reactor's checkpoint is aligned to the new log
// (projections/reactorCheckpoint.ts), so no mail, push, SMS, erasure or waitlist offer of the past
// is acted on again, and none of what comes next is skipped. Claims and work items are kept: they
// name event ids, which travel with the events.
import type { EventStore } from '../../domain/eventStore.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { alignReactor } from '../../projections/reactorCheckpoint.js';
import { reactorStateNames } from '../reactorState.js';

export async function alignReactors(events: EventStore, docs: DocumentStore, mode: 'imported' | 'rebuilt') {
  for (const reactor of reactorStateNames().checkpoints) await alignReactor(events, docs, reactor, mode);
}
