// Admin users and their sessions: one stream ('admins'). Password hashes are made by the api
// (scrypt) and passed in; the domain keeps e-mail addresses unique and decides which sessions
// live: a session exists only for an existing admin, and ends on logout, when an admin ends it,
// when its admin's password changes, or when its admin is removed. Sessions live in this stream
// so those rules are decided together, and every end is an event an auditor can read.
// Each admin has a role (rule: admin-roles, ./roles.ts); the owner adds, removes and resets the
// password of the others, everyone changes their own, and there is always an owner.
import { msg } from '../messages.js';
import { accountMsg } from './messages.js';
import { roleOf, type AdminRole } from './roles.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { DomainError, notFound, reject } from '../shared/errors.js';
import { normaliseEmail } from '../customers/personalData.js';

export const ADMINS_STREAM = 'admins';

export interface Admin {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  role: AdminRole;
}

/** AdminCreated: an admin written before roles existed has no role and is an owner (roleOf). */
export type AdminCreatedData = Omit<Admin, 'role'> & { role?: AdminRole; added_by?: string };

/** A signed-in browser. The id is a hash of the cookie's secret: the log never holds the secret. */
export interface AdminSession {
  session_id: string;
  admin_id: number;
  started_at: string;
  expires_at: string;
}

export type SessionEndReason = 'logout' | 'ended_by_admin' | 'password_changed' | 'password_reset' | 'admin_removed';

export type AdminEvent =
  | DomainEvent<'AdminCreated', AdminCreatedData>
  /** The admin changed their own password (changed_by absent: by ADMIN_PASSWORD at a start, before issue 46). */
  | DomainEvent<'AdminPasswordChanged', { id: number; password_hash: string; changed_by?: string }>
  /** The owner set a colleague's password. */
  | DomainEvent<'AdminPasswordReset', { id: number; password_hash: string; reset_by: string }>
  | DomainEvent<'AdminRoleChanged', { id: number; role: AdminRole; changed_by: string }>
  | DomainEvent<'AdminRemoved', { id: number; email: string; removed_by: string }>
  | DomainEvent<'AdminSessionStarted', AdminSession>
  | DomainEvent<
      'AdminSessionEnded',
      { session_id: string; admin_id: number; reason: SessionEndReason; ended_by: string; ended_at: string }
    >;

/** The admins' events: their decoding point (domain/shared/events.ts). */
export const adminEvents = eventsOf<AdminEvent>({
  AdminCreated: true,
  AdminPasswordChanged: true,
  AdminPasswordReset: true,
  AdminRoleChanged: true,
  AdminRemoved: true,
  AdminSessionStarted: true,
  AdminSessionEnded: true,
});

export type AdminCommand =
  /** ADMIN_EMAIL + ADMIN_PASSWORD at a start: the first owner, once; with an owner, nothing. */
  | { type: 'BootstrapOwner'; email: string; name: string; password_hash: string }
  /** The owner adds an account. */
  | { type: 'AddAdmin'; email: string; name: string; role: AdminRole; password_hash: string; actor: string }
  /** An admin changes their own password; `currentMatches` checks the current one against the stored hash. */
  | {
      type: 'ChangeOwnPassword';
      id: number;
      session_id: string | null;
      currentMatches: (hash: string) => boolean;
      password_hash: string;
      now: Date;
    }
  /** The owner sets a colleague's password (their own they change as everyone does). */
  | { type: 'ResetPassword'; id: number; password_hash: string; actor_id: number; actor: string; now: Date }
  | { type: 'SetRole'; id: number; role: AdminRole; actor: string }
  | { type: 'StartSession'; admin_id: number; session_id: string; now: Date; hours: number }
  /** Logout ends the caller's own session (again: nothing); staff end any session by its id. */
  | { type: 'EndSession'; session_id: string; reason: 'logout' | 'ended_by_admin'; actor: string; now: Date }
  /** actor_id: the admin removing; nobody removes themselves (so one admin always remains). */
  | { type: 'RemoveAdmin'; id: number; actor_id: number; actor: string; now: Date };

