// Admin users ('admins' stream): the bootstrap from ADMIN_EMAIL / ADMIN_PASSWORD is idempotent.
import { describe, expect, it } from 'vitest';
import { ADMINS_STREAM, adminByEmail, adminsDecider, type AdminCommand, type AdminEvent } from '../../domain/admins/admins.js';
import { given } from './givenWhenThen.js';

// Stand-in for the api's scrypt check: a hash "matches" when it is 'hash:' + the password.
const ensure = (email: string, password: string, name = 'Admin'): AdminCommand => ({
  type: 'EnsureAdmin',
  email,
  name,
  password_hash: `hash:${password}`,
  samePassword: (hash) => hash === `hash:${password}`,
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
        .then([{ type: 'AdminCreated', data: { id: 1, email: 'admin@pizzakiosken.se', name: 'Kiosk', password_hash: 'hash:hemligt' } }]);
    });
  });

  describe('an admin created from the same e-mail', () => {
    const one = () => given(adminsDecider, [created(1, 'admin@pizzakiosken.se', 'hemligt')]);

    it('a restart with the same password appends nothing (idempotent)', () => {
      one().when(ensure('ADMIN@pizzakiosken.se', 'hemligt')).then([]);
    });

    it('a restart with a new password changes only the hash', () => {
      one().when(ensure('admin@pizzakiosken.se', 'nytt')).then([{ type: 'AdminPasswordChanged', data: { id: 1, password_hash: 'hash:nytt' } }]);
      const state = one().when(ensure('admin@pizzakiosken.se', 'nytt')).thenState();
      expect(state.admins.get(1)).toEqual({ id: 1, email: 'admin@pizzakiosken.se', name: 'Admin', password_hash: 'hash:nytt' });
      expect(state.admins.size).toBe(1);
    });

    it('another e-mail creates a second admin with id 2', () => {
      one().when(ensure('kock@pizzakiosken.se', 'x')).thenMatches([{ type: 'AdminCreated', data: { id: 2, email: 'kock@pizzakiosken.se' } }]);
    });

    it('finds the admin by e-mail in any case', () => {
      expect(adminByEmail(one().state(), ' ADMIN@Pizzakiosken.se')?.id).toBe(1);
      expect(adminByEmail(one().state(), 'nobody@pizzakiosken.se')).toBeUndefined();
    });
  });
});
