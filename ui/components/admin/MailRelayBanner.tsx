// While the mail relay refuses (a wrong sign-in, no connection, throttling), staff see it on the
// dashboard and the kitchen board (rule: mail): GET /api/ready's mail part, read on opening and
// every 15 s until the screen is left. Nothing is shown while the relay takes mail, or before the
// first answer; a read that got no answer keeps what is shown (the connection banner tells that).
// With `failed` (the dashboard) it also shows mails parked for good that nobody has looked at in
// the mail log yet (failed_unseen), with a link to the log's failed filter, which marks them seen.
import { useEffect, useState } from 'react';
import { msg } from '../../../domain/messages.js';
import { readMailHealth } from './mailCalls.js';
import { failedMailLogPath, relayBannerTexts } from './mailTexts.js';

export const RELAY_POLL_MS = 15_000;

export function MailRelayBanner({ every = RELAY_POLL_MS, failed = false }: { every?: number; failed?: boolean }) {
  // The relay's answer while it fails; null while it takes mail (or nothing is known yet).
  const [failing, setFailing] = useState<string | null>(null);
  // Mails parked for good that staff have not looked at yet.
  const [unseen, setUnseen] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const mail = await readMailHealth(controller.signal);
        setFailing(mail?.relay === 'failing' ? (mail.last_error ?? relayBannerTexts.noAnswer) : null);
        setUnseen(mail?.failed_unseen ?? 0);
      } catch {
        if (controller.signal.aborted) return;
      }
      // The next read waits for this one: a slow server is never asked twice at once.
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), every);
    }
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [every]);

  const showFailed = failed && unseen > 0;
  if (failing === null && !showFailed) return null;
  return (
    <>
      {failing !== null && (
        <div className="mail-relay-banner" role="alert">
          <span className="mail-relay-banner__icon" aria-hidden="true">
            ⚠
          </span>
          <span>{msg.mailRelayFailing(failing)}</span>
        </div>
      )}
      {showFailed && (
        <div className="mail-relay-banner mail-failed-banner" role="alert">
          <span className="mail-relay-banner__icon" aria-hidden="true">
            ⚠
          </span>
          <span>
            {relayBannerTexts.failed(unseen)} <a href={failedMailLogPath}>{relayBannerTexts.showFailed}</a>
          </span>
        </div>
      )}
    </>
  );
}
