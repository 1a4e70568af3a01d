// Erasing a customer (rule: erasure): one stream per customer ('customer-{customer id}', the
// customer id being the keyed hash of their e-mail, so the stream's name tells nothing about
// them). The event records that an erasure happened, when, by whom and why, and which read-model
// documents held the customer's data, without any of that data: the projections scrub those
// documents, and deleting the customer's current key (api/keys, by its serial) leaves what was
// sealed under it unreadable in every event, so a replay or a rebuild shows "[raderad]" as well.
// A customer who books again afterwards is sealed under a new key with an id of its own.
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';

export const customerStream = (customerId: string) => `customer-${customerId}`;

/** Asked for by the customer (through staff), or the retention setting's time ran out. */
export type ErasureReason = 'request' | 'retention';

/** Where the read models held the customer's data when the erasure was decided. */
export interface ErasedRecords {
  booking_ids: string[];
  waitlist_ids: string[];
  vip_customer_ids: number[];
  invitation_ids: string[];
  /** Mails to the customer: their mail-log entries forget the address, their outbox files go. */
  mail_ids: string[];
  /** Mails to staff about the customer's bookings (they hold the name and phone): their outbox files go. */
  staff_mail_ids: string[];
  /** Browsers' push subscriptions tied to the customer's bookings: dropped (absent in erasures before). */
  push_subscription_ids?: string[];
}

/** A key erased with a customer that is not their e-mail's: a VIP entry's own (one VIP, one key). */
export interface ErasedKey {
  /** The id (keyed hash) of the key's owner, e.g. of 'vip:7'. */
  customer_key: string;
  key_serial: string;
}

export interface CustomerErasedData extends ErasedRecords {
  /** The customer id (the keyed hash of the e-mail) that finds the customer's current key in api/keys. */
  customer_key: string;
  /** The serial of the key deleted (that generation of the customer's key), null when they had none. */
  key_serial: string | null;
  reason: ErasureReason;
  erased_at: string;
  /** The newest booking the erasure covered (its placed_at), null without bookings. */
  last_booking_at: string | null;
  /**
   * The newest record of any kind it covered (a booking placed, a queue place joined, a VIP entry
   * made, an invitation sent), null without any; absent in erasures before it.
   */
  last_record_at?: string | null;
  /**
   * The keys of the customer's VIP entries (rule: erasure, one VIP one key), destroyed with theirs
   * by their serials; absent when there were none, and in erasures before.
   */
  entry_keys?: ErasedKey[];
}

/**
 * Rule personal-data-retention: with personal_data_retention_months = N > 0, a customer whose
 * last booking is for a date before this one (today N calendar months back, the day clamped to
 * the month's length: 31 May less 3 months is 28 or 29 February) is erased. Null when N is 0.
 */
export function retentionCutoff(today: string, months: number): string | null {
  if (months <= 0) return null;
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

export type CustomerEvent = DomainEvent<'CustomerErased', CustomerErasedData>;

/** A customer's events: their decoding point (domain/shared/events.ts). */
export const customerEvents = eventsOf<CustomerEvent>({
  CustomerErased: true,
});

/**
 * What a retention erasure is decided on (rule: personal-data-retention): the cutoff date, and the
 * customer's newest date as read right before the decision (after the read models caught up with
 * the log): of their bookings (upcoming ones included) and queue places the date they are for, of
 * their VIP entry and invitations the day they were made. A customer only on the waitlist or the
 * VIP list expires too (their push subscriptions hang on their bookings).
 */
export interface RetentionCheck {
  cutoff: string;
  newestDate: string | null;
}

export type CustomerCommand = {
  type: 'EraseCustomer';
  customerId: string;
  keySerial: string | null;
  reason: ErasureReason;
  found: ErasedRecords;
  lastBookingAt: string | null;
  /** The newest record of any kind held (CustomerErasedData.last_record_at). */
  lastRecordAt: string | null;
  /** Required for reason 'retention': without it a retention erasure erases nothing. */
  retention?: RetentionCheck;
  /** The keys of the customer's VIP entries, erased with theirs (CustomerErasedData.entry_keys). */
  entryKeys?: ErasedKey[];
  now: Date;
};

export interface CustomerState {
  /** When the customer was last erased, and the newest record that erasure covered. */
  lastErasure: { at: string; lastRecordAt: string | null } | null;
}

export const customerDecider: Decider<CustomerCommand, CustomerEvent, CustomerState> = {
  initialState: () => ({ lastErasure: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'CustomerErased':
        return {
          lastErasure: {
            at: event.data.erased_at,
            lastRecordAt: event.data.last_record_at ?? event.data.last_booking_at,
          },
        };
      default:
        return assertNever(event.type);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'EraseCustomer': {
        // Retention erases a customer once (rule: personal-data-retention): a sweep that found
        // them on read models not yet scrubbed, in another process or before a restart, appends
        // nothing when an erasure already covered their newest record. A request from staff is
        // always recorded: it is the answer to the customer's demand.
        const last = state.lastErasure;
        // Retention decides in the same step as the erasure: a customer with a booking for the
        // cutoff date or later (an upcoming one included), also one placed while the sweep ran,
        // is kept (likewise a queue place, a VIP entry or an invitation). So is one with nothing
        // known: there is nothing to let go of.
        if (command.reason === 'retention') {
          const check = command.retention;
          if (!check || check.newestDate === null || check.newestDate >= check.cutoff) return [];
        }
        if (
          command.reason === 'retention' &&
          last &&
          (command.lastRecordAt === null || (last.lastRecordAt !== null && last.lastRecordAt >= command.lastRecordAt))
        ) {
          return [];
        }
        return [
          {
            type: 'CustomerErased',
            data: {
              customer_key: command.customerId,
              key_serial: command.keySerial,
              reason: command.reason,
              erased_at: command.now.toISOString(),
              last_booking_at: command.lastBookingAt,
              last_record_at: command.lastRecordAt,
              ...command.found,
              ...(command.entryKeys?.length ? { entry_keys: command.entryKeys } : {}),
            },
          },
        ];
      }
      default:
        return assertNever(command.type);
    }
  },
};
