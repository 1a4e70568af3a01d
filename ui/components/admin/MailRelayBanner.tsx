// While the mail relay refuses (a wrong sign-in, a full quota, no connection), staff see it on the
// dashboard and the kitchen board (rule: mail): GET /api/ready's mail part, read on opening and
// every 15 s until the screen is left. Nothing is shown while the relay takes mail, or before the
// first answer; a read that got no answer keeps what is shown (the connection banner tells that).
import { useEffect, useState } from 'react';
import { msg } from '../../../domain/messages.js';
import { readMailHealth } from './mailCalls.js';
import { relayBannerTexts } from './mailTexts.js';

export const RELAY_POLL_MS = 15_000;

export function MailRelayBanner({ every = RELAY_POLL_MS }: { every?: number }) {
  // The relay's answer while it fails; null while it takes mail (or nothing is known yet).
  const [failing, setFailing] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const mail = await readMailHealth(controller.signal);
        setFailing(mail?.relay === 'failing' ? (mail.last_error ?? relayBannerTexts.noAnswer) : null);
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

  if (failing === null) return null;
  return (
    <div className="mail-relay-banner" role="alert">
      <span className="mail-relay-banner__icon" aria-hidden="true">
        ⚠
      </span>
      <span>{msg.mailRelayFailing(failing)}</span>
    </div>
  );
}
