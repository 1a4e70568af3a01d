// Admin users ('admins' stream): the bootstrap from ADMIN_EMAIL / ADMIN_PASSWORD is idempotent.
import { describe, expect, it } from 'vitest';
import {
  ADMINS_STREAM,
  adminByEmail,
  adminsDecider,
  type AdminCommand,
  type AdminEvent,
} from '../../domain/admins/admins.js';
import { given } from './givenWhenThen.js';

const NOW = new Date('2026-11-23T08:00:00Z');

// Stand-in for the api's scrypt check: a hash "matches" when it is 'hash:' + the password.
const ensure = (email: string, password: string, name = 'Admin'): AdminCommand => ({
  type: 'EnsureAdmin',
  email,
  name,
  password_hash: `hash:${password}`,
  samePassword: (hash) => hash === `hash:${password}`,
  now: NOW,
});
const created = (id: number, email: string, password: string): AdminEvent => ({
  type: 'AdminCreated',
  data: { id, email, name: 'Admin', password_hash: `hash:${password}` },
});

describe(`the admins stream ('${ADMINS_STREAM}') (rule: admin-bootstrap)`, () => {
  describe('no admin yet', () => {
    it('creates the admin with id 1 and a lower-cased, trimmed e-mail', () => {
      given(adminsDecider)
        .when(ensure(' Admin@Pizzakiosken.SE ', 'hemligt', 'Kiosk'))
        .then([
          {
            type: 'AdminCreated',
            data: { id: 1, email: 'admin@pizzakiosken.se', name: 'Kiosk', password_hash: 'hash:hemligt' },
          },
        ]);
    });
  });

  describe('an admin created from the same e-mail', () => {
    const one = () => given(adminsDecider, [created(1, 'admin@pizzakiosken.se', 'hemligt')]);

    it('a restart with the same password appends nothing (idempotent)', () => {
      one().when(ensure('ADMIN@pizzakiosken.se', 'hemligt')).then([]);
    });

    it('a restart with a new password changes only the hash', () => {
      one()
        .when(ensure('admin@pizzakiosken.se', 'nytt'))
        .then([{ type: 'AdminPasswordChanged', data: { id: 1, password_hash: 'hash:nytt' } }]);
      const state = one().when(ensure('admin@pizzakiosken.se', 'nytt')).thenState();
      expect(state.admins.get(1)).toEqual({
        id: 1,
        email: 'admin@pizzakiosken.se',
        name: 'Admin',
        password_hash: 'hash:nytt',
      });
      expect(state.admins.size).toBe(1);
    });

    it('another e-mail creates a second admin with id 2', () => {
      one()
        .when(ensure('kock@pizzakiosken.se', 'x'))
        .thenMatches([{ type: 'AdminCreated', data: { id: 2, email: 'kock@pizzakiosken.se' } }]);
    });

    it('finds the admin by e-mail in any case', () => {
      expect(adminByEmail(one().state(), ' ADMIN@Pizzakiosken.se')?.id).toBe(1);
      expect(adminByEmail(one().state(), 'nobody@pizzakiosken.se')).toBeUndefined();
    });
  });
});

