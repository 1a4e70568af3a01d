// An erasure finds the customer's mail-log entries through the log's indexes (to_key, booking_id,
// waitlist_id: read-models/queries/customers.ts), so its work does not grow with the log: with a
// thousand other customers' mails in the log it reads only the customer's own few. Counted at the
// DocumentStore port, around the real embedded stores.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CommandBus } from '../../api/commands/commandBus.js';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { sealedEventStore } from '../../api/eventStore/sealed.js';
import { openSqliteKeyStore } from '../../api/keys/keyStore.js';
import { MAIL_LOG, newItem, type MailItem } from '../../api/mail/outbox.js';
import { createServices } from '../../api/services/index.js';
import { ERASED } from '../../domain/customers/personalData.js';
import type { BookingPayload } from '../../domain/payloads.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { allProjections } from '../../projections/index.js';
import { MONDAY_MORNING, bookingPayload } from '../api/harness.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real store, counting the mail-log documents each read hands back. */
function countingMailReads(store: DocumentStore) {
  const counter = { read: 0 };
  const docs = new Proxy(store, {
    get(target, property) {
      if (property === 'find')
        return async (...args: Parameters<DocumentStore['find']>) => {
          const found = await target.find(...args);
          if (args[0] === MAIL_LOG) counter.read += found.length;
          return found;
        };
      if (property === 'get')
        return async (...args: Parameters<DocumentStore['get']>) => {
          const found = await target.get(...args);
          if (args[0] === MAIL_LOG && found) counter.read += 1;
          return found;
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { docs, counter };
}

it("reads only the customer's own mail-log entries, not the whole log", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-erasure-index-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const keys = openSqliteKeyStore(join(dir, 'keys.db'));
  const events = sealedEventStore(openSqliteEventStore(join(dir, 'events.db')), keys);
  cleanups.push(() => events.close());
  const store = openSqliteDocumentStore(join(dir, 'read-models.db'));
  cleanups.push(() => store.close());
  const { docs, counter } = countingMailReads(store);
  const projections = new ProjectionRunner(events, docs, allProjections, { log: () => {} });
  await projections.start();
  cleanups.push(() => projections.stop());
  const bus = new CommandBus(events);
  bus.onAppend(() => projections.wake());
  const clock = () => ({ now: MONDAY_MORNING, timeZone: 'Europe/Stockholm' });
  const services = createServices(
    { bus, clock, publicUrl: 'http://kiosk.test', waitForReadModels: (p) => projections.waitFor(p) },
    docs,
    { keys, forgetMail: async () => {} },
  );
  await services.settings.seed('admin@pizzakiosken.test');
  await services.menu.seed();
  await services.mails.ensureIndexes();

  const booking = await services.bookings.place(
    bookingPayload({ date: '2026-11-28', email: 'Kund@Example.se' }) as BookingPayload,
  );
  await projections.waitFor(await events.headPosition());

  // The log as the reactor and senders write it: the customer's mails, a staff mail about their
  // booking, an entry from before to_key (found by its booking), and a thousand others'.
  const event = (n: number) => ({ id: `event-${n}`, type: 'BookingPlaced', position: n });
  const toThem = newItem(
    event(1),
    'customer',
    {
      kind: 'booking_received',
      booking_id: booking.booking_id,
      message: { to: 'Kund@Example.se', subject: 'Tack', text: 'Hej Kund' },
    },
    MONDAY_MORNING,
  );
  const invitation = newItem(
    event(2),
    'inv-1',
    {
      kind: 'vip_invitation',
      message: { to: ' kund@example.se', subject: 'Välkommen', text: 'Hej' },
    },
    MONDAY_MORNING,
  );
  const toStaff = newItem(
    event(1),
    'staff',
    {
      kind: 'staff_new_booking',
      booking_id: booking.booking_id,
      message: { to: 'admin@pizzakiosken.test', subject: 'Ny bokning', text: 'Kund' },
    },
    MONDAY_MORNING,
  );
  const { to_key: _none, ...older } = newItem(
    event(3),
    'customer',
    {
      kind: 'booking_confirmed',
      booking_id: booking.booking_id,
      message: { to: 'kund@example.se', subject: 'Bekräftad', text: 'Hej' },
    },
    MONDAY_MORNING,
  );
  // Invitations written before to_key: theirs, and another customer's.
  const invited = (n: number, to: string) => {
    const { to_key: _key, ...item } = newItem(
      { id: `event-${n}`, type: 'VipInvitationsSent', position: n },
      `inv-${n}`,
      { kind: 'vip_invitation', message: { to, subject: 'Välkommen', text: 'Hej' } },
      MONDAY_MORNING,
    );
    return item;
  };
  const oldInvitation = invited(4, 'KUND@example.se');
  const othersInvitation = invited(5, 'annan@example.se');
  const others: MailItem[] = Array.from({ length: 1000 }, (_, i) =>
    newItem(
      event(100 + i),
      'customer',
      {
        kind: 'booking_received',
        booking_id: `20261128-${100 + i}`,
        message: { to: `annan${i}@example.se`, subject: 'Tack', text: 'Hej' },
      },
      MONDAY_MORNING,
    ),
  );
  await store.commit(
    [toThem, invitation, toStaff, older, oldInvitation, othersInvitation, ...others].map((doc) => ({
      op: 'put' as const,
      collection: MAIL_LOG,
      doc,
    })),
  );

  counter.read = 0;
  const erased = await services.customers.erase({ email: 'kund@example.se' }, 'admin@pizzakiosken.test');
  expect(erased.erased_bookings).toBe(1);
  // A few reads of each of the customer's five entries and of the one older invitation (the data
  // listing, the erasure's own lookup, the scrub), none of the thousand others': reading the log
  // would be over 1,000.
  expect(counter.read).toBeGreaterThanOrEqual(5);
  expect(counter.read).toBeLessThanOrEqual(6 * 5);

  const recorded = (await events.readStream(`customer-${keys.customerIdOf('kund@example.se')}`)).at(-1)!;
  const data = recorded.data as { mail_ids: string[]; staff_mail_ids: string[] };
  expect(data.mail_ids.sort()).toEqual([toThem.id, invitation.id, older.id, oldInvitation.id].sort());
  expect(data.staff_mail_ids).toEqual([toStaff.id]);
  for (const id of data.mail_ids) expect(await store.get(MAIL_LOG, id)).toMatchObject({ to: ERASED, to_key: ERASED });
  expect(await store.get(MAIL_LOG, toStaff.id)).toMatchObject({ to: 'admin@pizzakiosken.test', subject: ERASED });
  expect(await store.get(MAIL_LOG, others[0].id)).toMatchObject({ to: 'annan0@example.se' });
  expect(await store.get(MAIL_LOG, othersInvitation.id)).toMatchObject({ to: 'annan@example.se' });
});
