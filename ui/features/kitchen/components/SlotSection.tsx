// One slot of the kitchen board: its time, what is left to bake ("Att baka 18:00: 3 × Margherita,
// 1 × Vesuvio"), and its orders. A finished slot says so and sits after those with work left.
import { pizzaLine, type KitchenOrder, type KitchenSlot } from '../board.js';
import type { KitchenStep } from '../api/kitchen.js';
import { kitchenTexts } from '../texts.js';
import { OrderCard } from './OrderCard.js';
import { slotDelayTexts } from '../../../components/slotDelayTexts.js';

interface Props {
  slot: KitchenSlot;
  undone: ReadonlySet<string>;
  busy: string | null;
  enabled: boolean;
  onStep: (order: KitchenOrder, step: KitchenStep) => void;
  onPrint: (order: KitchenOrder) => void;
}

export function SlotSection({ slot, undone, busy, enabled, onStep, onPrint }: Props) {
  const headingId = `slot-${slot.time.replace(':', '')}`;
  const pizzas = slot.orders.reduce((sum, o) => sum + o.total_pizzas, 0);
  return (
    <section
      className={`kitchen-slot${slot.done ? ' kitchen-slot--done' : ''}`}
      aria-labelledby={headingId}
      data-slot={slot.time}
    >
      <header className="kitchen-slot__head">
        <h2 id={headingId} className="kitchen-slot__time">
          {kitchenTexts.slot(slot.time)}
        </h2>
        <span className="kitchen-slot__count">
          {kitchenTexts.orders(slot.orders.length)} · {kitchenTexts.pizzas(pizzas)}
        </span>
        {slot.delayedTo && (
          <span className="kitchen-badge kitchen-badge--baking" data-delayed-to={slot.delayedTo}>
            {slotDelayTexts.delayedTo(slot.delayedTo)}
          </span>
        )}
        {slot.done && <span className="kitchen-badge kitchen-badge--picked-up">{kitchenTexts.slotDone}</span>}
      </header>
      <p className="kitchen-slot__bake" data-to-bake={slot.time}>
        {slot.toBake.length > 0
          ? kitchenTexts.toBake(slot.time, pizzaLine(slot.toBake))
          : kitchenTexts.nothingToBake(slot.time)}
      </p>
      <div className="kitchen-orders">
        {slot.orders.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            undone={undone.has(order.id)}
            busy={busy === order.id}
            enabled={enabled}
            onStep={onStep}
            onPrint={onPrint}
          />
        ))}
      </div>
    </section>
  );
}
