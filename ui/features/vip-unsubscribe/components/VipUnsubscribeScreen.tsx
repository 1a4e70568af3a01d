// /vip/avregistrera/{token}: the page every VIP invitation links to (rule: vip-unsubscribe). The
// link itself changes nothing (a mail scanner following it unsubscribes no one, RFC 8058): one
// press of the button does, and the answer says so where a screen reader hears it.
import { useKiosk } from '../../../lib/kiosk.js';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api.js';
import { Instant } from '../../../components/Instant.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { unsubscribeFromInvitations, type VipUnsubscribed } from '../api/unsubscribe.js';
import { vipUnsubscribeTexts as texts } from '../texts.js';

export function VipUnsubscribeScreen({ token }: { token: string }) {
  const kiosk = useKiosk();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<VipUnsubscribed | null>(null);
  const [error, setError] = useState('');
  const answer = useRef<HTMLParagraphElement>(null);

  // The button is gone with the answer: focus goes to what happened instead.
  useEffect(() => {
    if (done || error) answer.current?.focus();
  }, [done, error]);

  async function unsubscribe() {
    setBusy(true);
    setError('');
    try {
      setDone(await unsubscribeFromInvitations(token));
    } catch (failure) {
      setError(errorText(failure, texts.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className="hero hero--small">
        <h1>{texts.title}</h1>
        <p>{texts.intro(kiosk.name)}</p>
      </section>
      <section className="card" aria-labelledby="vip-unsubscribe-title">
        <h2 id="vip-unsubscribe-title">{texts.heading}</h2>
        {done ? (
          <p className="notice notice--success" role="status" tabIndex={-1} ref={answer}>
            <strong>{done.message}</strong> {texts.doneAt} <Instant iso={done.unsubscribed_at} />.
          </p>
        ) : (
          <>
            <p>{texts.stays}</p>
            {error && (
              <p className="notice" role="alert" tabIndex={-1} ref={answer}>
                {error}
              </p>
            )}
            <button
              type="button"
              className="btn btn--primary"
              disabled={!hydrated || busy}
              onClick={() => void unsubscribe()}
            >
              {busy ? texts.submitting : texts.submit}
            </button>
          </>
        )}
        <p>
          <a href="/">{texts.back}</a>
        </p>
      </section>
    </>
  );
}
