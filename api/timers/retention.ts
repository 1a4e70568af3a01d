// The retention sweep (rule: personal-data-retention): with personal_data_retention_months set,
// API processes now and then erase the customers whose newest booking, queue place, VIP entry or
// invitation is older. Exactly once per
// customer however many processes sweep, and across restarts: the read models only propose, the
// customer's stream decides (domain/customers/erasure.ts), on the customer's bookings read again
// right before the decision, so one who booked since the listing is kept; a second sweep finds
// the customer gone from the scrubbed read models, and one racing the first appends nothing.
// One sweep at a time across processes: a sweep holds the lease `retention` (renewed as it goes),
// and a process finding it held by another skips its turn (api/reactors/leasedSweep.ts).
import { retentionCutoff } from '../../domain/customers/erasure.js';
import type { Settings } from '../../domain/settings/settings.js';
import { todayIn, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { customersLastActiveBefore } from '../../read-models/queries/customers.js';
import { LEASES } from '../../projections/leasedRunner.js';
import { everyLeasedSweep } from '../reactors/leasedSweep.js';
import type { CustomersService } from '../services/customers.js';

/** Who the retention erasures are recorded as done by. */
export const RETENTION_ACTOR = 'system';

/** The lease one sweep at a time holds (scope, id), and its term, renewed at every customer. */
export const RETENTION_LEASE = { scope: LEASES, id: 'retention' } as const;
const RETENTION_LEASE_TTL_MS = 60_000;

export interface RetentionOptions {
  docs: DocumentStore;
  customers: Pick<CustomersService, 'eraseExpired'>;
  /** Who holds the sweep's lease (a process's own; processOwner() by default). */
  owner?: string;
  settings: () => Promise<Settings>;
  clock: () => Clock;
  /** How often to sweep (RETENTION_INTERVAL_MS; 0: never by itself). */
  intervalMs: number;
  log: (message: string, error?: unknown) => void;
}

export interface Retention {
  /** One sweep now: answers how many customers this process erased. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

export function startRetention(o: RetentionOptions): Retention {
  return everyLeasedSweep({
    docs: o.docs,
    lease: RETENTION_LEASE.id,
    leaseTtlMs: RETENTION_LEASE_TTL_MS,
    owner: o.owner,
    intervalMs: o.intervalMs,
    nothing: () => 0,
    what: 'retention sweep',
    log: o.log,
    async sweep(turn) {
      const cutoff = retentionCutoff(todayIn(o.clock()), (await o.settings()).personal_data_retention_months);
      if (!cutoff) return 0;
      let erased = 0;
      for (const customer of await customersLastActiveBefore(o.docs, cutoff)) {
        // Stopped, or the lease lost (this process stalled past its term): another sweeps now.
        if (!(await turn.goOn())) break;
        try {
          // The customer's stream decides on their bookings as they are now (CustomersService.erase).
          if (await o.customers.eraseExpired(customer, RETENTION_ACTOR, cutoff)) erased += 1;
        } catch (error) {
          o.log('retention: erasing a customer failed:', error);
        }
      }
      return erased;
    },
  });
}
