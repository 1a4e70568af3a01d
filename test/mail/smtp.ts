// A real SMTP server for tests (smtp-server), collecting what it receives.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Headers and body with quoted-printable and encoded words decoded, for assertions. */
  text: string;
}

/**
 * refuse: a recipient this relay answers 550 at RCPT TO (the others go through).
 * signIn: when given, the relay asks for a sign-in and answers it 535 while signIn() is false.
 * mailFrom: a reply code (421, 451, …) the relay answers MAIL FROM with while it returns one.
 * hold: a recipient whose message the relay takes in but never answers (a send stuck mid-way).
 * answerWhen: the relay takes each message in, then answers it once the promise it returns settles
 *   (a slow relay; the mail counts as received from then on).
 * rcpt: answers RCPT TO for an address, once the promise settles: null takes it, an answer refuses it
 *   (e.g. { code: 452, message: '4.2.2 Mailbox over quota' }). `rcpts` lists every RCPT TO asked.
 * data: answers a message taken in, once the promise settles: null takes it, an answer refuses it.
 */
export interface SmtpAnswer {
  code: number;
  message: string;
}

export async function startSmtpServer(
  options: {
    refuse?: string;
    signIn?: () => boolean;
    mailFrom?: () => number | null;
    hold?: () => string | null;
    answerWhen?: (to: string[]) => Promise<void>;
    rcpt?: (address: string) => Promise<SmtpAnswer | null> | SmtpAnswer | null;
    data?: (to: string[]) => Promise<SmtpAnswer | null> | SmtpAnswer | null;
  } = {},
): Promise<{
  url: string;
  mails: ReceivedMail[];
  rcpts: string[];
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const rcpts: string[] = [];
  const refusal = (answer: SmtpAnswer) => Object.assign(new Error(answer.message), { responseCode: answer.code });
  const server = new SMTPServer({
    authOptional: options.signIn === undefined,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.signIn?.()) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      const code = options.mailFrom?.();
      if (code) return callback(Object.assign(new Error(`Try again later (${code})`), { responseCode: code }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      rcpts.push(address.address);
      if (address.address === options.refuse)
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      if (!options.rcpt) return callback();
      void Promise.resolve(options.rcpt(address.address)).then((answer) =>
        answer ? callback(refusal(answer)) : callback(),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const held = options.hold?.();
        if (held && session.envelope.rcptTo.some((r) => r.address === held)) return;
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (options.data) {
          void Promise.resolve(options.data(to)).then((answer) => {
            if (answer) return callback(refusal(answer));
            mails.push({ to, raw, text: decode(raw) });
            callback();
          });
          return;
        }
        void (options.answerWhen?.(to) ?? Promise.resolve()).then(() => {
          mails.push({ to, raw, text: decode(raw) });
          callback();
        });
      });
    },
  });
  // A client killed mid-session (the crash tests SIGKILL servers) resets its connection; a relay
  // carries on, and smtp-server reports it as an 'error' event that would otherwise be thrown.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: options.signIn ? `smtp://kiosk:hemligt@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`,
    mails,
    rcpts,
    async waitFor(count) {
      for (let i = 0; i < 200 && mails.length < count; i++) await new Promise((r) => setTimeout(r, 25));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes =?UTF-8?Q?…?= / =?UTF-8?B?…?= words in the headers and quoted-printable in the body. */
export function decode(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split);
  // The whitespace between adjacent encoded words, folded onto a new line or not, is not text
  // (RFC 2047 6.2).
  const unfolded = head.replace(/\?=(?:\r?\n)?[ \t]+=\?/g, '?==?');
  const decodedHead = unfolded.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, word: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : qp(word.replaceAll('_', ' ')),
  );
  return decodedHead + qp(body.replace(/=\r?\n/g, ''));
}

function qp(text: string): string {
  return Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
