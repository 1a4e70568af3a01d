// The offer's head: the place held for this customer, how many pizzas, how the kiosk takes payment
// (rule: before-order), and until when the place is held.
import { formatDateLong } from '../../../lib/format.js';
import { Instant } from '../../../components/Instant.js';
import { PaymentMethodsNotice } from '../../../components/order/BeforeOrder.js';
import type { WaitlistOffer } from '../api/waitlist.js';
import { waitlistTexts } from '../texts.js';

export function OfferHero({ offer }: { offer: WaitlistOffer }) {
  return (
    <section className="hero" aria-labelledby="offer-title">
      <h1 id="offer-title">{waitlistTexts.offerTitle}</h1>
      <p className="offer__facts">
        <strong>{waitlistTexts.offerWhen(formatDateLong(offer.date), offer.time)}</strong>
      </p>
      <p>{waitlistTexts.offerUpTo(offer.pizzas)}</p>
      <PaymentMethodsNotice />
      <p className="notice offer__hold" role="status">
        {waitlistTexts.holdUntil}
        <strong>
          <Instant iso={offer.hold_expires_at} format="HH:mm" />
        </strong>
        {waitlistTexts.holdAfter}
      </p>
    </section>
  );
}