/** How many owners there are. */
export const ownerCount = (state: AdminsState) => [...state.admins.values()].filter((a) => a.role === 'owner').length;

/** Refuses a change that would leave no owner: the last owner is neither removed nor made staff. */
function keepAnOwner(state: AdminsState, admin: Admin) {
  if (admin.role === 'owner' && ownerCount(state) <= 1) reject(accountMsg.lastOwner);
}

function existing(state: AdminsState, id: number): Admin {
  const admin = state.admins.get(id);
  if (!admin) notFound(msg.adminNotFound);
  return admin!;
}

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
      case 'AdminCreated': {
        const { id, email, name, password_hash } = event.data;
        state.lastId = Math.max(state.lastId, id);
        state.admins.set(id, { id, email, name, password_hash, role: roleOf(event.data) });
        return state;
      }
      case 'AdminPasswordChanged':
      case 'AdminPasswordReset': {
        const admin = state.admins.get(event.data.id);
        if (admin) state.admins.set(admin.id, { ...admin, password_hash: event.data.password_hash });
        return state;
      }
      case 'AdminRoleChanged': {
        const admin = state.admins.get(event.data.id);
        if (admin) state.admins.set(admin.id, { ...admin, role: event.data.role });
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
      case 'BootstrapOwner': {
        // Once: with an owner, the start's variables change nothing (a password changed in the app stays).
        if (ownerCount(state) > 0) return [];
        const email = normaliseEmail(command.email);
        const known = adminByEmail(state, email);
        if (known) return [{ type: 'AdminRoleChanged', data: { id: known.id, role: 'owner', changed_by: 'system' } }];
        return [
          {
            type: 'AdminCreated',
            data: {
              id: state.lastId + 1,
              email,
              name: command.name,
              password_hash: command.password_hash,
              role: 'owner',
              added_by: 'system',
            },
          },
        ];
      }
      case 'AddAdmin': {
        const email = normaliseEmail(command.email);
        if (adminByEmail(state, email)) throw new DomainError(accountMsg.emailTaken, 'conflict');
        return [
          {
            type: 'AdminCreated',
            data: {
              id: state.lastId + 1,
              email,
              name: command.name.trim(),
              password_hash: command.password_hash,
              role: command.role,
              added_by: command.actor,
            },
          },
        ];
      }
      case 'ChangeOwnPassword': {
        const admin = existing(state, command.id);
        if (!command.currentMatches(admin.password_hash)) reject(accountMsg.currentPasswordWrong);
        // Every other session of the admin ends (a browser left signed in elsewhere); this one goes on.
        return [
          {
            type: 'AdminPasswordChanged',
            data: { id: admin.id, password_hash: command.password_hash, changed_by: admin.email },
          },
          ...endAll(state, admin.id, 'password_changed', admin.email, command.now).filter(
            (e) => e.type !== 'AdminSessionEnded' || e.data.session_id !== command.session_id,
          ),
        ];
      }
      case 'ResetPassword': {
        const admin = existing(state, command.id);
        if (admin.id === command.actor_id) reject(accountMsg.resetOwnPassword);
        return [
          {
            type: 'AdminPasswordReset',
            data: { id: admin.id, password_hash: command.password_hash, reset_by: command.actor },
          },
          ...endAll(state, admin.id, 'password_reset', command.actor, command.now),
        ];
      }
      case 'SetRole': {
        const admin = existing(state, command.id);
        if (admin.role === command.role) return [];
        if (command.role !== 'owner') keepAnOwner(state, admin);
        return [{ type: 'AdminRoleChanged', data: { id: admin.id, role: command.role, changed_by: command.actor } }];
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
        const admin = existing(state, command.id);
        if (command.id === command.actor_id) reject(msg.cannotRemoveSelf);
        keepAnOwner(state, admin);
        return [
          { type: 'AdminRemoved', data: { id: admin.id, email: admin.email, removed_by: command.actor } },
          ...endAll(state, admin.id, 'admin_removed', command.actor, command.now),
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
