// The order made from an offer: up to the held number of pizzas, checked with the domain's schema
// (the first refused field focused), booked in one step, then the normal confirmation. A refusal
// is shown in the form; the hold may have run out meanwhile (409), so the offer is read again.
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.js';
import { errorText, isNetworkError, ApiError } from '../../../lib/api.js';
import { addPizza, cartCount, orderPrice, removePizza, type CartLine } from '../../../lib/cart.js';
import { check } from '../../../lib/formErrors.js';
import { customerTexts } from '../../../lib/texts.js';
import type { MenuPizza } from '../../../components/order/menu.js';
import type { ConfirmationSummary } from '../../../components/order/confirmationSummary.js';
import { waitlistBookSchema } from '../../../../domain/payloads.js';
import { bookFromOffer } from '../api/waitlist.js';
import { firstRefused, offerBookingBody, offerConfirmation, refusedFields } from '../lib/offerBooking.js';
import { waitlistTexts } from '../texts.js';
import type { WaitlistOfferPage } from './useWaitlistOffer.js';

export function useOfferOrder(token: string, page: WaitlistOfferPage) {
  const { customer, busy, setBusy, load } = page;
  const [cart, setCart] = useState<CartLine[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitError, setSubmitError] = useState('');
  const [confirmation, setConfirmation] = useState<ConfirmationSummary | null>(null);
  const chosen = cartCount(cart);
  const price = orderPrice(cart, null);

  /** One more of a pizza, up to the `held` number. */
  const add = (pizza: MenuPizza, held: number) => {
    const result = addPizza(cart, pizza, held);
    if (result.error) return void toast.error(result.error, { duration: 4000, id: 'cart' });
    setCart(result.cart);
    setErrors(({ items: _i, ...rest }) => rest);
  };
  const remove = (pizza: MenuPizza) => setCart(removePizza(cart, pizza.id));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = check(waitlistBookSchema, offerBookingBody(customer, cart));
    const found = refusedFields(checked.ok ? null : checked.errors, chosen);
    setErrors(found);
    setSubmitError('');
    const first = firstRefused(found);
    if (first || !checked.ok) {
      document.getElementById(first === 'items' ? 'step-menu' : `booking-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      setConfirmation(offerConfirmation(await bookFromOffer(token, checked.data)));
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

  return { cart, chosen, price, errors, submitError, confirmation, add, remove, submit };
}
