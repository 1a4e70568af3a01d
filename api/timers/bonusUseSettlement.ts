// The bonus-code settlement sweep (rule: bonus-code-settlement): now and then, every use whose
// booking's outcome is known and that is not settled yet is looked up in its day's log and kept
// or given back. The bonus-codes stream decides each once, however many processes sweep; the
// lease `bonus-uses` only spares the others the reading, and a process finding it held skips its
// turn (api/reactors/leasedSweep.ts).
import { LEASES } from '../../projections/leasedRunner.js';
import { everyLeasedSweep } from '../reactors/leasedSweep.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import type { BonusCodesService } from '../services/bonusCodes.js';

/** Who settlements are recorded as done by. */
export const SETTLEMENT_ACTOR = 'system';

/** The lease one sweep at a time holds, and its term, renewed at every use. */
export const SETTLEMENT_LEASE = { scope: LEASES, id: 'bonus-uses' } as const;
const SETTLEMENT_LEASE_TTL_MS = 60_000;

/**
 * How often to sweep: a leak is rare (an append whose outcome was unknown), the sweep reads one
 * stream and the days of the few unsettled uses, and a use can only be settled ten minutes after
 * its redemption anyway (BONUS_USE_SETTLE_AFTER_MS).
 */
export const SETTLEMENT_INTERVAL_MS = 5 * 60_000;

export interface BonusUseSettlementOptions {
  docs: Pick<DocumentStore, 'lease' | 'endLease'>;
  bonusCodes: Pick<BonusCodesService, 'usesToSettle' | 'settle'>;
  owner?: string;
  /** 0: never by itself (a test sweeps by hand). */
  intervalMs: number;
  log: (message: string, error?: unknown) => void;
}

export interface BonusUseSettlement {
  /** One sweep now: answers how many uses this process kept and gave back. */
  sweep(): Promise<{ kept: number; released: number }>;
  stop(): Promise<void>;
}

export function startBonusUseSettlement(o: BonusUseSettlementOptions): BonusUseSettlement {
  return everyLeasedSweep({
    docs: o.docs,
    lease: SETTLEMENT_LEASE.id,
    leaseTtlMs: SETTLEMENT_LEASE_TTL_MS,
    owner: o.owner,
    intervalMs: o.intervalMs,
    nothing: () => ({ kept: 0, released: 0 }),
    what: 'bonus-code settlement sweep',
    log: o.log,
    async sweep(turn) {
      const done = { kept: 0, released: 0 };
      for (const use of await o.bonusCodes.usesToSettle()) {
        if (!(await turn.goOn())) break;
        try {
          const settled = await o.bonusCodes.settle(use, SETTLEMENT_ACTOR);
          if (settled) done[settled] += 1;
        } catch (error) {
          o.log(`bonus-code settlement: ${use.booking_ref} failed:`, error);
        }
      }
      return done;
    },
  });
}
