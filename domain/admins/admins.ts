// Admin users and their sessions: one stream ('admins'). Password hashes are made by the api
// (scrypt) and passed in; the domain keeps e-mail addresses unique and decides which sessions
// live: a session exists only for an existing admin, and ends on logout, when an admin ends it,
// when its admin's password changes, or when its admin is removed. Sessions live in this stream
// so those rules are decided together, and every end is an event an auditor can read.
import { msg } from '../messages.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { notFound, reject } from '../shared/errors.js';
import { normaliseEmail } from '../customers/personalData.js';

export const ADMINS_STREAM = 'admins';

export interface Admin {
  id: number;
  email: string;
  name: string;
  password_hash: string;
}

/** A signed-in browser. The id is a hash of the cookie's secret: the log never holds the secret. */
export interface AdminSession {
  session_id: string;
  admin_id: number;
  started_at: string;
  expires_at: string;
}

export type SessionEndReason = 'logout' | 'ended_by_admin' | 'password_changed' | 'admin_removed';

export type AdminEvent =
  | DomainEvent<'AdminCreated', Admin>
  | DomainEvent<'AdminPasswordChanged', { id: number; password_hash: string }>
  | DomainEvent<'AdminRemoved', { id: number; email: string; removed_by: string }>
  | DomainEvent<'AdminSessionStarted', AdminSession>
  | DomainEvent<
      'AdminSessionEnded',
      { session_id: string; admin_id: number; reason: SessionEndReason; ended_by: string; ended_at: string }
    >;

export type AdminCommand =
  /** Creates the admin, or sets a new password hash when the e-mail exists (bootstrap). */
  | {
      type: 'EnsureAdmin';
      email: string;
      name: string;
      password_hash: string;
      samePassword: (hash: string) => boolean;
      now: Date;
    }
  | { type: 'StartSession'; admin_id: number; session_id: string; now: Date; hours: number }
  /** Logout ends the caller's own session (again: nothing); staff end any session by its id. */
  | { type: 'EndSession'; session_id: string; reason: 'logout' | 'ended_by_admin'; actor: string; now: Date }
  /** actor_id: the admin removing; nobody removes themselves (so one admin always remains). */
  | { type: 'RemoveAdmin'; id: number; actor_id: number; actor: string; now: Date };

export interface AdminsState {
  admins: Map<number, Admin>;
  lastId: number;
  /** Sessions not ended; expired ones are dropped as later sessions start. */
  sessions: Map<string, AdminSession>;
}

export const adminByEmail = (state: AdminsState, email: string): Admin | undefined => {
  const wanted = normaliseEmail(email);
  for (const admin of state.admins.values()) if (admin.email === wanted) return admin;
  return undefined;
};

/** The admin's sessions still running at `now`. */
export const liveSessions = (state: AdminsState, now: Date, adminId?: number): AdminSession[] =>
  [...state.sessions.values()].filter(
    (s) => (adminId === undefined || s.admin_id === adminId) && Date.parse(s.expires_at) > now.getTime(),
  );

function endAll(
  state: AdminsState,
  adminId: number,
  reason: SessionEndReason,
  endedBy: string,
  now: Date,
): AdminEvent[] {
  return liveSessions(state, now, adminId).map((s) => ({
    type: 'AdminSessionEnded',
    data: { session_id: s.session_id, admin_id: adminId, reason, ended_by: endedBy, ended_at: now.toISOString() },
  }));
}

export const adminsDecider: Decider<AdminCommand, AdminEvent, AdminsState> = {
  initialState: () => ({ admins: new Map(), lastId: 0, sessions: new Map() }),
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
      case 'AdminRemoved':
        state.admins.delete(event.data.id);
        for (const [id, s] of state.sessions) if (s.admin_id === event.data.id) state.sessions.delete(id);
        return state;
      case 'AdminSessionStarted': {
        const started = Date.parse(event.data.started_at);
        for (const [id, s] of state.sessions) if (Date.parse(s.expires_at) <= started) state.sessions.delete(id);
        state.sessions.set(event.data.session_id, event.data);
        return state;
      }
      case 'AdminSessionEnded':
        state.sessions.delete(event.data.session_id);
        return state;
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'EnsureAdmin': {
        const email = normaliseEmail(command.email);
        const existing = adminByEmail(state, email);
        if (!existing) {
          return [
            {
              type: 'AdminCreated',
              data: { id: state.lastId + 1, email, name: command.name, password_hash: command.password_hash },
            },
          ];
        }
        // Idempotent: restarting with the same ADMIN_PASSWORD appends nothing.
        if (command.samePassword(existing.password_hash)) return [];
        // A new password ends every session made with the old one.
        return [
          { type: 'AdminPasswordChanged', data: { id: existing.id, password_hash: command.password_hash } },
          ...endAll(state, existing.id, 'password_changed', 'system', command.now),
        ];
      }
      case 'StartSession': {
        if (!state.admins.has(command.admin_id)) notFound(msg.adminNotFound);
        const expires = new Date(command.now.getTime() + command.hours * 3_600_000);
        return [
          {
            type: 'AdminSessionStarted',
            data: {
              session_id: command.session_id,
              admin_id: command.admin_id,
              started_at: command.now.toISOString(),
              expires_at: expires.toISOString(),
            },
          },
        ];
      }
      case 'EndSession': {
        const session = state.sessions.get(command.session_id);
        if (!session || Date.parse(session.expires_at) <= command.now.getTime()) {
          if (command.reason === 'logout') return [];
          notFound(msg.sessionNotFound);
        }
        return [
          {
            type: 'AdminSessionEnded',
            data: {
              session_id: session!.session_id,
              admin_id: session!.admin_id,
              reason: command.reason,
              ended_by: command.actor,
              ended_at: command.now.toISOString(),
            },
          },
        ];
      }
      case 'RemoveAdmin': {
        const admin = state.admins.get(command.id);
        if (!admin) notFound(msg.adminNotFound);
        if (command.id === command.actor_id) reject(msg.cannotRemoveSelf);
        return [
          { type: 'AdminRemoved', data: { id: admin!.id, email: admin!.email, removed_by: command.actor } },
          ...endAll(state, admin!.id, 'admin_removed', command.actor, command.now),
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
