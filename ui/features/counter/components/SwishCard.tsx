// Betalt med Swish (issue 49, rule: swish-payment): the day's orders paid with Swish in advance,
// and those still waiting for the payment, so staff at the counter never ask for payment twice.
// Shown only on a day that has any (a kiosk without Swish never sees it).
import type { SwishOrder } from '../api/counter.js';
import { counterScreenTexts as texts } from '../texts.js';

export function SwishCard({ orders }: { orders: readonly SwishOrder[] }) {
  return (
    <section className="card counter-card counter-swish" aria-labelledby="counter-swish">
      <h2 id="counter-swish">{texts.swishTitle}</h2>
      <p className="hint">{texts.swishIntro}</p>
      <ul className="counter-list">
        {orders.map((order) => (
          <li key={order.id} className="counter-row" data-booking={order.id} data-payment={order.payment}>
            <span>
              <strong>{order.time}</strong> {order.name} <span className="muted">{order.id}</span>
            </span>
            <span className={`badge ${order.payment === 'paid' ? 'badge--confirmed' : 'badge--pending'}`}>
              {texts.swishPayment[order.payment]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
