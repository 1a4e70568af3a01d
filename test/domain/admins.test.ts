// Admin users ('admins' stream): ADMIN_EMAIL / ADMIN_PASSWORD make the first owner once; the owner
// adds, removes and resets accounts, everyone changes their own password, and an owner always remains.
import { describe, expect, it } from 'vitest';
import {
  ADMINS_STREAM,
  adminByEmail,
  adminsDecider,
  type AdminCommand,
  type AdminEvent,
  type SessionEndReason,
} from '../../domain/admins/admins.js';
import { CAPABILITIES, roleMay, roleMayOpen, rolesFor, type AdminRole } from '../../domain/admins/roles.js';
import { given } from './givenWhenThen.js';

const NOW = new Date('2026-11-23T08:00:00Z');

// Stand-in for the api's scrypt hash: 'hash:' + the password.
const bootstrap = (email: string, password: string, name = 'Admin'): AdminCommand => ({
  type: 'BootstrapOwner',
  email,
  name,
  password_hash: `hash:${password}`,
});
const created = (id: number, email: string, password: string, role?: AdminRole): AdminEvent => ({
  type: 'AdminCreated',
  data: { id, email, name: 'Admin', password_hash: `hash:${password}`, ...(role ? { role } : {}) },
});

describe(`the admins stream ('${ADMINS_STREAM}') (rule: admin-bootstrap)`, () => {
  describe('no admin yet', () => {
    it('creates the first owner with id 1 and a lower-cased, trimmed e-mail', () => {
      given(adminsDecider)
        .when(bootstrap(' Admin@Pizzakiosken.SE ', 'hemligt', 'Kiosk'))
        .then([
          {
            type: 'AdminCreated',
            data: {
              id: 1,
              email: 'admin@pizzakiosken.se',
              name: 'Kiosk',
              password_hash: 'hash:hemligt',
              role: 'owner',
              added_by: 'system',
            },
          },
        ]);
    });
  });

  describe('an owner exists', () => {
    const one = () => given(adminsDecider, [created(1, 'admin@pizzakiosken.se', 'hemligt', 'owner')]);

    it('a start with the same variables appends nothing', () => {
      one().when(bootstrap('ADMIN@pizzakiosken.se', 'hemligt')).then([]);
    });

    it('a start with another password changes nothing (a password changed in the app stays)', () => {
      one().when(bootstrap('admin@pizzakiosken.se', 'nytt')).then([]);
    });

    it('a start with another e-mail creates no second admin', () => {
      one().when(bootstrap('kock@pizzakiosken.se', 'x')).then([]);
    });

    it('finds the admin by e-mail in any case', () => {
      expect(adminByEmail(one().state(), ' ADMIN@Pizzakiosken.se')?.id).toBe(1);
      expect(adminByEmail(one().state(), 'nobody@pizzakiosken.se')).toBeUndefined();
    });
  });

  it('an admin written before roles (no role in its event) is an owner, so a start changes nothing', () => {
    const before = given(adminsDecider, [created(1, 'admin@pizzakiosken.se', 'hemligt')]);
    expect(before.state().admins.get(1)).toEqual({
      id: 1,
      email: 'admin@pizzakiosken.se',
      name: 'Admin',
      password_hash: 'hash:hemligt',
      role: 'owner',
    });
    before.when(bootstrap('admin@pizzakiosken.se', 'nytt')).then([]);
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
  const ended = (session_id: string, reason: SessionEndReason, ended_by: string, admin_id = 1): AdminEvent => ({
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

  it("a new own password ends the admin's other live sessions, not this one and no one else's", () => {
    given(adminsDecider, [
      created(1, 'a@kiosk.se', 'gammalt'),
      created(2, 'b@kiosk.se', 'y'),
      started('s1'),
      started('s2', 2),
      started('s3'),
    ])
      .when({
        type: 'ChangeOwnPassword',
        id: 1,
        session_id: 's1',
        currentMatches: (hash) => hash === 'hash:gammalt',
        password_hash: 'hash:nytt',
        now: NOW,
      })
      .then([
        { type: 'AdminPasswordChanged', data: { id: 1, password_hash: 'hash:nytt', changed_by: 'a@kiosk.se' } },
        ended('s3', 'password_changed', 'a@kiosk.se'),
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

describe('accounts and roles (rule: admin-accounts, admin-roles)', () => {
  const owner = created(1, 'agare@kiosk.se', 'agarlosen', 'owner');
  const staff = created(2, 'kock@kiosk.se', 'kocklosen', 'staff');
  const started = (session_id: string, admin_id: number): AdminEvent => ({
    type: 'AdminSessionStarted',
    data: { session_id, admin_id, started_at: NOW.toISOString(), expires_at: '2026-11-23T20:00:00.000Z' },
  });
  const ended = (session_id: string, admin_id: number, reason: SessionEndReason, ended_by: string): AdminEvent => ({
    type: 'AdminSessionEnded',
    data: { session_id, admin_id, reason, ended_by, ended_at: NOW.toISOString() },
  });

  it('the owner adds a staff account with its role and who added it', () => {
    given(adminsDecider, [owner])
      .when({
        type: 'AddAdmin',
        email: ' Kock@Kiosk.SE',
        name: ' Kim Kock ',
        role: 'staff',
        password_hash: 'hash:kocklosen',
        actor: 'agare@kiosk.se',
      })
      .then([
        {
          type: 'AdminCreated',
          data: {
            id: 2,
            email: 'kock@kiosk.se',
            name: 'Kim Kock',
            password_hash: 'hash:kocklosen',
            role: 'staff',
            added_by: 'agare@kiosk.se',
          },
        },
      ]);
  });

  it('an e-mail already in use is refused (409)', () => {
    given(adminsDecider, [owner, staff])
      .when({ type: 'AddAdmin', email: 'KOCK@kiosk.se', name: 'X', role: 'owner', password_hash: 'h', actor: 'a' })
      .thenThrows('Det finns redan ett konto med den e-postadressen', 'conflict');
  });

  it('a wrong current password changes nothing', () => {
    given(adminsDecider, [owner, started('s1', 1)])
      .when({
        type: 'ChangeOwnPassword',
        id: 1,
        session_id: 's1',
        currentMatches: () => false,
        password_hash: 'hash:nytt',
        now: NOW,
      })
      .thenThrows('Nuvarande lösenord stämmer inte');
  });

  it("the owner resets a colleague's password: every session of theirs ends", () => {
    given(adminsDecider, [owner, staff, started('k1', 2), started('a1', 1)])
      .when({ type: 'ResetPassword', id: 2, password_hash: 'hash:ny', actor_id: 1, actor: 'agare@kiosk.se', now: NOW })
      .then([
        { type: 'AdminPasswordReset', data: { id: 2, password_hash: 'hash:ny', reset_by: 'agare@kiosk.se' } },
        ended('k1', 2, 'password_reset', 'agare@kiosk.se'),
      ]);
  });

  it('one resets no own password (that is a change, with the current one)', () => {
    given(adminsDecider, [owner])
      .when({ type: 'ResetPassword', id: 1, password_hash: 'h', actor_id: 1, actor: 'agare@kiosk.se', now: NOW })
      .thenThrows('Byt ditt eget lösenord under Byt lösenord');
  });

  it('removing a staff account ends its sessions at once', () => {
    given(adminsDecider, [owner, staff, started('k1', 2)])
      .when({ type: 'RemoveAdmin', id: 2, actor_id: 1, actor: 'agare@kiosk.se', now: NOW })
      .then([
        { type: 'AdminRemoved', data: { id: 2, email: 'kock@kiosk.se', removed_by: 'agare@kiosk.se' } },
        ended('k1', 2, 'admin_removed', 'agare@kiosk.se'),
      ]);
  });

  it('the last owner is neither removed nor made staff; with two owners one may go', () => {
    const secondOwner = created(3, 'tva@kiosk.se', 'x', 'owner');
    // Removing the last owner: only another admin could ask, and none of them is an owner.
    given(adminsDecider, [owner, staff])
      .when({ type: 'RemoveAdmin', id: 1, actor_id: 2, actor: 'kock@kiosk.se', now: NOW })
      .thenThrows('Det måste finnas minst en ägare');
    given(adminsDecider, [owner, staff])
      .when({ type: 'SetRole', id: 1, role: 'staff', actor: 'agare@kiosk.se' })
      .thenThrows('Det måste finnas minst en ägare');
    given(adminsDecider, [owner, secondOwner])
      .when({ type: 'SetRole', id: 1, role: 'staff', actor: 'agare@kiosk.se' })
      .then([{ type: 'AdminRoleChanged', data: { id: 1, role: 'staff', changed_by: 'agare@kiosk.se' } }]);
    given(adminsDecider, [owner, secondOwner])
      .when({ type: 'RemoveAdmin', id: 3, actor_id: 1, actor: 'agare@kiosk.se', now: NOW })
      .thenMatches([{ type: 'AdminRemoved', data: { id: 3 } }]);
  });

  it('a role set again appends nothing; staff made owner', () => {
    given(adminsDecider, [owner, staff]).when({ type: 'SetRole', id: 2, role: 'staff', actor: 'a' }).then([]);
    const state = given(adminsDecider, [owner, staff])
      .when({ type: 'SetRole', id: 2, role: 'owner', actor: 'agare@kiosk.se' })
      .thenState();
    expect(state.admins.get(2)?.role).toBe('owner');
  });

  it('the owner may do everything; staff bookings, kitchen, counter, the mail log and their own account', () => {
    for (const capability of CAPABILITIES) expect(roleMay('owner', capability)).toBe(true);
    const staffMay = CAPABILITIES.filter((c) => roleMay('staff', c));
    expect(staffMay).toEqual(['own-account', 'bookings', 'kitchen', 'counter', 'mail-log', 'menu-read']);
    expect(rolesFor('settings')).toEqual(['owner']);
    expect(rolesFor('bookings')).toEqual(['owner', 'staff']);
  });

  it('staff open the dashboard and their screens only; the owner every screen', () => {
    for (const path of ['/admin', '/admin/bookings', '/admin/kitchen', '/admin/counter', '/admin/mail', '/admin/mail/'])
      expect(roleMayOpen('staff', path)).toBe(true);
    for (const path of [
      '/admin/settings',
      '/admin/customers',
      '/admin/reports',
      '/admin/stats',
      '/admin/accounts',
      '/admin/calendar',
      '/admin/calendar/closures',
      '/admin/pizzas',
      '/admin/vip',
      '/admin/bonus-codes',
      '/admin/something-new',
    ])
      expect(roleMayOpen('staff', path)).toBe(false);
    expect(roleMayOpen('owner', '/admin/settings')).toBe(true);
  });
});
