// VIP customers: one stream ('vip-customers'); e-mail addresses are unique among them.
import { z } from 'zod';
import { msg } from '../messages.js';
import { flag, optionalText } from '../shared/fields.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
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
  | DomainEvent<'VipCustomerRemoved', { id: number }>;

export type VipCustomerCommand =
  | { type: 'AddVipCustomer'; input: VipCustomerInput; now: Date }
  | { type: 'UpdateVipCustomer'; id: number; input: VipCustomerInput }
  | { type: 'RemoveVipCustomer'; id: number };

export interface VipCustomersState {
  customers: Map<number, VipCustomer>;
  lastId: number;
  /**
   * Every e-mail each entry has held, in order, also after it was removed (rule: erasure, one VIP
   * one key): erasing the VIP under any of them erases the others with it.
   */
  emailHistory: Map<number, string[]>;
}

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
  initialState: () => ({ customers: new Map(), lastId: 0, emailHistory: new Map() }),
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
      default:
        return assertNever(command);
    }
  },
};
