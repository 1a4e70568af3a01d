// Sends mail over SMTP (SMTP_URL) with nodemailer, or, in the embedded default, writes each
// message as an .eml file to DATA_DIR/outbox. Either way a message id derived from the caller's
// stable id makes a resend recognisable as the same mail.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage & { id: string }): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_FROM = 'Pizzakiosken <noreply@pizzakiosken.se>';

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from?: string }): Mailer {
  const from = options.from ?? DEFAULT_FROM;
  const safeId = (id: string) => id.replace(/[^A-Za-z0-9._-]/g, '_');
  const envelope = (message: MailMessage & { id: string }) => ({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${safeId(message.id)}@pizzakiosken>`,
  });

  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(message));
      },
      async close() {
        transport.close();
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      mkdirSync(options.outboxDir, { recursive: true });
      const info = await transport.sendMail(envelope(message));
      const file = join(options.outboxDir, `${safeId(message.id)}.eml`);
      // Written whole or not at all: a reader never sees half a mail, and a resend overwrites.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    async close() {
      transport.close();
    },
  };
}
