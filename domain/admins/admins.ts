// Admin users: one stream ('admins'). Password hashes are made by the api (scrypt) and passed in;
// the domain only keeps e-mail addresses unique.
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';

export const ADMINS_STREAM = 'admins';

export interface Admin {
  id: number;
  email: string;
  name: string;
  password_hash: string;
}

export type AdminEvent =
  | DomainEvent<'AdminCreated', Admin>
  | DomainEvent<'AdminPasswordChanged', { id: number; password_hash: string }>;

export type AdminCommand =
  /** Creates the admin, or sets a new password hash when the e-mail exists (bootstrap). */
  { type: 'EnsureAdmin'; email: string; name: string; password_hash: string; samePassword: (hash: string) => boolean };

export interface AdminsState {
  admins: Map<number, Admin>;
  lastId: number;
}

export const adminByEmail = (state: AdminsState, email: string): Admin | undefined => {
  const wanted = email.trim().toLowerCase();
  for (const admin of state.admins.values()) if (admin.email === wanted) return admin;
  return undefined;
};

export const adminsDecider: Decider<AdminCommand, AdminEvent, AdminsState> = {
  initialState: () => ({ admins: new Map(), lastId: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'AdminCreated':
        state.lastId = Math.max(state.lastId, event.data.id);
        state.admins.set(event.data.id, event.data);
        return state;
      case 'AdminPasswordChanged': {
        const admin = state.admins.get(event.data.id);
        if (admin) state.admins.set(admin.id, { ...admin, password_hash: event.data.password_hash });
        return state;
      }
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'EnsureAdmin': {
        const email = command.email.trim().toLowerCase();
        const existing = adminByEmail(state, email);
        if (!existing) {
          return [{ type: 'AdminCreated', data: { id: state.lastId + 1, email, name: command.name, password_hash: command.password_hash } }];
        }
        // Idempotent: restarting with the same ADMIN_PASSWORD appends nothing.
        if (command.samePassword(existing.password_hash)) return [];
        return [{ type: 'AdminPasswordChanged', data: { id: existing.id, password_hash: command.password_hash } }];
      }
      default:
        return assertNever(command.type);
    }
  },
};
