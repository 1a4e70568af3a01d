// An order's ticket for an 80 mm receipt printer: order number, date and time, name, eat in or
// take away, "Betald med Swish" when paid in advance, the pizzas, the comment. On screen it is laid out out of sight (so its height is
// known); printed (kitchen.css, @media print) it is the only thing on the page, and the page is
// exactly as long as the ticket.
import { KitchenLineAllergens } from './KitchenLineAllergens.js';
import { useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatDateShort } from '../../../lib/format.js';
import type { KitchenOrder } from '../board.js';
import { kitchenTexts } from '../texts.js';
import { named, useKiosk } from '../../../lib/kiosk.js';
import { LineChoices } from '../../../components/LineChoices.js';

const MM_PER_PX = 25.4 / 96;

export function PrintTicket({ order, date, onReady }: { order: KitchenOrder; date: string; onReady: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // The kiosk's own name heads the ticket (rule: kiosk-identity).
  const kiosk = useKiosk();
  const [heightMm, setHeightMm] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (ref.current) setHeightMm(Math.ceil(ref.current.getBoundingClientRect().height * MM_PER_PX) + 2);
  }, [order]);
  // Print once the page's length is set.
  const ready = useEffectEvent(() => onReady());
  useLayoutEffect(() => {
    if (heightMm !== null) ready();
  }, [heightMm]);

  return createPortal(
    <>
      {heightMm !== null && <style>{`@page { size: 80mm ${heightMm}mm; margin: 0; }`}</style>}
      <div className="ticket" ref={ref} data-ticket={order.id} aria-hidden="true">
        <p className="ticket__kiosk">{named(kitchenTexts.ticketTitle, kiosk.name)}</p>
        <p className="ticket__number">
          {kitchenTexts.order} {kitchenTexts.orderNumber(order.id)}
        </p>
        <p className="ticket__id">{order.id}</p>
        <p className="ticket__when">
          {kitchenTexts.ticketDate(formatDateShort(date))} <strong>{order.booking_time}</strong>
        </p>
        <p className="ticket__name">{order.name}</p>
        <p className="ticket__type">{order.dine_in ? kitchenTexts.dineIn : kitchenTexts.takeAway}</p>
        {/* rule: swish-payment: paid in advance, so nobody at the counter asks for payment again. */}
        {order.paid_with_swish && <p className="ticket__paid">{kitchenTexts.paidWithSwish}</p>}
        <ul className="ticket__pizzas">
          {order.items.map((item, i) => (
            <li key={i}>
              <span className="ticket__qty">{item.qty} ×</span> {item.pizza_name}
              <LineChoices line={item} prices={false} />
              <KitchenLineAllergens item={item} />
            </li>
          ))}
        </ul>
        <p className="ticket__total">{kitchenTexts.ticketTotal(order.total_pizzas)}</p>
        {order.comment && (
          <p className="ticket__comment">
            {kitchenTexts.comment}: {order.comment}
          </p>
        )}
      </div>
    </>,
    document.body,
  );
}
