// Sends mail over SMTP (SMTP_URL) with nodemailer, or, in the embedded default, writes each
// message as an .eml file to DATA_DIR/outbox. Either way a message id derived from the caller's
// stable id makes a resend recognisable as the same mail.
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { mailerThread } from './mailerThread.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage & { id: string }): Promise<void>;
  /**
   * Forgets a sent mail (rule: erasure): the outbox file is overwritten with zeros, synced and
   * removed, so its bytes are gone from the file, not only its name. Nothing is kept over SMTP.
   */
  forget(id: string): Promise<void>;
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

  // Fail at start-up, not at the first booking, when SMTP_URL is something else entirely.
  if (options.smtpUrl && !/^smtps?:\/\//i.test(options.smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  // Composing and sending (or writing to the outbox) run on the mailer's thread (mailerThread.ts).
  const thread = mailerThread({ smtpUrl: options.smtpUrl, outboxDir: options.outboxDir });
  return {
    async send(message) {
      await thread.send({ envelope: envelope(message), file: `${safeId(message.id)}.eml` });
    },
    async forget(id) {
      // Nothing is kept over SMTP; the outbox file, if any (no SMTP_URL), is wiped.
      if (options.smtpUrl) return;
      const file = join(options.outboxDir, `${safeId(id)}.eml`);
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
    },
    async close() {
      await thread.close();
    },
  };
}