describe('admin sessions (rule: admin-sessions)', () => {
  const at = (iso: string) => new Date(iso);
  const started = (
    session_id: string,
    admin_id = 1,
    startedAt = '2026-11-23T08:00:00.000Z',
    expiresAt = '2026-11-23T20:00:00.000Z',
  ): AdminEvent => ({
    type: 'AdminSessionStarted',
    data: { session_id, admin_id, started_at: startedAt, expires_at: expiresAt },
  });
  const ended = (
    session_id: string,
    reason: 'logout' | 'ended_by_admin' | 'password_changed' | 'admin_removed',
    ended_by: string,
    admin_id = 1,
  ): AdminEvent => ({
    type: 'AdminSessionEnded',
    data: { session_id, admin_id, reason, ended_by, ended_at: NOW.toISOString() },
  });
  const two = () => given(adminsDecider, [created(1, 'a@kiosk.se', 'hemligt'), created(2, 'b@kiosk.se', 'lösen')]);

  it('a login starts a session of its admin for the given hours', () => {
    two()
      .when({ type: 'StartSession', admin_id: 1, session_id: 's1', now: NOW, hours: 12 })
      .then([started('s1')]);
  });

  it('no session for an unknown admin', () => {
    two()
      .when({ type: 'StartSession', admin_id: 9, session_id: 's1', now: NOW, hours: 12 })
      .thenThrows('Administratören finns inte', 'not_found');
  });

  it('logout ends the session; logging out again appends nothing', () => {
    const withSession = given(adminsDecider, [created(1, 'a@kiosk.se', 'x'), started('s1')]);
    withSession
      .when({ type: 'EndSession', session_id: 's1', reason: 'logout', actor: 'a@kiosk.se', now: NOW })
      .then([ended('s1', 'logout', 'a@kiosk.se')]);
    given(adminsDecider, [created(1, 'a@kiosk.se', 'x'), started('s1'), ended('s1', 'logout', 'a@kiosk.se')])
      .when({ type: 'EndSession', session_id: 's1', reason: 'logout', actor: 'a@kiosk.se', now: NOW })
      .then([]);
  });

  it('an admin ends another session by its id; an ended or expired one is not found', () => {
    const events = [created(1, 'a@kiosk.se', 'x'), created(2, 'b@kiosk.se', 'y'), started('s2', 2)];
    given(adminsDecider, events)
      .when({ type: 'EndSession', session_id: 's2', reason: 'ended_by_admin', actor: 'a@kiosk.se', now: NOW })
      .then([ended('s2', 'ended_by_admin', 'a@kiosk.se', 2)]);
    given(adminsDecider, events)
      .when({
        type: 'EndSession',
        session_id: 's2',
        reason: 'ended_by_admin',
        actor: 'a@kiosk.se',
        now: at('2026-11-23T21:00:00Z'),
      })
      .thenThrows('Sessionen finns inte eller har redan avslutats', 'not_found');
  });

  it("a new password ends every live session of that admin, no one else's", () => {
    given(adminsDecider, [
      created(1, 'a@kiosk.se', 'gammalt'),
      created(2, 'b@kiosk.se', 'y'),
      started('s1'),
      started('s2', 2),
      started('s3'),
    ])
      .when({ ...ensure('a@kiosk.se', 'nytt'), now: NOW })
      .then([
        { type: 'AdminPasswordChanged', data: { id: 1, password_hash: 'hash:nytt' } },
        ended('s1', 'password_changed', 'system'),
        ended('s3', 'password_changed', 'system'),
      ]);
  });

  it('an admin removes another, ending their sessions, with who did it', () => {
    given(adminsDecider, [created(1, 'a@kiosk.se', 'x'), created(2, 'b@kiosk.se', 'y'), started('s2', 2)])
      .when({ type: 'RemoveAdmin', id: 2, actor_id: 1, actor: 'a@kiosk.se', now: NOW })
      .then([
        { type: 'AdminRemoved', data: { id: 2, email: 'b@kiosk.se', removed_by: 'a@kiosk.se' } },
        ended('s2', 'admin_removed', 'a@kiosk.se', 2),
      ]);
  });

  it('nobody removes themselves, and an unknown admin is not found', () => {
    two()
      .when({ type: 'RemoveAdmin', id: 1, actor_id: 1, actor: 'a@kiosk.se', now: NOW })
      .thenThrows('Du kan inte ta bort dig själv');
    two()
      .when({ type: 'RemoveAdmin', id: 7, actor_id: 1, actor: 'a@kiosk.se', now: NOW })
      .thenThrows('Administratören finns inte', 'not_found');
  });

  it('expired sessions are dropped from the state as later ones start', () => {
    const state = given(adminsDecider, [
      created(1, 'a@kiosk.se', 'x'),
      started('old', 1, '2026-11-20T08:00:00.000Z', '2026-11-20T20:00:00.000Z'),
      started('s1'),
    ]).state();
    expect([...state.sessions.keys()]).toEqual(['s1']);
  });
});
