// An erasure also forgets the mails about the customer's bookings that the mail reactor wrote after
// the erasure was decided (rule: erasure): the reactor follows the log at its own pace, so the
// cancellation mail of a booking cancelled just before the erasure can be written (with the
// customer's address and the reason) after the erase call looked the mail log up. Seen once under
// load in test/api/erasure.test.ts; here made certain, on the real embedded stores, through
// completeErasure (api/erasure/erasure.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { completeErasure } from '../../api/erasure/erasure.js';
import { openSqliteKeyStore } from '../../api/keys/keyStore.js';
import { MAIL_LOG, newItem } from '../../api/mail/outbox.js';
import type { CustomerErasedData } from '../../domain/customers/erasure.js';
import { ERASED } from '../../domain/customers/personalData.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';

const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-erasure-late-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BOOKING = '20261124-3';
const at = new Date('2026-11-23T07:00:00Z');

describe('completeErasure and a mail written after the erasure was decided', () => {
  it('scrubs and forgets the customer’s mail and the staff’s about her booking, though the erasure did not list them', async () => {
    const docs = openSqliteDocumentStore(join(dir, 'read-models.db'));
    const keys = openSqliteKeyStore(join(dir, 'keys.db'));
    try {
      const listed = newItem(
        { id: 'e-placed', type: 'BookingPlaced', position: 1 },
        'customer',
        {
          kind: 'booking_received',
          booking_id: BOOKING,
          message: { to: 'rut@example.se', subject: 'Tack', text: 'Hej' },
        },
        at,
      );
      // Written by the mail reactor after the erase call had read the mail log.
      const late = {
        ...newItem(
          { id: 'e-cancelled', type: 'BookingCancelled', position: 2 },
          'customer',
          { kind: 'booking_cancelled', booking_id: BOOKING, params: { reason: 'Rut kan inte komma' } },
          at,
        ),
        to: 'rut@example.se',
        subject: 'Din bokning är avbokad',
        status: 'sent',
      };
      const staff = {
        ...newItem(
          { id: 'e-staff', type: 'BookingPlaced', position: 1 },
          'staff',
          { kind: 'staff_new_booking', booking_id: BOOKING },
          at,
        ),
        to: 'kiosk@example.se',
        subject: 'Ny bokning: Rut',
        status: 'sent',
      };
      const other = {
        ...newItem(
          { id: 'e-other', type: 'BookingPlaced', position: 3 },
          'customer',
          {
            kind: 'booking_received',
            booking_id: '20261124-4',
            message: { to: 'ola@example.se', subject: 'Tack', text: 'Hej' },
          },
          at,
        ),
        status: 'sent',
      };
      await docs.commit([listed, late, staff, other].map((doc) => ({ op: 'put' as const, collection: MAIL_LOG, doc })));

      const erasure: CustomerErasedData = {
        customer_key: 'k',
        key_serial: null,
        reason: 'request',
        erased_at: '2026-11-23T08:00:00.000Z',
        last_booking_at: null,
        booking_ids: [BOOKING],
        waitlist_ids: [],
        vip_customer_ids: [],
        invitation_ids: [],
        mail_ids: [listed.id],
        staff_mail_ids: [],
      };
      const forgotten: string[] = [];
      await completeErasure(erasure, 10, { keys, docs, forgetMail: async (id) => void forgotten.push(id) });

      expect(await docs.get(MAIL_LOG, listed.id)).toMatchObject({ to: ERASED, subject: ERASED });
      expect(await docs.get(MAIL_LOG, late.id)).toMatchObject({
        to: ERASED,
        subject: ERASED,
        params: {},
        status: 'sent',
      });
      // The staff's mail keeps the kiosk's address and loses what named her.
      expect(await docs.get(MAIL_LOG, staff.id)).toMatchObject({ to: 'kiosk@example.se', subject: ERASED });
      expect(forgotten.sort()).toEqual([late.id, listed.id, staff.id].sort());
      // Another customer's mail is untouched.
      expect(await docs.get(MAIL_LOG, other.id)).toMatchObject({ to: 'ola@example.se', subject: 'Tack' });
    } finally {
      await Promise.all([docs.close(), keys.close()]);
    }
  });
});
