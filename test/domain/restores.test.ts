// Recording a restore's re-applied erasures (domain/backup/restores.ts, rule: backup-restore).
import { describe, it } from 'vitest';
import { restoreDecider, type RestoreCommand, type RestoreEvent } from '../../domain/backup/restores.js';
import { given } from './givenWhenThen.js';

const NOW = new Date('2027-02-01T09:30:00Z');
const record = (over: Partial<RestoreCommand> = {}): RestoreCommand => ({
  type: 'RecordErasuresReapplied',
  restore_id: 'r1',
  backup_created_at: '2027-01-31T02:15:00.000Z',
  backup_position: 120,
  events_restored: 118,
  key_ids: ['k-b', 'k-a'],
  now: NOW,
  ...over,
});
const recorded = (restoreId: string): RestoreEvent => ({
  type: 'ErasuresReapplied',
  data: {
    restore_id: restoreId,
    backup_created_at: '2027-01-31T02:15:00.000Z',
    backup_position: 120,
    events_restored: 118,
    reapplied: 0,
    key_ids: [],
    restored_at: '2027-02-01T09:30:00.000Z',
  },
});

describe('RecordErasuresReapplied (rule: backup-restore)', () => {
  it('records the backup, how many erasures were re-applied and the key ids, sorted, and nothing personal', () => {
    given(restoreDecider)
      .when(record())
      .then([
        {
          type: 'ErasuresReapplied',
          data: {
            restore_id: 'r1',
            backup_created_at: '2027-01-31T02:15:00.000Z',
            backup_position: 120,
            events_restored: 118,
            reapplied: 2,
            key_ids: ['k-a', 'k-b'],
            restored_at: NOW.toISOString(),
          },
        },
      ]);
  });

  it('counts a key once when several sources named its erasure', () => {
    given(restoreDecider)
      .when(record({ key_ids: ['k-a', 'k-a', 'k-b'] }))
      .thenMatches([{ type: 'ErasuresReapplied', data: { reapplied: 2, key_ids: ['k-a', 'k-b'] } }]);
  });

  it('records a restore that re-applied none too: the history shows every restore', () => {
    given(restoreDecider)
      .when(record({ key_ids: [] }))
      .thenMatches([{ type: 'ErasuresReapplied', data: { reapplied: 0, key_ids: [] } }]);
  });

  it('records one restore run once: the same run again adds nothing, another run is recorded', () => {
    given(restoreDecider, [recorded('r1')])
      .when(record())
      .then([]);
    given(restoreDecider, [recorded('r1')])
      .when(record({ restore_id: 'r2' }))
      .thenMatches([{ type: 'ErasuresReapplied', data: { restore_id: 'r2' } }]);
  });
});
