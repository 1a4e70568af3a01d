// /admin/kitchen, the kitchen board for a tablet on the counter (rule: kitchen-steps): the day's
// confirmed orders by slot with what is left to bake, the slots with work left first, pending
// orders apart with confirm at hand, and each order's steps I ugnen → Klar → Hämtad/Serverad or
// Uteblev, the last one undoable. The first board comes in the page's HTML (+data); new and
// changed bookings appear by themselves (the admin live stream, with the dashboard's chime).
import { useMemo, type ReactNode } from 'react';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { formatDateLong } from '../../../lib/format.js';
import { ChimeToggle } from '../../../components/live/ChimeToggle.js';
import type { KitchenDayView } from '../api/kitchen.js';
import { kitchenBoard } from '../board.js';
import { useKitchenDay } from '../hooks/useKitchenDay.js';
import { useKitchenSteps } from '../hooks/useKitchenSteps.js';
import { usePrintTicket } from '../hooks/usePrintTicket.js';
import { kitchenTexts } from '../texts.js';
import { KitchenDayPicker } from './KitchenDayPicker.js';
import { PendingOrders } from './PendingOrders.js';
import { PrintTicket } from './PrintTicket.js';
import { SlotSection } from './SlotSection.js';
import '../kitchen.css';

/** day: as the server read it for the first HTML (null when that failed); requested: the address's ?date=. */
export function KitchenScreen({
  day: initial,
  requested,
  newOrder,
}: {
  day: KitchenDayView | null;
  requested: string | null;
  /** "Ny beställning" (rule: staff-orders), which the page passes in: for the shown day, reloading the board once placed. */
  newOrder?: (state: { date: string; enabled: boolean; onPlaced: () => void }) => ReactNode;
}) {
  const hydrated = useHydrated();
  const { day, shown, today, connected, reload, ...days } = useKitchenDay(initial, requested);
  const { busy, justUndone, step, confirm, forgetUndone } = useKitchenSteps(day, reload);
  const { printing, print } = usePrintTicket();
  const board = useMemo(() => kitchenBoard(day?.orders ?? []), [day]);

  const go = (next: string | null) => {
    forgetUndone();
    days.go(next);
  };
  const shift = (n: number) => {
    if (!day) return;
    forgetUndone();
    days.shift(n);
  };

  return (
    <div className="kitchen" data-live={connected ? 'on' : 'off'}>
      <div className="admin-title kitchen-title">
        <div>
          <h1>{kitchenTexts.title}</h1>
          {shown && <p className="kitchen-title__date">{formatDateLong(shown)}</p>}
        </div>
        <div className="kitchen-tools">
          <span className={`kitchen-live kitchen-live--${connected ? 'on' : 'off'}`} role="status">
            <span className="kitchen-live__dot" aria-hidden="true" />{' '}
            {connected ? kitchenTexts.live : kitchenTexts.offline}
          </span>
          <ChimeToggle label={kitchenTexts.sound} />
          {shown && newOrder?.({ date: shown, enabled: hydrated, onPlaced: () => void reload() })}
        </div>
      </div>
      <KitchenDayPicker
        shown={shown}
        today={today}
        loaded={day !== null}
        enabled={hydrated}
        onGo={go}
        onShift={shift}
      />
      {day === null ? (
        <LoadFailed text={kitchenTexts.loadFailed} disabled={!hydrated} onRetry={() => void reload()} />
      ) : (
        <div className="kitchen-board">
          {board.pending.length > 0 && (
            <PendingOrders orders={board.pending} busy={busy} enabled={hydrated} onConfirm={confirm} />
          )}
          {board.slots.length === 0 ? (
            <p className="card">{kitchenTexts.none}</p>
          ) : (
            board.slots.map((slot) => (
              <SlotSection
                key={slot.time}
                slot={slot}
                undone={justUndone}
                busy={busy}
                enabled={hydrated}
                onStep={step}
                onPrint={print}
              />
            ))
          )}
        </div>
      )}
      {printing && shown && (
        <PrintTicket
          key={printing.n}
          order={printing.order}
          date={shown}
          onReady={() => requestAnimationFrame(() => window.print())}
        />
      )}
    </div>
  );
}
