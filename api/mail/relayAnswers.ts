// What a failed send means, read from the relay's SMTP answer (nodemailer puts the SMTP command
// that failed in `command`, the reply code in `responseCode` and the reply in `response`). It is
// read from the stage the answer came at and its enhanced status code (RFC 3463: class.subject.detail,
// where the subject says what the trouble is about), never from words in the text:
//
// - 'recipient': refused for good, about this recipient or this message: sending it again fails
//   the same way, so the item is parked as failed with the answer. 5.1.x (addressing: no such
//   mailbox), 5.2.x (the mailbox: full for good, disabled), 5.3.4 (message too big), 5.6.x (the
//   message's content), and without an enhanced code a 5xx at RCPT TO or after DATA.
// - 'item': a passing refusal about this recipient or message: 4.1.x, 4.2.x (the mailbox: over
//   quota, busy, RFC 3463 4.2.2), 4.3.4, 4.6.x, and without an enhanced code 450 at RCPT or DATA.
//   The item backs off on its own (attempts counted) and is parked after the last try; other
//   mail goes on.
// - 'relay': the relay's own trouble: anything before RCPT TO (no connection, a timeout, the
//   greeting, EHLO, the sign-in, MAIL FROM), 421 at any step, and at RCPT or DATA 4.3.x / 5.3.x
//   (the mail system: full disk, not accepting, RFC 3463 X.3), 4.4.x / 5.4.x (network and routing,
//   X.4), 4.5.x / 5.5.x (the protocol, X.5) and 4.7.x / 5.7.x (security and policy: throttling,
//   relaying denied, X.7); without an enhanced code 451 and 452 (local error, insufficient system
//   storage: RFC 5321 4.2.3). Sending pauses for every item until it answers again; nothing is
//   dropped.
export type FailureKind = 'recipient' | 'item' | 'relay';

interface SmtpError {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

/** RFC 3463's enhanced status code at the start of the reply text (after the basic code). */
const ENHANCED = /^(?:\d{3}[ -])?\s*([245])\.(\d{1,3})\.(\d{1,3})\b/;

/** The subjects (RFC 3463 section 3) about one recipient or one message, not the relay. */
function aboutTheItem(subject: number, detail: number): boolean {
  if (subject === 1 || subject === 2 || subject === 6) return true; // addressing, mailbox, media
  return subject === 3 && detail === 4; // X.3.4 message too big for system
}

export function classifyFailure(error: unknown): FailureKind {
  const e = (error ?? {}) as SmtpError;
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const command = typeof e.command === 'string' ? e.command.toUpperCase() : '';
  const response = typeof e.response === 'string' ? e.response.trim() : '';
  // An address or message nodemailer itself refuses before sending (command 'API'): no relay
  // would take it either.
  if (command === 'API' && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')) return 'recipient';
  // No answer at all, or the relay closing the session: its own state.
  if (code === null || code === 421) return 'relay';
  const atRecipient = command.startsWith('RCPT');
  const afterData = command === 'DATA' || command === '.' || command.startsWith('DATA');
  // Everything before the recipient (greeting, EHLO, AUTH, MAIL FROM) is about the relay and us.
  if (!atRecipient && !afterData) return 'relay';
  const permanent = code >= 500;
  const enhanced = ENHANCED.exec(response);
  if (enhanced) {
    const [, , subject, detail] = enhanced.map(Number);
    if (aboutTheItem(subject, detail)) return permanent ? 'recipient' : 'item';
    return 'relay';
  }
  // No enhanced code (RFC 5321 4.2.2, 4.2.3): 451 local error and 452 insufficient system storage
  // are the relay's; a 5xx at this stage refuses the recipient or message; 450 is passing.
  if (code === 451 || code === 452) return 'relay';
  return permanent ? 'recipient' : 'item';
}

/** The relay's answer as shown to staff: one line, bounded. */
export function relayAnswerOf(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  const text = typeof e.response === 'string' && e.response ? e.response : String(e.message ?? error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
