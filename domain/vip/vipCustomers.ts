// VIP customers: one stream ('vip-customers'); e-mail addresses are unique among them. A VIP
// invitation is direct marketing (rule: vip-unsubscribe): a customer who unsubscribes is recorded
// here and is never invited again.
import { z } from 'zod';
import { msg } from '../messages.js';
import { flag, optionalText } from '../shared/fields.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { notFound, reject } from '../shared/errors.js';
import { normaliseEmail } from '../customers/personalData.js';

export const VIP_CUSTOMERS_STREAM = 'vip-customers';

export interface VipCustomerFields {
  email: string;
  name: string;
  phone: string | null;
  notes: string | null;
  active: boolean;
}

export interface VipCustomer extends VipCustomerFields {
  id: number;
  created_at: string;
}

/** POST and PUT /admin/vip-customers (SPEC 5: e-mail and name required). */
export const vipCustomerInputSchema = z.object({
  email: z
    .string({ error: msg.vipCustomerRequired })
    .trim()
    .min(1, { error: msg.vipCustomerRequired })
    .pipe(z.email({ error: msg.invalidEmail }))
    .transform(normaliseEmail),
  name: z.string({ error: msg.vipCustomerRequired }).trim().min(1, { error: msg.vipCustomerRequired }).max(100),
  phone: optionalText(40),
  notes: optionalText(1000),
  active: flag()
    .optional()
    .transform((a) => a ?? true),
});
export type VipCustomerInput = z.infer<typeof vipCustomerInputSchema>;

export type VipCustomerEvent =
  | DomainEvent<'VipCustomerAdded', VipCustomer>
  | DomainEvent<'VipCustomerUpdated', { id: number } & VipCustomerFields>
  | DomainEvent<'VipCustomerRemoved', { id: number }>
  /**
   * Rule vip-unsubscribe: the customer asked, through the link in an invitation, for no more
   * invitations (GDPR art. 21.2-3: an objection to direct marketing ends it at once; marknads-
   * föringslagen 2008:486 19 §: each marketing mail must offer an easy way to stop them).
   */
  | DomainEvent<'VipCustomerUnsubscribed', { id: number; unsubscribed_at: string }>;

/** The VIP customers' events: their decoding point (domain/shared/events.ts). */
export const vipCustomerEvents = eventsOf<VipCustomerEvent>({
  VipCustomerAdded: true,
  VipCustomerUpdated: true,
  VipCustomerRemoved: true,
  VipCustomerUnsubscribed: true,
});

export type VipCustomerCommand =
  | { type: 'AddVipCustomer'; input: VipCustomerInput; now: Date }
  | { type: 'UpdateVipCustomer'; id: number; input: VipCustomerInput }
  | { type: 'RemoveVipCustomer'; id: number }
  | { type: 'UnsubscribeVipCustomer'; id: number; now: Date };

export interface VipCustomersState {
  customers: Map<number, VipCustomer>;
  lastId: number;
  /**
   * Every e-mail each entry has held, in order, also after it was removed (rule: erasure, one VIP
   * one key): erasing the VIP under any of them erases the others with it.
   */
  emailHistory: Map<number, string[]>;
  /** When each customer unsubscribed from invitations (rule: vip-unsubscribe); kept for good. */
  unsubscribed: Map<number, string>;
}

/** When the customer unsubscribed from VIP invitations, null if they have not (rule: vip-unsubscribe). */
export const unsubscribedAt = (state: VipCustomersState, id: number): string | null =>
  state.unsubscribed.get(id) ?? null;

/** The entries (removed ones too) that have held this e-mail, each with every e-mail it has held. */
export function vipEntriesEverNamed(state: VipCustomersState, email: string): Array<{ id: number; emails: string[] }> {
  const wanted = normaliseEmail(email);
  return [...state.emailHistory]
    .filter(([, emails]) => emails.includes(wanted))
    .map(([id, emails]) => ({ id, emails: [...emails] }));
}

/** Remembers an e-mail an entry held; an erased one ("[raderad]", not an address) names no one. */
function remember(state: VipCustomersState, id: number, email: string) {
  const normal = normaliseEmail(email);
  if (!normal.includes('@')) return;
  const emails = state.emailHistory.get(id) ?? [];
  if (!emails.includes(normal)) state.emailHistory.set(id, [...emails, normal]);
}

const byEmail = (state: VipCustomersState, email: string) =>
  [...state.customers.values()].find((c) => c.email === email);

export const vipCustomersDecider: Decider<VipCustomerCommand, VipCustomerEvent, VipCustomersState> = {
  initialState: () => ({ customers: new Map(), lastId: 0, emailHistory: new Map(), unsubscribed: new Map() }),
  evolve(state, event) {
    switch (event.type) {
      case 'VipCustomerAdded':
        state.lastId = Math.max(state.lastId, event.data.id);
        state.customers.set(event.data.id, event.data);
        remember(state, event.data.id, event.data.email);
        return state;
      case 'VipCustomerUpdated': {
        const existing = state.customers.get(event.data.id);
        if (existing) state.customers.set(existing.id, { ...existing, ...event.data });
        remember(state, event.data.id, event.data.email);
        return state;
      }
      case 'VipCustomerRemoved':
        state.customers.delete(event.data.id);
        return state;
      case 'VipCustomerUnsubscribed':
        if (!state.unsubscribed.has(event.data.id)) state.unsubscribed.set(event.data.id, event.data.unsubscribed_at);
        return state;
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddVipCustomer':
        if (byEmail(state, command.input.email)) reject(msg.vipCustomerExists);
        return [
          {
            type: 'VipCustomerAdded',
            data: { id: state.lastId + 1, ...command.input, created_at: command.now.toISOString() },
          },
        ];
      case 'UpdateVipCustomer': {
        if (!state.customers.has(command.id)) notFound(msg.vipCustomerNotFound);
        const clash = byEmail(state, command.input.email);
        if (clash && clash.id !== command.id) reject(msg.vipCustomerExists);
        return [{ type: 'VipCustomerUpdated', data: { id: command.id, ...command.input } }];
      }
      case 'RemoveVipCustomer':
        if (!state.customers.has(command.id)) notFound(msg.vipCustomerNotFound);
        return [{ type: 'VipCustomerRemoved', data: { id: command.id } }];
      case 'UnsubscribeVipCustomer':
        // Once: a second click on the link (or a mail client's one-click request) records nothing
        // more. A customer removed since has no invitations coming: nothing to record either.
        if (state.unsubscribed.has(command.id) || !state.customers.has(command.id)) return [];
        return [
          {
            type: 'VipCustomerUnsubscribed',
            data: { id: command.id, unsubscribed_at: command.now.toISOString() },
          },
        ];
      default:
        return assertNever(command);
    }
  },
};
