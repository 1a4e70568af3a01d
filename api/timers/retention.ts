// The retention sweep (rule: personal-data-retention): with personal_data_retention_months set,
// every API process now and then erases the customers whose last booking is older. Exactly once
// per customer however many processes sweep, and across restarts: the read models only propose,
// the customer's stream decides (domain/customers/erasure.ts); a second sweep finds the customer
// gone from the scrubbed read models, and one racing the first appends nothing.
import { retentionCutoff } from '../../domain/customers/erasure.js';
import type { Settings } from '../../domain/settings/settings.js';
import { todayIn, type Clock } from '../../domain/shared/time.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { customersLastBookedBefore } from '../../read-models/queries/customers.js';
import { everyInterval } from '../periodic.js';
import type { CustomersService } from '../services/customers.js';

/** Who the retention erasures are recorded as done by. */
export const RETENTION_ACTOR = 'system';

export interface RetentionOptions {
  docs: DocumentStore;
  customers: Pick<CustomersService, 'erase'>;
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
  const sweep = async (stopped: () => boolean = () => false) => {
    const cutoff = retentionCutoff(todayIn(o.clock()), (await o.settings()).personal_data_retention_months);
    if (!cutoff) return 0;
    let erased = 0;
    for (const email of await customersLastBookedBefore(o.docs, cutoff)) {
      if (stopped()) break;
      try {
        if ((await o.customers.erase(email, RETENTION_ACTOR, 'retention')).erased_bookings > 0) erased += 1;
      } catch (error) {
        o.log('retention: erasing a customer failed:', error);
      }
    }
    return erased;
  };
  const periodic =
    o.intervalMs > 0 ? everyInterval(o.intervalMs, sweep, (error) => o.log('retention sweep failed:', error)) : null;
  return { sweep: () => sweep(), stop: async () => periodic?.stop() };
}
