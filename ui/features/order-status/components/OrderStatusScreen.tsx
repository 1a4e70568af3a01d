// /status: the screen by the counter (rule: order-status-screen). Two columns, I ugnen and Klar
// att hämta, of order numbers only, large enough to read from three metres, following the live
// stream. The number's day part is small and its running number large: that is what the customer
// looks for.
import { DEFAULT_LOGO, useKiosk } from '../../../lib/kiosk.js';
import { orderStatusTexts } from '../texts.js';
import { useOrderStatus } from '../../../components/live/useOrderStatus.js';
import type { OrderStatusBoardAnswer } from '../api/orderStatus.js';

function OrderNumber({ id, paid }: { id: string; paid: boolean }) {
  const dash = id.lastIndexOf('-');
  return (
    <li
      className="status-number"
      data-order={id}
      data-paid={paid ? 'swish' : undefined}
      aria-label={paid ? orderStatusTexts.orderPaid(id) : orderStatusTexts.order(id)}
    >
      {dash > 0 && <span className="status-number__day">{id.slice(0, dash + 1)}</span>}
      <span className="status-number__seq">{dash > 0 ? id.slice(dash + 1) : id}</span>
      {/* rule: swish-payment: paid in advance, so nobody at the counter asks for payment again. */}
      {paid && (
        <span className="status-number__paid" aria-hidden="true">
          {orderStatusTexts.paidWithSwish}
        </span>
      )}
    </li>
  );
}

function Column({
  kind,
  title,
  none,
  ids,
  paid,
}: {
  kind: 'baking' | 'ready';
  title: string;
  none: string;
  ids: string[];
  paid: readonly string[];
}) {
  return (
    <section className={`status-column status-column--${kind}`} aria-labelledby={`status-${kind}`}>
      <h2 id={`status-${kind}`} className="status-column__title">
        <span>{title}</span>
        <span className="status-column__count">{orderStatusTexts.count(ids.length)}</span>
      </h2>
      {ids.length === 0 ? (
        <p className="status-column__none">{none}</p>
      ) : (
        <ul className="status-numbers" data-list={kind}>
          {ids.map((id) => (
            <OrderNumber key={id} id={id} paid={paid.includes(id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function OrderStatusScreen({ initial }: { initial: OrderStatusBoardAnswer | null }) {
  const { board, connected } = useOrderStatus(initial);
  // The kiosk's own name and logo (rule: kiosk-identity).
  const kiosk = useKiosk();
  return (
    <main id="main" className="status-screen" data-live={connected ? 'on' : 'off'}>
      <header className="status-screen__head">
        <span className="status-screen__brand">
          <img src={kiosk.logo_url ?? DEFAULT_LOGO} alt="" width="48" height="48" />
          <span>{kiosk.name}</span>
        </span>
        <h1>{orderStatusTexts.title}</h1>
        <span className={`status-live status-live--${connected ? 'on' : 'off'}`} role="status">
          <span className="status-live__dot" aria-hidden="true" />{' '}
          {connected ? orderStatusTexts.live : orderStatusTexts.offline}
        </span>
      </header>
      {/* The lists are announced when they change: a screen reader user at the counter hears their number. */}
      <div className="status-screen__columns" aria-live="polite">
        <Column
          kind="baking"
          title={orderStatusTexts.baking}
          none={orderStatusTexts.noneBaking}
          ids={board?.baking ?? []}
          paid={board?.paid ?? []}
        />
        <Column
          kind="ready"
          title={orderStatusTexts.ready}
          none={orderStatusTexts.noneReady}
          ids={board?.ready ?? []}
          paid={board?.paid ?? []}
        />
      </div>
      <p className="status-screen__hint">{orderStatusTexts.hint}</p>
    </main>
  );
}
