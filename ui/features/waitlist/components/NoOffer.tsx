// A /waitlist/{token} link that offers nothing: while it is read, and then why (still waiting, run
// out, booked, unknown) or that the customer left the queue; a waiting customer may leave it here.
import type { Loaded } from '../hooks/useWaitlistOffer.js';
import { waitlistTexts } from '../texts.js';

export function OfferLoading() {
  return (
    <section className="card offer" aria-busy="true">
      <p role="status">{waitlistTexts.loading}</p>
    </section>
  );
}

export function NoOffer({
  state,
  busy,
  onLeave,
}: {
  state: Extract<Loaded, { kind: 'none' | 'left' }>;
  busy: boolean;
  onLeave: () => void;
}) {
  return (
    <section className="card offer" aria-labelledby="offer-title">
      <h1 id="offer-title">{state.kind === 'left' ? state.text : waitlistTexts.noOfferTitle}</h1>
      {state.kind === 'none' && (
        <p className="notice" role="status">
          {state.text}
        </p>
      )}
      <div className="offer__actions">
        <a className="btn btn--primary" href="/">
          {waitlistTexts.backToBooking}
        </a>
        {state.kind === 'none' && state.canLeave && (
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={onLeave}>
            {waitlistTexts.leave}
          </button>
        )}
      </div>
    </section>
  );
}
