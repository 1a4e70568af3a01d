// One order on the kitchen board: number, name, eat in or take away, where it is in the kitchen,
// the pizzas large, the comment, and buttons for the next steps, undo and printing its ticket.
import { KitchenLineAllergens } from './KitchenLineAllergens.js';
import type { KitchenStatus } from '../../../../domain/answers/booking.js';
import type { KitchenOrder } from '../board.js';
import { canUndoKitchenStep, nextKitchenSteps } from '../../../../domain/kioskDay/kitchen.js';
import type { KitchenStep } from '../api/kitchen.js';
import { kitchenTexts } from '../texts.js';
import { statusLabel, stepLabel } from '../../../components/kitchenStatusTexts.js';
import { LineChoices } from '../../../components/LineChoices.js';

interface Props {
  order: KitchenOrder;
  /** The order's last step on this board was an undo: another undo would change nothing. */
  undone: boolean;
  busy: boolean;
  enabled: boolean;
  onStep: (order: KitchenOrder, step: KitchenStep) => void;
  onPrint: (order: KitchenOrder) => void;
}

const badgeKind = (status: KitchenStatus | null) => (status === null ? 'new' : status.replace('_', '-'));

export function OrderCard({ order, undone, busy, enabled, onStep, onPrint }: Props) {
  const status = order.kitchen_status;
  const disabled = !enabled || busy;
  return (
    <article
      className={`tile kitchen-order kitchen-order--${badgeKind(status)}`}
      data-booking={order.id}
      data-kitchen={status ?? 'none'}
      aria-labelledby={`order-${order.id}`}
    >
      <header className="tile__head">
        <h3 id={`order-${order.id}`} className="kitchen-order__title">
          <span className="kitchen-order__number">{kitchenTexts.orderNumber(order.id)}</span> {order.name}
        </h3>
        <span className={`kitchen-badge kitchen-badge--${badgeKind(status)}`}>
          {statusLabel(status, order.dine_in)}
        </span>
      </header>
      <p className="kitchen-order__meta">
        <span className={`kitchen-type kitchen-type--${order.dine_in ? 'in' : 'out'}`}>
          {order.dine_in ? kitchenTexts.dineIn : kitchenTexts.takeAway}
        </span>
        {order.paid_with_swish && <span className="kitchen-type kitchen-type--paid">{kitchenTexts.paidWithSwish}</span>}
        <span className="muted">{order.id}</span>
      </p>
      <ul className="kitchen-order__pizzas">
        {order.items.map((item, i) => (
          <li key={i}>
            <strong>{item.qty} ×</strong> {item.pizza_name}
            <LineChoices line={item} prices={false} />
            <KitchenLineAllergens item={item} />
          </li>
        ))}
      </ul>
      {order.comment && (
        <p className="kitchen-order__comment">
          <strong>{kitchenTexts.comment}:</strong> {order.comment}
        </p>
      )}
      <div className="kitchen-order__actions">
        {/* The first next step is the one the kitchen takes most: the large primary button. */}
        {nextKitchenSteps(status).map((step, i) => (
          <button
            key={step}
            type="button"
            className={i === 0 ? 'btn btn--primary kitchen-btn kitchen-btn--main' : 'btn btn--secondary kitchen-btn'}
            disabled={disabled}
            onClick={() => onStep(order, step)}
            aria-label={kitchenTexts.stepLabel(stepLabel(step, order.dine_in), order.id)}
          >
            {stepLabel(step, order.dine_in)}
          </button>
        ))}
        {canUndoKitchenStep(status) && !undone && (
          <button
            type="button"
            className="btn btn--secondary kitchen-btn"
            disabled={disabled}
            onClick={() => onStep(order, 'undo')}
            aria-label={kitchenTexts.undoLabel(order.id)}
          >
            <span aria-hidden="true">↶</span> {kitchenTexts.undo}
          </button>
        )}
        <button
          type="button"
          className="btn btn--ghost kitchen-btn kitchen-btn--print"
          disabled={!enabled}
          onClick={() => onPrint(order)}
          aria-label={kitchenTexts.printLabel(order.id)}
        >
          {kitchenTexts.print}
        </button>
      </div>
    </article>
  );
}
