// The booking page (SPEC 2): date → count → time → pizzas, each step gated by the one before,
// then the summary, the customer's details and the submit button; online the booking goes to
// POST /api/bookings, offline it waits in the device's queue (lib/offlineQueue.ts). Under the slots,
// the waitlist's prompt, which the page passes in (`slotsFooter`). The order lives in the booking
// atoms (state/booking.ts); the calls and the rules over them are the hooks below, in the order
// their effects run.
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { orderPrice } from '../../../lib/cart.js';
import type { SlotsFooterState } from '../../../components/order/slotsFooter.js';
import {
  bonusAtom,
  cartAtom,
  customerAtom,
  dateAtom,
  payNowAtom,
  pizzaCountAtom,
  timeAtom,
  vipAtom,
} from '../../../state/booking.js';
import { paymentAskedFor } from '../../../../domain/settings/swishPrepayAsked.js';
import { onlineAtom } from '../../../state/connectivity.js';
import { PaymentMethodsNotice } from '../../../components/order/BeforeOrder.js';
import { LazyVipBanner } from './LazyVipBanner.js';
import { WebPauseBanner } from './WebPauseBanner.js';
import { BookingSteps } from './BookingSteps.js';
import { BookingCheckout } from './BookingCheckout.js';
import { useOpenDays } from '../api/useOpenDays.js';
import { useExtras, useMenuAndCapacity, useVatRate } from '../api/useMenuData.js';
import { useCheckout } from '../api/useCheckout.js';
import { useOrderFollowsPage } from '../hooks/useOrderFollowsPage.js';
import { useBookableSlots } from '../hooks/useBookableSlots.js';
import { useSubmitBooking } from '../hooks/useSubmitBooking.js';
import { bookingPageTexts } from '../texts.js';
import type { BookingPageData } from '../api/booking.js';

export function BookingScreen({
  data,
  slotsFooter,
}: {
  data: BookingPageData;
  slotsFooter?: (state: SlotsFooterState) => ReactNode;
}) {
  const date = useAtomValue(dateAtom);
  const count = useAtomValue(pizzaCountAtom);
  const time = useAtomValue(timeAtom);
  const cart = useAtomValue(cartAtom);
  const customer = useAtomValue(customerAtom);
  const bonus = useAtomValue(bonusAtom);
  const chosePayNow = useAtomValue(payNowAtom);
  const vip = useAtomValue(vipAtom);
  const vipToken = vip?.status === 'valid' ? vip.token : null;
  const days = useOpenDays(data.openDays, vipToken);
  const { pizzas, capacity } = useMenuAndCapacity(data);
  const extras = useExtras();
  const vatRate = useVatRate(date, customer.dine_in);
  useOrderFollowsPage(pizzas, capacity, days.dates);
  const { availability, today, unavailable, slot } = useBookableSlots(vipToken);
  const checkout = useCheckout(Boolean(date));
  const price = orderPrice(cart, bonus?.discount_percentage ?? null);
  // rule: swish-prepay: "Betala nu med Swish" counts only where the kiosk offers the choice, and
  // online (an order kept offline is sent later, when nobody is there to pay it).
  const online = useAtomValue(onlineAtom);
  const swishAsked = data.swish ? paymentAskedFor(data.swish, { source: 'web', pizzas: count }, 0) : 'none';
  const payNow = swishAsked === 'offered' && chosePayNow && online;
  const order = { date, time, count, cart, customer, bonus, vipToken, sms: data.sms, payNow };
  const { submitting, submitError, confirmation, submit, closeConfirmation } = useSubmitBooking({
    order,
    price,
    checkout,
    slotRemaining: slot?.capacity_remaining ?? null,
    refresh: availability.refresh,
  });

  return (
    <>
      <section className="hero">
        <h1>{bookingPageTexts.title}</h1>
        <p>{bookingPageTexts.intro}</p>
        {/* Rule before-order: how the kiosk takes payment, from the start of the order. */}
        <PaymentMethodsNotice
          prepay={data.swish ? (data.swish.choice === 'required_all_web' ? 'all' : 'some') : undefined}
        />
      </section>
      <LazyVipBanner />
      <WebPauseBanner today={today} />
      <form className="booking" noValidate onSubmit={(event) => void submit(event)} aria-label={bookingPageTexts.form}>
        <BookingSteps
          days={days}
          capacity={capacity}
          availability={availability}
          pizzas={pizzas}
          extras={extras}
          unavailable={unavailable}
          vipToken={vipToken}
          slotsFooter={slotsFooter}
        />
        <BookingCheckout
          cart={cart}
          price={price}
          vatRate={vatRate}
          sms={data.sms}
          swish={data.swish && { prepay: data.swish, asked: swishAsked }}
          submitting={submitting}
          submitError={submitError}
        />
      </form>
      {confirmation && checkout && <checkout.ConfirmationModal summary={confirmation} onClose={closeConfirmation} />}
    </>
  );
}
