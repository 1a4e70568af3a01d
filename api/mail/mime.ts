// A mail's bytes, made at once. nodemailer composes the message (its MailComposer makes the MIME
// tree and every header: addresses, encoded words, folding, the boundary) and encodes each part
// with its own quoted-printable and base64 encoders; only the walk that joins them is done here,
// in one synchronous pass, instead of nodemailer's streams. The result is byte for byte what
// nodemailer's stream would give (test/mail/mime.test.ts compares them).
//
// Why: streamed, a booking's received mail cost 410 to 530 µs of CPU on Node 24, made here 140 to
// 160 µs (2,000 mails in a loop, 2026-11-28). A profile of the streamed ones: a transform stream
// and a pipeline per part, Node's pipeline building an AbortError each time one finishes, a
// randomBytes call for every node's boundary. With its two mails that was the largest step of a
// booking's least work (`npm run bench`, test/bench/bookingFloor.ts, docs/bench.md).
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import { wrap as base64Wrap } from 'nodemailer/lib/base64';

export interface MimeMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  messageId: string;
  /** The Date header (now when absent). */
  date?: Date;
}

/** What this module reads of nodemailer's MimeNode (its own type is not exported). */
interface Node {
  content?: unknown;
  multipart?: string | false;
  boundary?: string;
  childNodes: Node[];
  buildHeaders(): string;
  getTransferEncoding(): string | false;
  getEnvelope(): { from: string | false; to: string[] };
}

export interface BuiltMail {
  /** The message, with CRLF line ends, ending in CRLF (RFC 5322), as an SMTP relay receives it. */
  bytes: Buffer;
  /** The SMTP envelope nodemailer derives from the headers. */
  envelope: { from: string | false; to: string[] };
}

export function buildMail(mail: MimeMail): BuiltMail {
  // The boundary's random part from Node's pooled UUIDs, not a randomBytes call of its own (the
  // parts still make one each: nodemailer's createChild does not pass it on).
  const baseBoundary = randomUUID().replaceAll('-', '').slice(0, 16);
  const root = new MailComposer({ ...mail, baseBoundary }).compile() as unknown as Node;
  let message = serialize(root);
  // The message ends in a line end (nodemailer's LastNewline).
  if (message.endsWith('\r')) message += '\n';
  else if (!message.endsWith('\n')) message += '\r\n';
  return { bytes: Buffer.from(crlf(message), 'utf8'), envelope: root.getEnvelope() };
}

/** A node as MimeNode.stream writes it: headers, encoded content, then its children between boundaries. */
function serialize(node: Node): string {
  let out = node.buildHeaders() + '\r\n\r\n';
  if (node.content) out += encoded(node);
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      out += (i > 0 ? '\r\n' : '') + '--' + node.boundary + '\r\n' + serialize(child);
    });
    out += '\r\n--' + node.boundary + '--\r\n';
  }
  return out;
}

function encoded(node: Node): string {
  const content = node.content;
  if (typeof content !== 'string' && !Buffer.isBuffer(content))
    throw new Error('Only text content is built here (no attachments, streams or URLs)');
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  switch (node.getTransferEncoding()) {
    case 'quoted-printable':
      return qpWrap(qpEncode(bytes), 76);
    case 'base64':
      return base64Wrap(bytes.toString('base64'), 76);
    default:
      return bytes.toString('utf8');
  }
}

/** Every LF as CRLF, as nodemailer's LeWindows makes them (a lone CR stays). */
const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
