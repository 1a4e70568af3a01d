// Orders staff have not confirmed yet, apart from the slots (they are not in any sum), each with
// its confirm button at hand; one waiting for its Swish payment says so instead (rule: swish-payment).
import type { KitchenOrder } from '../board.js';
import { kitchenTexts } from '../texts.js';

interface Props {
  orders: KitchenOrder[];
  busy: string | null;
  enabled: boolean;
  onConfirm: (order: KitchenOrder) => void;
}

export function PendingOrders({ orders, busy, enabled, onConfirm }: Props) {
  return (
    <section className="kitchen-pending card" aria-labelledby="kitchen-pending-title">
      <h2 id="kitchen-pending-title">
        {kitchenTexts.pending} <span className="kitchen-pending__count">({orders.length})</span>
      </h2>
      <p className="hint">{kitchenTexts.pendingHint}</p>
      <ul className="kitchen-pending__list">
        {orders.map((order) => (
          <li key={order.id} className="kitchen-pending__row" data-booking={order.id}>
            <span className="kitchen-pending__time">{order.booking_time}</span>
            <span className="kitchen-pending__who">
              <strong>{order.name}</strong> <span className="muted">{order.id}</span>
              <br />
              {order.items.map((i) => `${i.qty} × ${i.pizza_name}`).join(', ')}
            </span>
            {order.awaiting_swish ? (
              // rule: swish-payment: confirmed once Swish says it is paid, not before.
              <span className="badge badge--pending kitchen-pending__paying">{kitchenTexts.awaitingSwish}</span>
            ) : (
              <button
                type="button"
                className="btn btn--ok kitchen-btn"
                disabled={!enabled || busy === order.id}
                onClick={() => onConfirm(order)}
                aria-label={kitchenTexts.confirmLabel(order.id)}
              >
                {kitchenTexts.confirm}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
