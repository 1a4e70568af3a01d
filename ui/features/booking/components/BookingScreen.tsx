// The booking page (SPEC 2): date → count → time → pizzas, each step gated by the one before,
// then the summary, the customer's details and the submit button; online the booking goes to
// POST /api/bookings, offline it waits in the device's queue (lib/offlineQueue.ts). Under the slots,
// the waitlist's prompt, which the page passes in (`slotsFooter`).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { toast } from '../../../lib/toast.js';
import { customerMsg } from '../../../../domain/customerMessages.js';
import { DEFAULT_CAPACITY_PER_WINDOW } from '../../../../domain/settings/defaults.js';
import { errorText, isNetworkError } from '../../../lib/api.js';
import {
  addPizza,
  cartCount,
  cartItems,
  type LineChoice,
  orderPrice,
  orderProblem,
  refreshCart,
  removePizza,
  selectionBanner,
} from '../../../lib/cart.js';
import { formatKr, newKey } from '../../../lib/format.js';
import { enqueue } from '../../../lib/offlineQueue.js';
import type { checkBooking } from '../lib/checkBooking.js';
import { customerTexts } from '../../../lib/texts.js';
import type { BookingCreated } from '../../../../domain/answers/index.js';
import type { SlotsFooterState } from '../../../components/order/slotsFooter.js';
import { onlineAtom, syncedAtom } from '../../../state/connectivity.js';
import {
  bonusAtom,
  cartAtom,
  customerAtom,
  dateAtom,
  fieldErrorsAtom,
  pizzaCountAtom,
  resetOrderAtom,
  timeAtom,
  vipAtom,
} from '../../../state/booking.js';
import { DateStep } from './DateStep.js';
import { PizzaCountStep } from './PizzaCountStep.js';
import { SlotGrid, slotLabel } from './SlotGrid.js';
import { PizzaMenu } from '../../../components/order/PizzaMenu.js';
import { OrderSummary } from '../../../components/order/OrderSummary.js';
import { CustomerForm } from '../../../components/order/CustomerForm.js';
import { BeforeOrder, PaymentMethodsNotice } from '../../../components/order/BeforeOrder.js';
import { getExtras, getMenu, getVatRate, type MenuExtra, type MenuPizza } from '../../../components/order/menu.js';
import { BonusCodeField } from './BonusCodeField.js';
import type { ConfirmationModal, ConfirmationSummary } from '../../../components/order/ConfirmationModal.js';
import { VipBanner } from './VipBanner.js';
import { WebPauseBanner } from './WebPauseBanner.js';
import { useDayStatus } from '../api/useDayStatus.js';
import { unavailablePizzas } from '../lib/counterStatus.js';
import { useOpenDays } from '../api/useOpenDays.js';
import { useAvailability } from '../api/useAvailability.js';
import { bookingPageTexts } from '../texts.js';
import { counterTexts } from '../counterTexts.js';
import { getPublicSettings, placeBooking, type BookingPageData } from '../api/booking.js';
import { FieldError } from '../../../components/Field.js';

/**
 * What only a submit needs, the form's checks and the confirmation (with the ready notice's opt-in
 * and the shared Dialog), loads once the customer has chosen a date, long before the submit, so a
 * booking saved offline a moment later still finds it. Size: with the waitlist's join dialog
 * (loaded on demand too) the confirmation took the booking page's JavaScript from 110.2 to
 * 107.8 KB gzipped, and the checks from 102.6 to 101.1 KB.
 */
interface Checkout {
  checkBooking: typeof checkBooking;
  ConfirmationModal: typeof ConfirmationModal;
}
const loadCheckout = (): Promise<Checkout> =>
  Promise.all([import('../lib/checkBooking.js'), import('../../../components/order/ConfirmationModal.js')]).then(
    ([checks, view]) => ({
      checkBooking: checks.checkBooking,
      ConfirmationModal: view.ConfirmationModal,
    }),
  );

/** The form's fields in page order: the first refused one gets the focus. */
const FIELD_ORDER = ['date', 'time', 'items', 'name', 'email', 'phone'] as const;
const FIELD_ID: Record<string, string> = {
  date: 'booking-date',
  time: 'step-time',
  items: 'step-menu',
  name: 'booking-name',
  email: 'booking-email',
  phone: 'booking-phone',
};

