// Restores of a backup (rule: backup-restore): the stream `restores` records each restore of an
// encrypted backup (api/backup) and the erasures it re-applied, so the log itself shows that
// customers erased after the backup was taken were erased again on the way back. The event names
// only key ids (random, api/keys/keyStore.ts) and counts, never anything about a person.
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';

export const RESTORES_STREAM = 'restores';

export interface ErasuresReappliedData {
  /** One restore run: recording it again (a retried run) adds nothing. */
  restore_id: string;
  /** When the backup was taken, and the position of the last event it held (the source log's numbering). */
  backup_created_at: string;
  backup_position: number;
  /** How many events the restore put back. */
  events_restored: number;
  /** How many erasures made after the backup were re-applied: keys of the backup left out. */
  reapplied: number;
  /** The ids of those keys (what their sealed records name), sorted; nothing personal. */
  key_ids: string[];
  restored_at: string;
}

export type RestoreEvent = DomainEvent<'ErasuresReapplied', ErasuresReappliedData>;

/** The restores' events: their decoding point (domain/shared/events.ts). */
export const restoreEvents = eventsOf<RestoreEvent>({
  ErasuresReapplied: true,
});

/** The run as the event names it (the decider adds the count and the time). */
export type RestoreCommand = {
  type: 'RecordErasuresReapplied';
  now: Date;
} & Omit<ErasuresReappliedData, 'reapplied' | 'restored_at'>;

export interface RestoreState {
  /** The restore runs recorded so far. */
  recorded: Set<string>;
}

export const restoreDecider: Decider<RestoreCommand, RestoreEvent, RestoreState> = {
  initialState: () => ({ recorded: new Set() }),

  evolve(state, event) {
    switch (event.type) {
      case 'ErasuresReapplied':
        state.recorded.add(event.data.restore_id);
        return state;
      default:
        return assertNever(event.type);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordErasuresReapplied': {
        // Once per restore run: the same run recorded again (its append retried) adds nothing.
        if (state.recorded.has(command.restore_id)) return [];
        const { type: _type, now, ...run } = command;
        // A key counted once, however many sources (key store, journals) named its erasure.
        const keyIds = [...new Set(run.key_ids)].sort();
        return [
          {
            type: 'ErasuresReapplied',
            data: { ...run, reapplied: keyIds.length, key_ids: keyIds, restored_at: now.toISOString() },
          },
        ];
      }
      default:
        return assertNever(command.type);
    }
  },
};
