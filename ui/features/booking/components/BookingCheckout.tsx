// The checkout column: the order's summary, the customer's details, the bonus code, what the
// customer must know before ordering, and the submit button (SPEC 2, 4).
import { useAtom, useAtomValue } from 'jotai';
import { customerMsg } from '../../../../domain/customerMessages.js';
import type { CartLine, Price } from '../../../lib/cart.js';
import { formatKr } from '../../../lib/format.js';
import { customerTexts } from '../../../lib/texts.js';
import { onlineAtom } from '../../../state/connectivity.js';
import { bonusAtom, customerAtom, fieldErrorsAtom, payNowAtom } from '../../../state/booking.js';
import { OrderSummary } from '../../../components/order/OrderSummary.js';
import { CustomerForm } from '../../../components/order/CustomerForm.js';
import { BeforeOrder } from '../../../components/order/BeforeOrder.js';
import { FieldError } from '../../../components/Field.js';
import { BonusCodeField } from './BonusCodeField.js';
import { SwishChoice, type SwishOnPage } from './SwishChoice.js';
import { bookingPageTexts } from '../texts.js';

export function BookingCheckout({
  cart,
  price,
  vatRate,
  sms,
  swish,
  submitting,
  submitError,
}: {
  cart: CartLine[];
  price: Price;
  vatRate: number | null;
  /** Offer "SMS när pizzan är klar" (rule: sms-notices). */
  sms: boolean;
  /** The kiosk's prepay rule and what it asks of this order (rule: swish-prepay); null: never, or Swish is off. */
  swish: SwishOnPage | null;
  submitting: boolean;
  /** The server's refusal of the last submit. */
  submitError: string;
}) {
  const online = useAtomValue(onlineAtom);
  const [customer, setCustomer] = useAtom(customerAtom);
  const [bonus, setBonus] = useAtom(bonusAtom);
  const errors = useAtomValue(fieldErrorsAtom);
  const payNow = useAtomValue(payNowAtom);
  // rule: swish-prepay: paid now (required, or chosen where offered) changes how it is paid, said before the button.
  const paysNow = swish !== null && (swish.asked === 'required' || (swish.asked === 'offered' && payNow && online));
  const submitLabel = (online ? customerTexts.submitOnline : customerTexts.submitOffline)(formatKr(price.final_cents));
  return (
    <div className="booking__checkout">
      <OrderSummary
        cart={cart}
        price={price}
        bonusCode={bonus?.code ?? null}
        percentage={bonus?.discount_percentage ?? null}
        vatRate={vatRate}
      />
      <CustomerForm value={customer} errors={errors} onChange={setCustomer} sms={sms} />
      <section className="card checkout" aria-label={bookingPageTexts.checkout}>
        <BonusCodeField applied={bonus} online={online} onApply={setBonus} />
        {swish && <SwishChoice swish={swish} online={online} />}
        {/* Rule before-order: the total, payment at pick-up and how (or now with Swish), no right of withdrawal. */}
        <BeforeOrder
          total={formatKr(price.final_cents)}
          payment={paysNow ? bookingPageTexts.swishPaysNow : undefined}
        />
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
  );
}
