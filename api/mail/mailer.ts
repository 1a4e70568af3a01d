// Sends mail over SMTP (SMTP_URL) with nodemailer, or, in the embedded default, writes each
// message as an .eml file to DATA_DIR/outbox. Either way a message id derived from the caller's
// stable id makes a resend recognisable as the same mail.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { buildMail } from './mime.js';
import { sharedSync, syncDirectory } from './sharedSync.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Sends one mail. `beforeData`, when given, is called once the relay has taken the envelope and
   * asked for the message (DATA answered 354), before a byte of it goes: if it throws, the message
   * is abandoned unfinished (the relay never delivers it) and send() throws that error. The file
   * outbox calls it before it writes the file.
   */
  send(message: MailMessage & { id: string }, beforeData?: () => Promise<void>): Promise<void>;
  /**
   * Forgets a sent mail (rule: erasure): the outbox file is overwritten with zeros, synced and
   * removed, so its bytes are gone from the file, not only its name. Nothing is kept over SMTP.
   */
  forget(id: string): Promise<void>;
  /**
   * Forgets, as forget() does, every sent mail written before `before`; answers how many went.
   * The hygiene sweep's (api/timers/hygiene.ts): the outbox would otherwise keep every mail ever
   * sent, each naming a customer. Nothing to do over SMTP, where nothing is kept.
   */
  forgetSentBefore(before: Date): Promise<number>;
  close(): Promise<void>;
}

export const DEFAULT_FROM = 'Pizzakiosken <noreply@pizzakiosken.se>';

// The id becomes both a file name and the local part of a Message-ID, so anything that could
// leave the outbox directory or break the header is neutralised.
const safeId = (id: string) => id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from?: string }): Mailer {
  const from = options.from || DEFAULT_FROM;
  const envelope = (message: MailMessage & { id: string }) => {
    if (!message.id) throw new Error('A mail needs an id: it is what makes a resend the same mail');
    return {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      messageId: `<${safeId(message.id)}@pizzakiosken>`,
    };
  };

  if (options.smtpUrl) {
    // Fail at start-up, not at the first booking, when SMTP_URL is something else entirely.
    if (!/^smtps?:\/\//i.test(options.smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
    // Bounded waits: a send that hangs must end well within the reactor's claim on its message
    // (mail/reactor.ts), or another process could take the claim over and send it again.
    // Pooled: a few connections kept open and reused, so a rush of mails does not pay a new
    // connection, greeting and sign-in each (the senders send several at once: mail/sender.ts).
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 4,
      maxMessages: 200,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    // The message reaches the connection as the last stage of nodemailer's stream (a process
    // function), which nothing reads before the relay answered DATA: the fence runs there.
    transport.use('stream', (mail, callback) => {
      const fence = (mail.data as { beforeData?: () => Promise<void> }).beforeData;
      if (fence) mail.message.processFunc((input) => fenced(input, fence));
      callback();
    });
    return {
      async send(message, beforeData) {
        // Built at once (mail/mime.ts), handed to the pooled connection as it is.
        const built = buildMail(envelope(message));
        let refused: unknown = null;
        const fence = beforeData
          ? () =>
              beforeData().catch((error: unknown) => {
                refused = error;
                throw error;
              })
          : undefined;
        try {
          await transport.sendMail({ envelope: built.envelope, raw: built.bytes, beforeData: fence } as never);
        } catch (error) {
          // The fence's own error, not nodemailer's wrapping of it as a stream error.
          throw refused ?? error;
        }
      },
      async forget() {},
      async forgetSentBefore() {
        return 0;
      },
      async close() {
        transport.close();
      },
    };
  }

  // CRLF, as RFC 5322 prescribes (mail/mime.ts): the file holds the very bytes an SMTP server
  // would receive.
  // Mails hold customers' names and addresses: this user only. Made once, not per mail (made
  // again should it fail or vanish).
  let outboxMade: Promise<unknown> | null = null;
  const makeOutbox = () =>
    (outboxMade ??= mkdir(options.outboxDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      outboxMade = null;
      throw error;
    }));
  const syncOutbox = sharedSync(() => syncDirectory(options.outboxDir));
  return {
    async send(message, beforeData) {
      const { bytes } = buildMail(envelope(message));
      await makeOutbox();
      await beforeData?.();
      const file = join(options.outboxDir, `${safeId(message.id)}.eml`);
      // A temp name of its own per write: concurrent resends of one id never share a half-written
      // file, and readers listing *.eml never see one. fsync before rename so that after a crash
      // the file is either the old mail or the whole new one, not an empty name; the directory
      // after it, so that a power loss cannot take back the name of a mail the sender then
      // marks sent (sharedSync.ts: concurrent sends share that sync).
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        const handle = await open(temp, 'w', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
        await syncOutbox();
      } catch (error) {
        await rm(temp, { force: true });
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') outboxMade = null;
        throw error;
      }
    },
    async forget(id) {
      await forgetFile(join(options.outboxDir, `${safeId(id)}.eml`));
    },
    async forgetSentBefore(before) {
      let names: string[];
      try {
        names = await readdir(options.outboxDir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let forgotten = 0;
      // Finished files only: a .tmp is a mail being written (send() renames it into place).
      for (const name of names.filter((n) => n.endsWith('.eml'))) {
        const file = join(options.outboxDir, name);
        const written = await stat(file).catch(() => null);
        if (!written || written.mtimeMs >= before.getTime()) continue;
        await forgetFile(file);
        forgotten += 1;
      }
      return forgotten;
    },
    async close() {},
  };
}

/**
 * The message as the connection reads it, once `fence` let it: nothing is read from `input` (or
 * sent) before the connection asks for the first byte, after the relay answered DATA.
 */
function fenced(input: Readable, fence: () => Promise<void>): Readable {
  let started = false;
  const output: Readable = new Readable({
    read() {
      if (started) {
        input.resume();
        return;
      }
      started = true;
      fence().then(
        () => {
          input.on('data', (chunk: Buffer) => {
            if (!output.push(chunk)) input.pause();
          });
          input.on('end', () => output.push(null));
          input.on('error', (error) => output.destroy(error));
        },
        (error: unknown) => {
          input.destroy();
          output.destroy(error as Error);
        },
      );
    },
  });
  return output;
}

/** Overwrites the file with zeros, syncs and removes it (rule: erasure); nothing when it is gone. */
async function forgetFile(file: string): Promise<void> {
  let handle;
  try {
    handle = await open(file, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    await handle.write(Buffer.alloc(size), 0, size, 0);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rm(file, { force: true });
}
