// An erasure scrubs the relay's answers (issue 33): the customer's mail-log entries lose the
// relay's refusal with their address, and the relay's last answer (the staff banner, /api/ready)
// goes too when it quotes the customer's address; another customer's stays. On the real embedded
// stores, through completeErasure (api/erasure/erasure.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { completeErasure } from '../../api/erasure/erasure.js';
import { openSqliteKeyStore } from '../../api/keys/keyStore.js';
import { MAIL_LOG, MAIL_RELAY, newItem } from '../../api/mail/outbox.js';
import type { CustomerErasedData } from '../../domain/customers/erasure.js';
import { ERASED } from '../../domain/customers/personalData.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';

const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-erasure-relay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A mail-log entry to this address, as the mail reactor writes one. */
const logged = (id: string, to: string, bookingId: string) =>
  newItem(
    { id, type: 'BookingPlaced', position: 1 },
    'customer',
    { kind: 'booking_received', booking_id: bookingId, message: { to, subject: 'Tack', text: 'Hej' } },
    new Date('2026-11-23T07:00:00Z'),
  );

const erasure = (mailIds: string[]): CustomerErasedData => ({
  customer_key: 'k',
  key_serial: null,
  reason: 'request',
  erased_at: '2026-11-23T08:00:00.000Z',
  last_booking_at: null,
  booking_ids: [],
  waitlist_ids: [],
  vip_customer_ids: [],
  invitation_ids: [],
  mail_ids: mailIds,
  staff_mail_ids: [],
});

describe('completeErasure and the relay’s answers', () => {
  it('scrubs the refusal in the customer’s mail-log entry and the relay’s last answer that quotes their address', async () => {
    const docs = openSqliteDocumentStore(join(dir, 'read-models.db'));
    const keys = openSqliteKeyStore(join(dir, 'keys.db'));
    try {
      const refused = '550 5.1.1 <Rut.Refuserad@example.se>: Recipient address rejected';
      const mail = {
        ...logged('e-rut', 'Rut.Refuserad@example.se', '20261124-1'),
        status: 'failed',
        last_error: refused,
      };
      await docs.commit([
        { op: 'put', collection: MAIL_LOG, doc: mail },
        {
          op: 'put',
          collection: MAIL_RELAY,
          doc: { id: 'relay', status: 'failing', last_error: refused, since: '2026-11-23T07:00:00.000Z' },
        },
      ]);
      await completeErasure(erasure([mail.id]), 10, { keys, docs, forgetMail: async () => {} });
      expect(await docs.get(MAIL_LOG, mail.id)).toMatchObject({ to: ERASED, last_error: ERASED });
      expect(await docs.get(MAIL_RELAY, 'relay')).toMatchObject({ status: 'failing', last_error: ERASED });

      // Another customer's erasure leaves a relay answer that does not name them.
      const other = '421 4.7.0 Try again later';
      await docs.commit([
        {
          op: 'put',
          collection: MAIL_LOG,
          doc: { ...logged('e-ola', 'ola@example.se', '20261124-2'), status: 'sent' },
        },
        { op: 'put', collection: MAIL_RELAY, doc: { id: 'relay', status: 'failing', last_error: other, since: null } },
      ]);
      await completeErasure(erasure(['e-ola-customer']), 11, { keys, docs, forgetMail: async () => {} });
      expect(await docs.get(MAIL_RELAY, 'relay')).toMatchObject({ last_error: other });
    } finally {
      await Promise.all([docs.close(), keys.close()]);
    }
  });
});
