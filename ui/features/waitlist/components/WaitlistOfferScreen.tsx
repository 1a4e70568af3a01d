// /waitlist/{token} (rule: waitlist): the place held for this customer, until when, the menu to
// choose up to the held number of pizzas, their details, and 'Boka' in one step; then the normal
// confirmation. A link that offers nothing (still waiting, run out, booked, unknown) says why in
// Swedish; a waiting or offered customer may leave the queue here.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.js';
import { errorText, isNetworkError, ApiError } from '../../../lib/api.js';
import { addPizza, cartCount, orderPrice, removePizza, type CartLine } from '../../../lib/cart.js';
import { formatDateLong, formatKr } from '../../../lib/format.js';
import { check } from '../../../lib/formErrors.js';
import { customerTexts } from '../../../lib/texts.js';
import { customerMsg } from '../../../../domain/customerMessages.js';
import { Instant } from '../../../components/Instant.js';
import { FieldError } from '../../../components/Field.js';
import { emptyCustomer, type CustomerForm as Customer } from '../../../state/booking.js';
import { getMenu, type MenuPizza, menuPizza } from '../../../components/order/menu.js';
import { PizzaMenu } from '../../../components/order/PizzaMenu.js';
import { OrderSummary } from '../../../components/order/OrderSummary.js';
import { CustomerForm } from '../../../components/order/CustomerForm.js';
import { BeforeOrder, PaymentMethodsNotice } from '../../../components/order/BeforeOrder.js';
import { ConfirmationModal, type ConfirmationSummary } from '../../../components/order/ConfirmationModal.js';
import { waitlistBookSchema } from '../../../../domain/payloads.js';
import { bookFromOffer, getOffer, leaveWaitlist, type WaitlistOffer } from '../api/waitlist.js';
import { waitlistTexts } from '../texts.js';
import '../waitlist.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'offer'; offer: WaitlistOffer }
  | { kind: 'none'; text: string; canLeave: boolean }
  | { kind: 'left'; text: string };

/** The offer behind the token, or why there is none (a waiting customer may still leave the queue). */
async function readOffer(token: string): Promise<Loaded> {
  try {
    return { kind: 'offer', offer: await getOffer(token) };
  } catch (error) {
    const text = isNetworkError(error) ? customerTexts.networkFailed : errorText(error, waitlistTexts.offerFailed);
    return { kind: 'none', text, canLeave: text === customerMsg.waitlistStillWaiting };
  }
}

export function WaitlistOfferScreen({ token }: { token: string }) {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [pizzas, setPizzas] = useState<MenuPizza[]>([]);
  const [cart, setCart] = useState<CartLine[]>([]);
  const [customer, setCustomer] = useState<Customer>(emptyCustomer);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitError, setSubmitError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmation, setConfirmation] = useState<ConfirmationSummary | null>(null);

  /** Reads the offer and shows it; the customer's details start from the queue's. */
  const load = useCallback(
    () =>
      readOffer(token).then((loaded) => {
        setState(loaded);
        if (loaded.kind === 'offer')
          setCustomer((c) => ({ ...c, name: c.name || loaded.offer.name, email: c.email || loaded.offer.email }));
      }),
    [token],
  );

  useEffect(() => {
    void load();
    getMenu().then(
      (menu) => setPizzas(menu.map(menuPizza)),
      () => toast.error(customerTexts.loadFailed, { duration: 4000 }),
    );
  }, [load]);

  async function leave() {
    if (!window.confirm(waitlistTexts.leaveConfirm)) return;
    setBusy(true);
    try {
      const answer = await leaveWaitlist(token);
      setState({ kind: 'left', text: answer.message });
    } catch (error) {
      toast.error(errorText(error, waitlistTexts.leaveFailed), { duration: 4000 });
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === 'loading') {
    return (
      <section className="card offer" aria-busy="true">
        <p role="status">{waitlistTexts.loading}</p>
      </section>
    );
  }
  if (state.kind !== 'offer') {
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
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void leave()}>
              {waitlistTexts.leave}
            </button>
          )}
        </div>
      </section>
    );
  }

  const { offer } = state;
  const chosen = cartCount(cart);
  const price = orderPrice(cart, null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const body = {
      name: customer.name,
      email: customer.email.trim(),
      phone: customer.phone.trim() || null,
      dine_in: customer.dine_in,
      comment: customer.comment.trim() || null,
      items: cart.map(({ pizza_id, qty }) => ({ pizza_id, qty })),
    };
    const checked = check(waitlistBookSchema, body);
    const found: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (chosen === 0) found.items = customerMsg.atLeastOnePizza;
    setErrors(found);
    setSubmitError('');
    const first = ['items', 'name', 'email', 'phone'].find((f) => found[f]);
    if (first || !checked.ok) {
      document.getElementById(first === 'items' ? 'step-menu' : `booking-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const created = await bookFromOffer(token, checked.data);
      const b = created.booking;
      setConfirmation({
        orderNumber: created.booking_id,
        date: b.booking_date,
        time: b.booking_time,
        name: b.name,
        email: b.email,
        phone: b.phone,
        hasPhone: Boolean(b.phone),
        dine_in: b.dine_in,
        originalCost: b.original_total_cents,
        discount: b.discount_cents,
        totalCost: b.final_total_cents,
        isOffline: false,
        lines: b.items,
        vat: created.vat,
      });
    } catch (error) {
      const text = isNetworkError(error) ? customerTexts.networkFailed : errorText(error, waitlistTexts.bookFailed);
      setSubmitError(text);
      toast.error(text, { duration: 4000, id: 'submit' });
      // The hold may have run out meanwhile: the page then says so.
      if (error instanceof ApiError && error.status === 409) void load();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="offer-page">
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
      <form className="booking" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="offer-title">
        <div className="booking__steps">
          <PizzaMenu
            pizzas={pizzas}
            cart={cart}
            enabled
            full={chosen >= offer.pizzas}
            banner={{ kind: chosen > 0 ? 'perfect' : 'more', text: waitlistTexts.chosenOf(chosen, offer.pizzas) }}
            error={errors.items}
            onAdd={(pizza) => {
              const result = addPizza(cart, pizza, offer.pizzas);
              if (result.error) return void toast.error(result.error, { duration: 4000, id: 'cart' });
              setCart(result.cart);
              setErrors(({ items: _i, ...rest }) => rest);
            }}
            onRemove={(pizza) => setCart(removePizza(cart, pizza.id))}
          />
        </div>
        <div className="booking__checkout">
          <OrderSummary cart={cart} price={price} bonusCode={null} percentage={null} />
          <CustomerForm value={customer} errors={errors} onChange={setCustomer} />
          <section className="card checkout" aria-label={waitlistTexts.book(formatKr(price.final_cents))}>
            {/* Rule before-order: the total, payment at pick-up and how, no right of withdrawal. */}
            <BeforeOrder total={formatKr(price.final_cents)} />
            <button
              type="submit"
              className="btn btn--primary btn--block btn--large"
              disabled={busy || cart.length === 0}
              aria-describedby={submitError ? 'submit-error before-order' : 'before-order'}
            >
              {busy ? waitlistTexts.booking : waitlistTexts.book(formatKr(price.final_cents))}
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
      {confirmation && <ConfirmationModal summary={confirmation} onClose={() => window.location.assign('/')} />}
    </div>
  );
}
