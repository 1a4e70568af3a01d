// What a failed send means, read from the relay's SMTP answer (nodemailer puts the SMTP command
// that failed in `command`, the reply code in `responseCode` and the reply in `response`).
//
// - 'recipient': the relay refused this one address for good (RCPT TO answered 5xx, e.g. 550
//   5.1.1 no such mailbox), or this one message (DATA answered 5xx, e.g. 552 too large): sending
//   it again fails the same way, so the item is parked as failed with the answer.
// - 'item': a passing refusal of this one address (RCPT TO 4xx, e.g. 450 mailbox busy or
//   greylisted): the item is tried again later, up to a bound.
// - 'relay': everything about the relay itself: no connection, a timeout, the greeting refused,
//   the sign-in refused (535), the sender refused (MAIL FROM 550/553), throttling (421/451 at any
//   step), a used-up quota (5.4.5, 4.5.3). Sending pauses for every item until it answers again;
//   nothing is dropped. (RFC 5321 4.2.1 and 4.2.5: a 4yz reply is transient, 5yz permanent, but a
//   5yz about the session is the relay's state, not the recipient's.)
export type FailureKind = 'recipient' | 'item' | 'relay';

interface SmtpError {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

/** Quota and throttling answers some relays give at RCPT or DATA: about the sender, not the recipient. */
const SENDER_LIMIT = /\b(5\.4\.5|4\.5\.3|4\.7\.0|4\.7\.28)\b|quota|rate limit|too many/i;

export function classifyFailure(error: unknown): FailureKind {
  const e = (error ?? {}) as SmtpError;
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const command = typeof e.command === 'string' ? e.command.toUpperCase() : '';
  const answer = `${typeof e.response === 'string' ? e.response : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  // An address or message nodemailer itself refuses before sending (command 'API'): no relay
  // would take it either.
  if (command === 'API' && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')) return 'recipient';
  if (code === null || code === 421 || SENDER_LIMIT.test(answer)) return 'relay';
  if (command.startsWith('RCPT')) return code >= 500 ? 'recipient' : 'item';
  if (command === 'DATA' && code >= 500) return 'recipient';
  return 'relay';
}

/** The relay's answer as shown to staff: one line, bounded. */
export function relayAnswerOf(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  const text = typeof e.response === 'string' && e.response ? e.response : String(e.message ?? error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