export function BookingScreen({
  data,
  slotsFooter,
}: {
  data: BookingPageData;
  slotsFooter?: (state: SlotsFooterState) => ReactNode;
}) {
  const online = useAtomValue(onlineAtom);
  const synced = useAtomValue(syncedAtom);
  const [pizzas, setPizzas] = useState<MenuPizza[]>(data.pizzas ?? []);
  const [capacity, setCapacity] = useState(data.capacity ?? DEFAULT_CAPACITY_PER_WINDOW);
  const [date, setDate] = useAtom(dateAtom);
  const [count, setCount] = useAtom(pizzaCountAtom);
  const [time, setTime] = useAtom(timeAtom);
  const [cart, setCart] = useAtom(cartAtom);
  const [customer, setCustomer] = useAtom(customerAtom);
  const [bonus, setBonus] = useAtom(bonusAtom);
  const [errors, setErrors] = useAtom(fieldErrorsAtom);
  const vip = useAtomValue(vipAtom);
  const resetOrder = useSetAtom(resetOrderAtom);
  const [submitting, setSubmitting] = useState(false);
  /** The last order whose send failed on the network, with the key it was sent under. */
  const unanswered = useRef<{ order: string; key: string } | null>(null);
  /** The server's refusal of the last submit (e.g. the slot filled up meanwhile). */
  const [submitError, setSubmitError] = useState('');
  const [confirmation, setConfirmation] = useState<ConfirmationSummary | null>(null);
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const vipToken = vip?.status === 'valid' ? vip.token : null;
  const days = useOpenDays(data.openDays, vipToken);

  // The menu and capacity come with the first HTML; a failed part is asked for again here.
  useEffect(() => {
    if (data.pizzas && data.capacity) return;
    Promise.all([getMenu(), getPublicSettings()]).then(
      ([menu, settings]) => {
        setPizzas(menu);
        setCapacity(settings.capacity_per_window);
      },
      () => toast.error(customerTexts.loadFailed, { duration: 4000 }),
    );
  }, [data.pizzas, data.capacity]);
  // Issue 29: the extras the menu cards offer, and the VAT rate of the order's date and type.
  const [extras, setExtras] = useState<MenuExtra[]>([]);
  useEffect(() => {
    getExtras().then(setExtras, () => setExtras([]));
  }, []);
  // The rate is kept with the date and type it was asked for, so a stale one is never shown.
  const [vat, setVat] = useState<{ key: string; rate: number } | null>(null);
  const vatKey = `${date}|${customer.dine_in}`;
  const vatRate = vat?.key === vatKey ? vat.rate : null;
  useEffect(() => {
    if (!date) return;
    getVatRate(date, customer.dine_in).then(
      (rate) => setVat({ key: `${date}|${customer.dine_in}`, rate }),
      () => undefined,
    );
  }, [date, customer.dine_in]);
  // Prices and names follow the menu the page shows.
  useEffect(() => setCart((current) => refreshCart(current, pizzas)), [pizzas, setCart]);
  // SPEC 4: the pizza count is capped at capacity_per_window when it changes.
  useEffect(() => setCount((n) => Math.min(Math.max(1, n), capacity)), [capacity, setCount]);

  // A link made for one VIP date opens the page on that date.
  const invitedDate = vip?.status === 'valid' ? (vip.customer?.vip_date ?? null) : null;
  useEffect(() => {
    if (invitedDate && !date && days.dates.some((d) => d.date === invitedDate)) setDate(invitedDate);
  }, [invitedDate, date, days.dates, setDate]);

  const clearTime = useCallback(() => setTime(''), [setTime]);
  const availability = useAvailability(date, count, vipToken, clearTime);
  const { slots, refresh } = availability;
  // Sold out, stock and pause (issue 29), heard of through the public live stream, which also
  // tells of capacity taken or freed on the chosen date: the slots are read again at once.
  const liveRefresh = useRef(false);
  const counter = useDayStatus(date, () => {
    liveRefresh.current = true;
    refresh(0);
  });
  const todayDate = counter.today?.date ?? null;
  const unavailable = useMemo(
    () => unavailablePizzas(counter.status, date, time, todayDate),
    [counter.status, date, time, todayDate],
  );

  // The first slot that holds the whole order is chosen when the current time no longer fits.
  useEffect(() => {
    const live = liveRefresh.current;
    liveRefresh.current = false;
    if (slots.some((s) => s.time === time && s.can_accommodate)) return;
    // Someone else took the chosen time while the page was open: say so, not just move it.
    if (live && time) toast(counterTexts.timeTaken(time), { duration: 6000, id: 'time-taken' });
    const first = slots.find((s) => s.can_accommodate);
    if (first || time) setTime(first?.time ?? '');
  }, [slots, time, setTime]);

  // After offline bookings were synced, the slots they took are no longer free.
  useEffect(() => {
    if (synced > 0) refresh(0);
  }, [synced, refresh]);

  const chosenDate = Boolean(date);
  useEffect(() => {
    if (!chosenDate || checkout) return;
    let current = true;
    loadCheckout().then(
      (loaded) => current && setCheckout(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [chosenDate, checkout]);

  // While the confirmation is shown: refresh after 0.1 s, then every second (SPEC 4, 9).
  useEffect(() => {
    if (!confirmation) return;
    refresh(100);
    const poll = setInterval(() => refresh(0), 1000);
    return () => clearInterval(poll);
  }, [confirmation, refresh]);

  const chosen = cartCount(cart);
  const slot = slots.find((s) => s.time === time) ?? null;
  const price = orderPrice(cart, bonus?.discount_percentage ?? null);
  const banner = date && time ? selectionBanner(chosen, count) : null;
  const menuEnabled = Boolean(date && count && time);

  const chooseDate = (next: string) => {
    setDate(next);
    setTime('');
    setErrors(({ date: _d, time: _t, ...rest }) => rest);
  };

  const add = (pizza: MenuPizza, choice: LineChoice) => {
    const result = addPizza(cart, pizza, count, choice);
    if (result.error) return void toast.error(result.error, { duration: 4000, id: 'cart' });
    setCart(result.cart);
    setErrors(({ items: _i, ...rest }) => rest);
  };

  const payload = useMemo(
    () => ({
      date,
      time,
      name: customer.name,
      email: customer.email.trim(),
      phone: customer.phone.trim() || null,
      dine_in: customer.dine_in,
      comment: customer.comment.trim() || null,
      ...(data.sms && customer.sms_when_ready ? { sms_when_ready: true } : {}),
      items: cartItems(cart),
      requested_pizzas: count,
      ...(bonus ? { bonus_code: bonus.code } : {}),
      ...(vipToken ? { vip_token: vipToken } : {}),
    }),
    [date, time, customer, cart, count, bonus, vipToken, data.sms],
  );

  /** SPEC 5's messages for this order, by field; empty when it may be sent. */
  function validate(check: typeof checkBooking): Record<string, string> {
    const found: Record<string, string> = {};
    const checked = check(payload);
    if (!checked.ok) {
      for (const [path, message] of Object.entries(checked.errors)) {
        // The requested count belongs to the order, shown at the menu.
        const first = path.split('.')[0];
        const field = first === 'requested_pizzas' ? 'items' : first;
        if (field && !found[field]) found[field] = message;
      }
    }
    const problem = orderProblem(cart, count, slot?.capacity_remaining ?? null);
    if (problem) found.items = problem;
    return found;
  }

  function summaryOf(orderNumber: string, isOffline: boolean, created?: BookingCreated): ConfirmationSummary {
    const server = created?.booking;
    return {
      orderNumber,
      date,
      time,
      name: customer.name.trim(),
      email: payload.email,
      phone: payload.phone,
      hasPhone: Boolean(payload.phone),
      dine_in: customer.dine_in,
      originalCost: server?.original_total_cents ?? price.original_cents,
      discount: server?.discount_cents ?? price.discount_cents,
      totalCost: server?.final_total_cents ?? price.final_cents,
      isOffline,
      lines: server?.items ?? cart,
      vat: created?.vat ?? null,
    };
  }

  function saveOffline(key: string) {
    const saved = enqueue(localStorage, payload, key);
    // SPEC 3: the order number is the booking id, or the current time (the time it was saved)
    // when there is none yet.
    setConfirmation(summaryOf(String(saved.timestamp), true));
    toast(customerTexts.savedOffline, { duration: 5000, icon: '💾' });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (submitting) return;
    // Loaded since the date was chosen; asked for again only if that load failed.
    const loaded = checkout ?? (await loadCheckout().catch(() => null));
    if (!loaded) return void toast.error(customerTexts.networkFailed, { duration: 4000, id: 'submit' });
    const found = validate(loaded.checkBooking);
    setErrors(found);
    setSubmitError('');
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      toast.error(found[first], { duration: 4000, id: 'submit' });
      document.getElementById(FIELD_ID[first])?.focus();
      return;
    }
    // One key per order: a press again after a failed send reuses it, so a booking whose answer
    // was lost is answered on the retry, never made twice; a changed order is a new booking.
    const order = JSON.stringify(payload);
    const key = unanswered.current?.order === order ? unanswered.current.key : newKey();
    if (!online) return saveOffline(key);
    setSubmitting(true);
    try {
      const created = await placeBooking(payload, key);
      unanswered.current = null;
      setConfirmation(summaryOf(created.booking_id, false, created));
      refresh(500);
    } catch (error) {
      if (isNetworkError(error)) {
        // SPEC 8: online, a failed send says so ('Kunde inte skapa bokning'); the booking may have
        // been made, so the next press sends the same key and gets that booking back.
        unanswered.current = { order, key };
        setSubmitError(customerTexts.bookingFailed);
        toast.error(customerTexts.bookingFailed, { duration: 4000, id: 'submit' });
      } else {
        const text = errorText(error, customerTexts.bookingFailed);
        setSubmitError(text);
        toast.error(text, { duration: 4000, id: 'submit' });
        refresh(0);
      }
    } finally {
      setSubmitting(false);
    }
  }

  function closeConfirmation() {
    setConfirmation(null);
    resetOrder();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    refresh(100);
    setTimeout(() => document.getElementById('booking-date')?.focus(), 0);
  }

  const submitLabel = (online ? customerTexts.submitOnline : customerTexts.submitOffline)(formatKr(price.final_cents));

  return (
    <>
      <section className="hero">
        <h1>{bookingPageTexts.title}</h1>
        <p>{bookingPageTexts.intro}</p>
        {/* Rule before-order: how the kiosk takes payment, from the start of the order. */}
        <PaymentMethodsNotice />
      </section>
      <VipBanner />
      <WebPauseBanner today={counter.today} />
      <form className="booking" noValidate onSubmit={(event) => void submit(event)} aria-label={bookingPageTexts.form}>
        <div className="booking__steps">
          <DateStep
            dates={days.dates}
            loading={days.loading}
            fallback={days.fallback}
            value={date}
            error={errors.date}
            onChange={chooseDate}
          />
          <PizzaCountStep
            count={count}
            max={capacity}
            disabled={!date}
            onChange={(n) => setCount(Math.min(Math.max(1, n), capacity))}
          />
          <SlotGrid
            enabled={Boolean(date && count)}
            slots={slots}
            capacity={capacity}
            loading={availability.loading}
            message={availability.message}
            value={time}
            error={errors.time}
            onChange={(next) => {
              setTime(next);
              setErrors(({ time: _t, ...rest }) => rest);
            }}
            footer={slotsFooter?.({
              date,
              slots,
              count,
              capacity,
              labelOf: (s) => slotLabel(s, capacity),
              customer,
              vipToken,
              online,
            })}
          />
          <PizzaMenu
            pizzas={pizzas}
            cart={cart}
            enabled={menuEnabled}
            full={chosen >= count}
            banner={banner}
            error={errors.items}
            extras={extras}
            onAdd={add}
            onRemove={(pizza, choice) => setCart(removePizza(cart, pizza.id, choice))}
            unavailable={unavailable}
          />
        </div>
        <div className="booking__checkout">
          <OrderSummary
            cart={cart}
            price={price}
            bonusCode={bonus?.code ?? null}
            percentage={bonus?.discount_percentage ?? null}
            vatRate={vatRate}
          />
          <CustomerForm value={customer} errors={errors} onChange={setCustomer} sms={data.sms} />
          <section className="card checkout" aria-label={bookingPageTexts.checkout}>
            <BonusCodeField applied={bonus} online={online} onApply={setBonus} />
            {/* Rule before-order: the total, payment at pick-up and how, no right of withdrawal. */}
            <BeforeOrder total={formatKr(price.final_cents)} />
            <button
              type="submit"
              className="btn btn--primary btn--block btn--large"
              disabled={submitting || cart.length === 0}
              aria-describedby={
                cart.length === 0 ? 'submit-why' : submitError ? 'submit-error before-order' : 'before-order'
              }
            >
              {submitting ? bookingPageTexts.sending : submitLabel}
            </button>
            {cart.length === 0 && (
              <p id="submit-why" className="hint">
                {customerMsg.atLeastOnePizza}
              </p>
            )}
            <FieldError id="submit-error" text={submitError} />
            <p className="hint">{bookingPageTexts.validWhenConfirmed}</p>
          </section>
        </div>
      </form>
      {confirmation && checkout && <checkout.ConfirmationModal summary={confirmation} onClose={closeConfirmation} />}
    </>
  );
}
