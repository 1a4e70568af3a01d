// What a customer must know before the order button (rule: before-order, distansavtalslagen 2 kap.
// 2–3 §§): directly above it, the total including VAT, that it is paid at pick-up and how, and that
// there is no right of withdrawal for the food. And, from the start of the order, how the kiosk
// takes payment. The kiosk's payment methods come with the page (public settings, +onBeforeRender).
import { usePageContext } from 'vike-react/usePageContext';
import { beforeOrderTerms, paymentMethodsNotice } from '../../../domain/settings/orderTerms.js';

const methodsOf = (terms: Vike.PageContext['orderTerms']) => terms?.payment_methods ?? [];

/**
 * Directly above "Slutför Beställning (…)": the three facts, in the order the button follows them.
 * `payment` replaces how it is paid when the order is paid now with Swish (rule: swish-prepay).
 */
export function BeforeOrder({ total, payment }: { total: string; payment?: string }) {
  const terms = beforeOrderTerms(total, methodsOf(usePageContext().orderTerms));
  return (
    <div className="before-order" id="before-order">
      <p className="before-order__total">
        <strong>{terms.total}</strong>
      </p>
      <p>{payment ?? terms.payment}</p>
      <p className="before-order__withdrawal">{terms.withdrawal}</p>
    </div>
  );
}

/** From the start of the order (2 kap. 3 §): how the kiosk takes payment at pick-up (and with Swish in advance). */
export function PaymentMethodsNotice({ prepay }: { prepay?: 'all' | 'some' }) {
  return <p className="payment-notice">{paymentMethodsNotice(methodsOf(usePageContext().orderTerms), prepay)}</p>;
}
