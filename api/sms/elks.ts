// SMS through 46elks (rule: sms-notices): POST {base}/sms with the form fields from, to (E.164)
// and message, and Basic auth with the API username and password (46elks.se/documentation,
// "Send SMS"). The base URL is configurable so a test's own HTTPS endpoint can stand in; TLS is
// checked as for any host (a test's self-signed certificate is trusted through
// NODE_EXTRA_CA_CERTS, never by switching checks off).

export const ELKS_DEFAULT_URL = 'https://api.46elks.com/a1';
/** 46elks: a text sender ID is at most 11 letters or digits ("alphanumeric sender ID"). */
const SENDER_ID = /^[A-Za-z][A-Za-z0-9]{0,10}$/;
const TIMEOUT_MS = 10_000;

export interface SmsConfig {
  username: string;
  password: string;
  /** The sender shown to the customer: a text sender ID or an E.164 number. */
  from: string;
  baseUrl: string;
}

/**
 * SMS is off unless SMS_46ELKS_USERNAME and SMS_46ELKS_PASSWORD are set; SMS_SENDER names the
 * sender (default Pizzakiosk), SMS_46ELKS_URL replaces the API's address (tests). Problems are
 * reported like the rest of the configuration's.
 */
export function smsConfigFrom(env: NodeJS.ProcessEnv, bad: (name: string, problem: string) => void): SmsConfig | null {
  const username = (env.SMS_46ELKS_USERNAME ?? '').trim();
  const password = (env.SMS_46ELKS_PASSWORD ?? '').trim();
  if (!username && !password) return null;
  if (!username || !password) {
    bad(username ? 'SMS_46ELKS_PASSWORD' : 'SMS_46ELKS_USERNAME', 'is needed with the other: set both or neither');
    return null;
  }
  const from = (env.SMS_SENDER ?? '').trim() || 'Pizzakiosk';
  if (!SENDER_ID.test(from) && !/^\+[1-9]\d{7,14}$/.test(from))
    bad('SMS_SENDER', 'expected up to 11 letters and digits starting with a letter, or a number in E.164 (+46…)');
  const baseUrl = ((env.SMS_46ELKS_URL ?? '').trim() || ELKS_DEFAULT_URL).replace(/\/$/, '');
  if (!/^https:\/\/\S+$/.test(baseUrl)) bad('SMS_46ELKS_URL', 'expected an https:// URL');
  return { username, password, from, baseUrl };
}

export type SmsOutcome =
  | { outcome: 'sent'; status: number; id: string | null }
  | { outcome: 'failed'; status: number | null; error: string; retryable: boolean };

export interface SmsSender {
  send(sms: { to: string; message: string; whendelivered?: string }): Promise<SmsOutcome>;
}

export function elksSender(config: SmsConfig): SmsSender {
  const auth = 'Basic ' + Buffer.from(`${config.username}:${config.password}`).toString('base64');
  return {
    async send({ to, message, whendelivered }) {
      const form = new URLSearchParams({ from: config.from, to, message });
      if (whendelivered) form.set('whendelivered', whendelivered);
      let response: Response;
      try {
        response = await fetch(`${config.baseUrl}/sms`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        // No answer (network, TLS, timeout): 46elks may or may not have it; tried again.
        return { outcome: 'failed', status: null, error: String((error as Error).cause ?? error), retryable: true };
      }
      const text = await response.text().catch(() => '');
      if (response.ok) {
        let id: string | null = null;
        try {
          id = (JSON.parse(text) as { id?: string }).id ?? null;
        } catch {
          // An answer without JSON is still a sent SMS.
        }
        return { outcome: 'sent', status: response.status, id };
      }
      return {
        outcome: 'failed',
        status: response.status,
        error: text.slice(0, 200) || response.statusText,
        retryable: response.status === 429 || response.status >= 500,
      };
    },
  };
}
