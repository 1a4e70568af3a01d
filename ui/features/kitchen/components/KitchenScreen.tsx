// /admin/kitchen, the kitchen board for a tablet on the counter (rule: kitchen-steps): the day's
// confirmed orders by slot with what is left to bake, the slots with work left first, pending
// orders apart with confirm at hand, and each order's steps I ugnen → Klar → Hämtad/Serverad or
// Uteblev, the last one undoable. The first board comes in the page's HTML (+data); new and
// changed bookings appear by themselves (the admin live stream, with the dashboard's chime).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast.js';
import dayjs from '../../../lib/dayjs.js';
import { Field, fieldControl } from '../../../components/Field.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { useAction } from '../../../components/useAction.js';
import { useHydrated } from '../../../components/useHydrated.js';
import { useReloadable } from '../../../components/useReloadable.js';
import { formatDateLong } from '../../../lib/format.js';
import { confirmBooking } from '../../../components/admin/bookingCalls.js';
import { useLiveBookings } from '../../../components/live/useLiveBookings.js';
import { ChimeToggle } from '../../../components/live/ChimeToggle.js';
import {
  getKitchenDay,
  kitchenPath,
  recordKitchenStep,
  type KitchenDayView,
  type KitchenStep,
} from '../api/kitchen.js';
import { kitchenBoard, type KitchenOrder } from '../board.js';
import { kitchenTexts } from '../texts.js';
import { PendingOrders } from './PendingOrders.js';
import { PrintTicket } from './PrintTicket.js';
import { SlotSection } from './SlotSection.js';
import '../kitchen.css';

const ISO = 'YYYY-MM-DD';

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
  const [date, setDate] = useState<string | null>(initial?.date ?? requested);
  const { data: day, setData, reload } = useReloadable(initial, () => getKitchenDay(date), kitchenTexts.loadFailed);
  const { busy, run } = useAction();
  const { connected } = useLiveBookings(() => void reload());
  // Orders whose last step on this board was an undo, with the status it left: a second undo
  // would change nothing (the server takes one step back per undo), so Ångra waits until the
  // order moves again, here or on another screen.
  const [undone, setUndone] = useState<ReadonlyMap<string, KitchenOrder['kitchen_status']>>(new Map());
  const [printing, setPrinting] = useState<{ order: KitchenOrder; n: number } | null>(null);
  // The ticket leaves once printed, so printing the page itself prints the board again.
  useEffect(() => {
    const printed = () => setPrinting(null);
    window.addEventListener('afterprint', printed);
    return () => window.removeEventListener('afterprint', printed);
  }, []);

  const board = useMemo(() => kitchenBoard(day?.orders ?? []), [day]);
  const justUndone = useMemo(
    () =>
      new Set(
        (day?.orders ?? []).filter((o) => undone.has(o.id) && undone.get(o.id) === o.kitchen_status).map((o) => o.id),
      ),
    [day, undone],
  );
  const shown = day?.date ?? date;
  const today = day?.today ?? null;

  function go(next: string | null) {
    const target = next === today ? null : next;
    setDate(next);
    setUndone(new Map());
    window.history.replaceState(window.history.state, '', kitchenPath(target));
    getKitchenDay(next).then(setData, () => toast.error(kitchenTexts.loadFailed));
  }

  function step(order: KitchenOrder, value: KitchenStep) {
    void run(order.id, () => recordKitchenStep(order.id, value), {
      failure: kitchenTexts.stepFailed,
      reload: async ({ booking }) => {
        setUndone((current) => {
          const next = new Map(current);
          if (value === 'undo') next.set(order.id, booking.kitchen_status);
          else next.delete(order.id);
          return next;
        });
        await reload();
      },
    });
  }

  function confirm(order: KitchenOrder) {
    void run(order.id, () => confirmBooking(order.id), {
      success: kitchenTexts.confirmed,
      failure: kitchenTexts.confirmFailed,
      reload,
    });
  }

  function print(order: KitchenOrder) {
    setPrinting((current) => ({ order, n: (current?.n ?? 0) + 1 }));
  }

  const shift = (days: number) => day && go(dayjs(day.date).add(days, 'day').format(ISO));

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
      <div className="kitchen-dates card" role="group" aria-label={kitchenTexts.chooseDay}>
        <button
          type="button"
          className="btn btn--secondary kitchen-btn"
          disabled={!hydrated || !day}
          onClick={() => shift(-1)}
          aria-label={kitchenTexts.previousDay}
        >
          <span aria-hidden="true">←</span>
        </button>
        <Field id="kitchen-date" label={kitchenTexts.date} className="kitchen-dates__field">
          <input
            {...fieldControl('kitchen-date')}
            type="date"
            value={shown ?? ''}
            disabled={!hydrated}
            onChange={(e) => e.target.value && go(e.target.value)}
          />
        </Field>
        <button
          type="button"
          className="btn btn--secondary kitchen-btn"
          disabled={!hydrated || !day}
          onClick={() => shift(1)}
          aria-label={kitchenTexts.nextDay}
        >
          <span aria-hidden="true">→</span>
        </button>
        <button
          type="button"
          className="btn btn--secondary kitchen-btn"
          disabled={!hydrated || (shown !== null && shown === today)}
          onClick={() => go(today)}
        >
          {kitchenTexts.today}
        </button>
      </div>

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
