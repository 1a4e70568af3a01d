// What the environment set up for Swish (issue 49): the Swish number, the API, the callback, the
// client certificate's subject and end (rule: swish-certificate), and "Testa anslutningen", whose
// Swedish answer is announced beside the button.
import { useState } from 'react';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { formatDateLong } from '../../../lib/format.js';
import { testConnection, type SwishConnectionAnswer, type SwishStatusAnswer } from '../api/swish.js';
import { swishTexts as texts } from '../texts.js';

export function SwishSetup({ swish }: { swish: SwishStatusAnswer }) {
  const hydrated = useHydrated();
  const { busy, run } = useAction();
  const [result, setResult] = useState<SwishConnectionAnswer | null>(null);
  const cert = swish.certificate;

  function test() {
    setResult(null);
    void run('test', testConnection, { failure: texts.testFailed, reload: setResult });
  }

  return (
    <section className="card swish-setup" aria-labelledby="swish-setup-title">
      <h2 id="swish-setup-title">{texts.setupTitle}</h2>
      {!swish.enabled || !cert ? (
        <p className="notice">{texts.off}</p>
      ) : (
        <>
          {cert.expires_soon && (
            <p className="notice swish-expiring" role="note">
              {texts.expiresSoon(formatDateLong(cert.valid_to.slice(0, 10)))}
            </p>
          )}
          <dl className="details swish-details">
            <dt>{texts.payee}</dt>
            <dd>{swish.payee}</dd>
            <dt>{texts.apiUrl}</dt>
            <dd>{swish.api_url}</dd>
            <dt>{texts.callbackUrl}</dt>
            <dd>{swish.callback_url}</dd>
            <dt>{texts.certificate}</dt>
            <dd>
              {cert.subject}
              <br />
              <span className="muted">{texts.certificateSource[cert.source]}</span>
            </dd>
            <dt>{texts.issuer}</dt>
            <dd>{cert.issuer}</dd>
            <dt>{texts.validTo}</dt>
            <dd className={cert.expires_soon ? 'details__warn' : undefined}>
              {formatDateLong(cert.valid_to.slice(0, 10))} ({texts.daysLeft(cert.days_left)})
            </dd>
            <dt>{texts.fingerprint}</dt>
            <dd className="swish-fingerprint">{cert.fingerprint256}</dd>
            <dt>{texts.serverCa}</dt>
            <dd>{swish.server_ca ? texts.serverCas[swish.server_ca] : '–'}</dd>
          </dl>
          <button type="button" className="btn btn--secondary" disabled={!hydrated || busy !== null} onClick={test}>
            {busy === 'test' ? texts.testing : texts.test}
          </button>
        </>
      )}
      <div aria-live="polite" className="swish-test-result">
        {result && <p className={result.connected ? 'notice notice--success' : 'notice'}>{result.message}</p>}
      </div>
    </section>
  );
}
