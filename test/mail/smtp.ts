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
 */
export async function startSmtpServer(
  options: {
    refuse?: string;
    signIn?: () => boolean;
    mailFrom?: () => number | null;
    hold?: () => string | null;
    answerWhen?: (to: string[]) => Promise<void>;
  } = {},
): Promise<{ url: string; mails: ReceivedMail[]; waitFor(count: number): Promise<void>; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
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
      if (address.address === options.refuse)
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const held = options.hold?.();
        if (held && session.envelope.rcptTo.some((r) => r.address === held)) return;
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address);
        void (options.answerWhen?.(to) ?? Promise.resolve()).then(() => {
          mails.push({ to, raw, text: decode(raw) });
          callback();
        });
      });
    },
  });
  // A client killed mid-session (the crash tests SIGKILL an API process holding a connection)
  // resets it: the client's doing, not the relay's, and no reason to fail the run. Anything else
  // still surfaces.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: options.signIn ? `smtp://kiosk:hemligt@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(count) {
      for (let i = 0; i < 200 && mails.length < count; i++) await new Promise((r) => setTimeout(r, 25));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes =?UTF-8?Q?…?= / =?UTF-8?B?…?= words in the headers and quoted-printable in the body. */
function decode(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split);
  // Adjacent encoded words are folded onto new lines; the whitespace between them is not text.
  const unfolded = head.replace(/\?=\r?\n[ \t]+=\?/g, '?==?');
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
