// The confirmation's Swish payment (issue 49, rule: swish-payment): on a phone an "Öppna Swish"
// button (the app's link), on a computer the request's QR code (an SVG the server draws), and the
// payment followed until it is paid or has failed, told in Swedish in a live region.
import { useEffect, useState } from 'react';
import { formatKr } from '../../lib/format.js';
import { swishFailureText } from '../../../domain/kioskDay/swishPayment.js';
import { swishTexts } from './swishTexts.js';
import { SWISH_FOLLOW_MS, readSwishPayment, type SwishPaymentSeen } from './swishPayment.js';

export interface SwishPaymentAsked {
  amountCents: number;
  expiresAt: string;
  appUrl: string | null;
  qrSvgUrl: string | null;
}

export function SwishPayment(props: { bookingId: string; email: string; payment: SwishPaymentAsked }) {
  const { bookingId, email, payment } = props;
  const [seen, setSeen] = useState<SwishPaymentSeen>({ status: 'requested' });
  const ended = seen.status === 'paid' || seen.status === 'failed';

  useEffect(() => {
    if (ended) return;
    let stopped = false;
    const timer = setTimeout(() => {
      void readSwishPayment(bookingId, email).then((next) => {
        if (!stopped) setSeen(next);
      });
    }, SWISH_FOLLOW_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [bookingId, email, ended, seen]);

  const kr = formatKr(payment.amountCents);
  const deadline = new Date(payment.expiresAt).toLocaleTimeString('sv-SE', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Stockholm',
  });
  return (
    <section className="swish-pay" aria-labelledby="swish-pay-title" data-payment={seen.status}>
      <h3 id="swish-pay-title">{swishTexts.title}</h3>
      <p className="swish-pay__amount">{swishTexts.amount(kr)}</p>
      {!ended && (
        <>
          {payment.appUrl ? (
            <div className="swish-pay__app">
              <a className="btn btn--primary btn--block" href={payment.appUrl}>
                {swishTexts.openApp}
              </a>
              <p>{swishTexts.phoneHint}</p>
            </div>
          ) : (
            <p className="notice">{swishTexts.noToken}</p>
          )}
          {payment.qrSvgUrl && (
            <figure className="swish-pay__qr">
              <img src={payment.qrSvgUrl} alt={swishTexts.qrAlt(kr)} width="220" height="220" />
              <figcaption>{swishTexts.scan}</figcaption>
            </figure>
          )}
          <p className="muted">{swishTexts.deadline(deadline)}</p>
        </>
      )}
      <div role="status" aria-live="polite">
        {seen.status === 'requested' && <p className="swish-pay__waiting">{swishTexts.waiting}</p>}
        {seen.status === 'unknown' && <p className="notice">{swishTexts.unknown}</p>}
        {seen.status === 'paid' && (
          <p className="notice notice--success">
            {swishTexts.paid} {swishTexts.paidNext}
          </p>
        )}
        {seen.status === 'failed' && (
          <p className="notice notice--danger">
            <strong>{swishTexts.failedTitle}.</strong> {swishFailureText[seen.failure]}
          </p>
        )}
      </div>
    </section>
  );
}
