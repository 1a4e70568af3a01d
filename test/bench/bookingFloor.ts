// The least work a booking cannot skip, per booking, each step measured alone on one thread in
// CPU time (user and system, as the bench's server CPU per booking is), over the records a booking
// rush left in its DATA_DIR (BENCH_ONLY=bookings prints it after the rush, `npm run bench` as a
// figure): sealing the customer's fields, appending the event, writing the booking's read-model
// document, then its two mails (SPEC: a receipt to the customer, a notice to staff) rendered,
// built as the server builds them (api/mail/mime.ts), written to the embedded outbox (DESIGN: a
// file each in DATA_DIR/outbox, synced before it is renamed into place, so a crash leaves no half
// mail, and the folder synced after, so a power loss keeps the name) and kept in the mail log.
// Commits are shared by 16 bookings, as a rush's group commits share them. What it leaves out
// (the HTTP request, the decision, the other read models, every lookup) only adds, so with these
// parts (SQLite, nodemailer's composer, the outbox's files) the sum is a lower bound of a
// booking's server CPU however the code around them is written: beside the measured figure it
// says how much is this work and how much the rest.
import { closeSync, fdatasyncSync, fsyncSync, mkdtempSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createCipheriv, createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { buildMail } from '../../api/mail/mime.js';
import { bookingReceivedMail, newBookingToStaffMail, type MailBooking } from '../../api/mail/templates.js';
import type { MailMessage } from '../../api/mail/mailer.js';
import { saleRecordOf } from '../../api/mail/saleContext.js';
import { emptySeller } from '../../domain/settings/seller.js';
import { defaultAccountingSettings } from '../../domain/accounting/accounting.js';
import { PRAGMAS } from '../../read-models/sqlite/tables.js';
import type { FloorStep } from './rebuildFloor.js';

const BOOKINGS = 2000;
const PER_COMMIT = 16;

/** Per booking, what each unavoidable step costs on this machine, over the records in dataDir. */
export async function bookingFloor(dataDir: string): Promise<{ bookings: number; steps: FloorStep[] }> {
  const events = new Database(join(dataDir, 'events.db'), { readonly: true });
  const readModels = new Database(join(dataDir, 'read-models.db'), { readonly: true });
  const reactors = new Database(join(dataDir, 'reactors.db'), { readonly: true });
  const scratchDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-floor-'));
  try {
    // A booking's records as the rush stored them: the appended event, its read-model document and
    // its two mail-log items (the customer's with the body the event gave, the staff notice).
    const event = events
      .prepare<[], { stream: string; type: string; data: string; metadata: string }>(
        "SELECT stream, type, data, metadata FROM events WHERE type = 'BookingPlaced' ORDER BY position DESC LIMIT 1",
      )
      .get()!;
    const bookingDoc = readModels.prepare<[], string>('SELECT doc FROM "docs:bookings_v1" LIMIT 1').pluck().get()!;
    const mailItem = (kind: string) =>
      reactors
        .prepare<[string], string>(`SELECT doc FROM "docs:mail_log_v1" WHERE json_extract(doc, '$.kind') = ? LIMIT 1`)
        .pluck()
        .get(kind)!;
    const items = [mailItem('booking_received'), mailItem('staff_new_booking')];
    const schema = (db: Database.Database, table: string) =>
      db
        .prepare<[string], string>('SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL')
        .pluck()
        .all(table);

    const steps: FloorStep[] = [];
    // Each step's first run warms it up (compiles its code), the second is measured.
    // Records written get a new number each time (`serial`), so the two runs never collide.
    let serial = 0;
    const timed = async (step: string, work: (i: number, serial: number) => unknown) => {
      for (let i = 0; i < BOOKINGS; i++) await work(i, serial++);
      const before = process.cpuUsage();
      for (let i = 0; i < BOOKINGS; i++) await work(i, serial++);
      const used = process.cpuUsage(before);
      steps.push({ step, microsPerEvent: (used.user + used.system) / BOOKINGS });
    };

    // 1. The customer's fields sealed under their key (api/eventStore/sealed.ts), one record.
    const booking = JSON.parse(bookingDoc) as MailBooking & { id: string };
    const personal = JSON.stringify({ name: booking.name, email: booking.email, phone: booking.phone, comment: null });
    const key = createSecretKey(randomBytes(32));
    await timed('seal the customer’s fields (AES-256-GCM)', () => {
      const cipher = createCipheriv('aes-256-gcm', key, randomBytes(12)).setAAD(Buffer.from('key-id'));
      return Buffer.concat([cipher.update(personal, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    });

    // 2. The event appended (the event store's table and pragmas), its WAL synced per commit.
    const log = scratch(join(scratchDir, 'events.db'), schema(events, 'events'));
    const wal = openSync(join(scratchDir, 'events.db-wal'), 'r');
    const append = log.prepare(
      'INSERT INTO events (stream, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const appendPage = log.transaction((from: number) => {
      for (let revision = from; revision < from + PER_COMMIT; revision++)
        append.run(event.stream, revision, randomUUID(), event.type, event.data, event.metadata);
    });
    await timed(`append the event (a commit and WAL sync per ${PER_COMMIT})`, (_, n) => {
      if (n % PER_COMMIT !== 0) return;
      appendPage(n);
      fdatasyncSync(wal);
    });
    closeSync(wal);
    log.close();

    // 3. The booking's read-model document written (the bookings table and its indexes).
    const docs = scratch(join(scratchDir, 'read-models.db'), schema(readModels, 'docs:bookings_v1'));
    const put = docs.prepare('INSERT INTO "docs:bookings_v1" (id, doc) VALUES (?, ?)');
    const pending: Array<[string, string]> = [];
    const putPage = docs.transaction(() => {
      for (const [id, doc] of pending.splice(0)) put.run(id, doc);
    });
    await timed(`write its read-model document (JSON, a commit per ${PER_COMMIT})`, (_, n) => {
      const id = `${booking.id}-${n}`;
      pending.push([id, JSON.stringify({ ...booking, id })]);
      if (pending.length === PER_COMMIT) putPage();
    });
    docs.close();

    // 4-6. Its two mails, as the embedded outbox sends them (api/mail/mailer.ts).
    const context = { seller: emptySeller(), accounting: defaultAccountingSettings() };
    const messages: MailMessage[][] = [];
    await timed('render its two mails (the templates)', () =>
      messages.push([
        bookingReceivedMail(booking, 'https://pizzakiosken.se', saleRecordOf(booking, context)),
        newBookingToStaffMail(booking, 'personal@pizzakiosken.se', 'https://pizzakiosken.se/admin/bookings'),
      ]),
    );
    const built: Buffer[][] = [];
    await timed('build them as MIME (mail/mime.ts: nodemailer’s composer and encoders)', (i) =>
      built.push(
        messages[i].map(
          (m, n) =>
            buildMail({ from: 'Pizzakiosken <noreply@pizzakiosken.se>', ...m, messageId: `<${i}-${n}@pizzakiosken>` })
              .bytes,
        ),
      ),
    );
    // The directory is synced too, once per eight mails: at best the sender's eight sends in
    // flight share one sync (api/mail/sharedSync.ts).
    const dir = openSync(scratchDir, 'r');
    await timed('write them to the outbox (a file each, synced, renamed; the folder synced per 8)', (i) => {
      for (const [n, bytes] of built[i].entries()) {
        const file = join(scratchDir, `${i}-${n}.eml`);
        const fd = openSync(`${file}.tmp`, 'w', 0o600);
        writeSync(fd, bytes);
        fdatasyncSync(fd);
        closeSync(fd);
        renameSync(`${file}.tmp`, file);
      }
      if (i % 4 === 3) fsyncSync(dir);
    });
    closeSync(dir);

    // 7. The mail log: both items written by the reactor, then each marked sent by the sender
    // (the reactors' table with every index it has).
    const mailLog = scratch(join(scratchDir, 'reactors.db'), schema(reactors, 'docs:mail_log_v1'));
    const putItem = mailLog.prepare(
      'INSERT INTO "docs:mail_log_v1" (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc',
    );
    const written: Array<[string, string]> = [];
    const itemPage = mailLog.transaction(() => {
      for (const [id, doc] of written.splice(0)) putItem.run(id, doc);
    });
    await timed(`keep them in the mail log (written, then marked sent; a commit per ${PER_COMMIT})`, (_, n) => {
      for (const [k, item] of items.entries()) {
        const doc = JSON.parse(item) as Record<string, unknown>;
        const id = `${n}-${k}`;
        written.push([id, JSON.stringify({ ...doc, id, status: 'pending', sent_at: null })]);
        written.push([id, JSON.stringify({ ...doc, id, status: 'sent' })]);
      }
      if (written.length >= PER_COMMIT * 4) itemPage();
    });
    mailLog.close();
    return { bookings: BOOKINGS, steps };
  } finally {
    events.close();
    readModels.close();
    reactors.close();
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

/** An empty database with the given tables and indexes and the stores' pragmas (WAL, synchronous=NORMAL). */
function scratch(file: string, sql: string[]): Database.Database {
  const db = new Database(file);
  for (const pragma of PRAGMAS) db.pragma(pragma);
  for (const statement of sql) db.exec(statement);
  return db;
}

// Run alone (`npm run bench` starts it so): a fresh process, whose heap holds nothing of the load
// generator's, prints the steps as JSON.
if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(JSON.stringify(await bookingFloor(process.argv[2])));
