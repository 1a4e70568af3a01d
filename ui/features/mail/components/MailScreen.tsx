// /admin/mail, the mail log (rule: mail): every mail the kiosk sends, newest first, filtered by
// status, kind and booking number (kept in the address), and sending one again; below them the SMS
// notices with 46elks' delivery reports (rule: sms-delivery-reports). The first list
// comes in the page's HTML (+data, with the address's filters). Opening the failed filter marks
// the failed mails seen (the dashboard's banner and /api/ready's mail_failed go).
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { errorText } from '../../../lib/api.js';
import {
  MAIL_PAGE,
  getMails,
  mailFilterQuery,
  markFailedSeen,
  resendMail,
  type MailEntry,
  type MailFilters,
  type MailLog,
} from '../api/mails.js';
import { mailTexts as texts } from '../texts.js';
import { MailFiltersForm } from './MailFiltersForm.js';
import { MailTable } from './MailTable.js';
import { SmsTable } from './SmsTable.js';
import '../mail.css';

/** The server's page of the log (GET /admin/mails answers its 100 latest). */
const PAGE_SIZE = 100;
/** How long typing a booking number may pause before the list follows. */
const TYPING_MS = 400;

export function MailScreen({ filters: initialFilters, log: initial }: { filters: MailFilters; log: MailLog | null }) {
  const hydrated = useHydrated();
  const [filters, setFilters] = useState(initialFilters);
  const {
    data: log,
    setData: setLog,
    reload,
  } = useReloadable<MailLog | null>(initial, () => getMails(filters), texts.loadFailed);
  const mails = log?.mails ?? null;
  // The SMS notices beside the mails (rule: sms-delivery-reports), under the same filters.
  const sms = log?.sms ?? [];
  const { busy, run } = useAction();
  // Only the latest read is shown: a slow answer for an earlier filter never replaces a newer one.
  const latest = useRef(0);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  // The failed filter open: staff have looked at the failed mails (no alert, no dashboard banner
  // for them any more). Once per opening of the filter; a failed call is tried at the next.
  const showsFailed = hydrated && filters.status === 'failed';
  useEffect(() => {
    if (showsFailed) markFailedSeen().catch(() => {});
  }, [showsFailed]);

  function read(next: MailFilters) {
    const n = ++latest.current;
    getMails(next).then(
      (answer) => n === latest.current && setLog(answer),
      (error) => n === latest.current && toast.error(errorText(error, texts.loadFailed)),
    );
  }

  function change(next: MailFilters, whileTyping = false) {
    setFilters(next);
    window.history.replaceState(window.history.state, '', `${MAIL_PAGE}${mailFilterQuery(next)}`);
    clearTimeout(typing.current);
    if (whileTyping) typing.current = setTimeout(() => read(next), TYPING_MS);
    else read(next);
  }

  async function readAgain() {
    latest.current += 1;
    return reload();
  }

  function resend(mail: MailEntry) {
    void run(mail.id, () => resendMail(mail.id), {
      success: texts.resent,
      failure: texts.resendFailed,
      reload: readAgain,
    });
  }

  const filtered = filters.status !== '' || filters.kind !== '' || filters.booking_id.trim() !== '';
  return (
    <>
      <div className="admin-title">
        <h1>{texts.title}</h1>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={!hydrated}
          onClick={() => void readAgain()}
        >
          {texts.refresh}
        </button>
      </div>
      <p className="hint mail__intro">{texts.intro}</p>
      <MailFiltersForm filters={filters} onChange={change} enabled={hydrated} />
      {mails === null ? (
        <LoadFailed text={texts.loadFailed} disabled={!hydrated} onRetry={() => void readAgain()} />
      ) : mails.length === 0 ? (
        <p className="card">{filtered ? texts.none : texts.noneYet}</p>
      ) : (
        <>
          <MailTable mails={mails} busy={busy} enabled={hydrated} onResend={resend} />
          {mails.length >= PAGE_SIZE && <p className="hint">{texts.latest(PAGE_SIZE)}</p>}
        </>
      )}
      {sms.length > 0 && (
        <section className="mail-sms" aria-labelledby="mail-sms-title">
          <h2 id="mail-sms-title">{texts.sms.title}</h2>
          <p className="hint mail__intro">{texts.sms.intro}</p>
          <SmsTable sms={sms} />
        </section>
      )}
    </>
  );
}
