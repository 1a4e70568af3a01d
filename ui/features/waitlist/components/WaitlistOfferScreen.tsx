// /waitlist/{token} (rule: waitlist): the place held for this customer, until when, the menu to
// choose up to the held number of pizzas, their details, and 'Boka' in one step; then the normal
// confirmation. A link that offers nothing (still waiting, run out, booked, unknown) says why in
// Swedish; a waiting or offered customer may leave the queue here. The offer and the order are the
// hooks' (hooks/useWaitlistOffer.ts, hooks/useOfferOrder.ts).
import { formatKr } from '../../../lib/format.js';
import { FieldError } from '../../../components/Field.js';
import { PizzaMenu } from '../../../components/order/PizzaMenu.js';
import { OrderSummary } from '../../../components/order/OrderSummary.js';
import { CustomerForm } from '../../../components/order/CustomerForm.js';
import { BeforeOrder } from '../../../components/order/BeforeOrder.js';
import { ConfirmationModal } from '../../../components/order/ConfirmationModal.js';
import { useWaitlistOffer } from '../hooks/useWaitlistOffer.js';
import { useOfferOrder } from '../hooks/useOfferOrder.js';
import { waitlistTexts } from '../texts.js';
import { NoOffer, OfferLoading } from './NoOffer.js';
import { OfferHero } from './OfferHero.js';
import '../waitlist.css';

export function WaitlistOfferScreen({ token }: { token: string }) {
  const page = useWaitlistOffer(token);
  const order = useOfferOrder(token, page);
  const { state, busy, customer, leave } = page;

  if (state.kind === 'loading') return <OfferLoading />;
  if (state.kind !== 'offer') return <NoOffer state={state} busy={busy} onLeave={() => void leave()} />;

  const { offer } = state;
  const { cart, chosen, price, errors, submitError } = order;
  const total = formatKr(price.final_cents);
  return (
    <div className="offer-page">
      <OfferHero offer={offer} />
      <form className="booking" noValidate onSubmit={(event) => void order.submit(event)} aria-labelledby="offer-title">
        <div className="booking__steps">
          <PizzaMenu
            pizzas={page.pizzas}
            cart={cart}
            enabled
            full={chosen >= offer.pizzas}
            banner={{ kind: chosen > 0 ? 'perfect' : 'more', text: waitlistTexts.chosenOf(chosen, offer.pizzas) }}
            error={errors.items}
            onAdd={(pizza) => order.add(pizza, offer.pizzas)}
            onRemove={order.remove}
          />
        </div>
        <div className="booking__checkout">
          <OrderSummary cart={cart} price={price} bonusCode={null} percentage={null} />
          <CustomerForm value={customer} errors={errors} onChange={page.setCustomer} />
          <section className="card checkout" aria-label={waitlistTexts.book(total)}>
            {/* Rule before-order: the total, payment at pick-up and how, no right of withdrawal. */}
            <BeforeOrder total={total} />
            <button
              type="submit"
              className="btn btn--primary btn--block btn--large"
              disabled={busy || cart.length === 0}
              aria-describedby={submitError ? 'submit-error before-order' : 'before-order'}
            >
              {busy ? waitlistTexts.booking : waitlistTexts.book(total)}
            </button>
            <FieldError id="submit-error" text={submitError} />
            <button
              type="button"
              className="btn btn--secondary btn--block"
              disabled={busy}
              onClick={() => void leave()}
            >
              {waitlistTexts.leave}
            </button>
          </section>
        </div>
      </form>
      {order.confirmation && (
        <ConfirmationModal summary={order.confirmation} onClose={() => window.location.assign('/')} />
      )}
    </div>
  );
}
