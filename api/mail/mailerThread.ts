// The mailer's own thread: nodemailer composes each message (MIME tree, encodings, streams) and
// either hands it to the SMTP relay or writes it to the outbox, off the event loop that answers
// requests.
//
// Why a thread: a profile of a rush of new bookings (32 clients, the embedded store) showed the
// mail reactor's two mails per booking, each composed by nodemailer and written to the outbox
// (open, write, fsync, close, rename), as a tenth of the main thread's time; the main thread is
// what bounds bookings per second. Here the main thread only posts the message and awaits the
// answer.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What the thread needs to know; all of it plain data (it crosses threads). */
export interface MailerThreadOptions {
  smtpUrl?: string;
  outboxDir: string;
}

/** One message as nodemailer takes it, with the outbox file name its id gives. */
export interface ThreadMail {
  envelope: { from: string; to: string; subject: string; text: string; html?: string; messageId: string };
  /** The outbox file name (without SMTP_URL). */
  file: string;
}

/** A failure as it crosses back: the relay's reply code decides whether the reactor retries. */
interface ThreadFailure {
  message: string;
  code?: string;
  responseCode?: number;
}

/**
 * The thread, as source: evaluated as CommonJS in a worker (no module loader involved, so it runs
 * the same under tsx, vitest and the compiled build, as the read-model writer thread does).
 * Messages are handled as they come, concurrently, as the mailer did on the main thread.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { mkdir, open, rename, rm } = require('node:fs/promises');
const { randomBytes } = require('node:crypto');
const { join } = require('node:path');
const nodemailer = require(workerData.nodemailer);
const { smtpUrl, outboxDir } = workerData.options;

// Bounded waits: a send that hangs must end well within the reactor's claim on its message
// (mail/reactor.ts), or another process could take the claim over and send it again.
const transport = smtpUrl
  ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 30000, greetingTimeout: 30000, socketTimeout: 60000 })
  // CRLF, as RFC 5322 prescribes: the file holds the very bytes an SMTP server would receive.
  : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

// Mails hold customers' names and addresses: this user only. Made once, not per mail (made
// again should it fail or vanish).
let outboxMade = null;
const makeOutbox = () => (outboxMade ??= mkdir(outboxDir, { recursive: true, mode: 0o700 }).catch((error) => {
  outboxMade = null;
  throw error;
}));

async function writeOutbox(name, bytes) {
  await makeOutbox();
  const file = join(outboxDir, name);
  // A temp name of its own per write: concurrent resends of one id never share a half-written
  // file, and readers listing *.eml never see one. fsync before rename so that after a crash
  // the file is either the old mail or the whole new one, not an empty name.
  const temp = file + '.' + process.pid + '.' + randomBytes(4).toString('hex') + '.tmp';
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    if (error && error.code === 'ENOENT') outboxMade = null;
    throw error;
  }
}

// Sends under way finish before the thread ends (close waits for them, as for the main thread's
// own work at shutdown).
let inFlight = 0;
let closing = false;
const finish = () => {
  transport.close();
  parentPort.close();
};

parentPort.on('message', async (m) => {
  if (m === 'close') {
    closing = true;
    if (inFlight === 0) finish();
    return;
  }
  inFlight += 1;
  try {
    const info = await transport.sendMail(m.mail.envelope);
    if (!smtpUrl) await writeOutbox(m.mail.file, info.message);
    parentPort.postMessage({ n: m.n });
  } catch (error) {
    parentPort.postMessage({ n: m.n, error: { message: String((error && error.message) || error), code: error && error.code, responseCode: error && error.responseCode } });
  } finally {
    inFlight -= 1;
    if (closing && inFlight === 0) finish();
  }
});
`;

export interface MailerThread {
  send(mail: ThreadMail): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the thread when the first message comes, and again after it died (a crash of the thread
 * fails the messages in flight, which the reactor retries; later ones get a new thread).
 */
export function mailerThread(options: MailerThreadOptions): MailerThread {
  const nodemailerPath = createRequire(import.meta.url).resolve('nodemailer');
  let worker: Worker | null = null;
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let next = 0;

  const start = (): Worker => {
    const started = new Worker(SOURCE, { eval: true, execArgv: [], workerData: { nodemailer: nodemailerPath, options } });
    const failAll = (error: Error) => {
      if (worker === started) worker = null;
      for (const w of waiting.values()) w.reject(error);
      waiting.clear();
    };
    started.on('message', (m: { n: number; error?: ThreadFailure }) => {
      const w = waiting.get(m.n);
      waiting.delete(m.n);
      // Idle, it must not keep the process alive.
      if (waiting.size === 0) started.unref();
      if (!m.error) w?.resolve();
      else w?.reject(Object.assign(new Error(m.error.message), m.error.code === undefined ? {} : { code: m.error.code }, m.error.responseCode === undefined ? {} : { responseCode: m.error.responseCode }));
    });
    started.on('error', failAll);
    started.on('exit', () => failAll(new Error('the mailer thread exited')));
    started.unref();
    return started;
  };

  return {
    send(mail) {
      worker ??= start();
      const n = next++;
      worker.ref();
      const sent = new Promise<void>((resolve, reject) => waiting.set(n, { resolve, reject }));
      worker.postMessage({ n, mail });
      return sent;
    },
    async close() {
      const running = worker;
      if (!running) return;
      worker = null;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.ref();
      running.postMessage('close');
      await exited;
    },
  };
}
