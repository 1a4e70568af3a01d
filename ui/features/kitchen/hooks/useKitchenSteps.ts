// An order's steps on the board (I ugnen → Klar → Hämtad/Serverad or Uteblev, the last one
// undoable) and a pending order's confirmation, each sent once at a time and the board read again.
import { useMemo, useState } from 'react';
import { useAction } from '../../../components/useAction.js';
import { confirmBooking } from '../../../components/admin/bookingCalls.js';
import { recordKitchenStep, type KitchenDayView, type KitchenStep } from '../api/kitchen.js';
import type { KitchenOrder } from '../board.js';
import { kitchenTexts } from '../texts.js';

export function useKitchenSteps(day: KitchenDayView | null, reload: () => Promise<unknown>) {
  const { busy, run } = useAction();
  // Orders whose last step on this board was an undo, with the status it left: a second undo
  // would change nothing (the server takes one step back per undo), so Ångra waits until the
  // order moves again, here or on another screen.
  const [undone, setUndone] = useState<ReadonlyMap<string, KitchenOrder['kitchen_status']>>(new Map());
  const justUndone = useMemo(
    () =>
      new Set(
        (day?.orders ?? []).filter((o) => undone.has(o.id) && undone.get(o.id) === o.kitchen_status).map((o) => o.id),
      ),
    [day, undone],
  );

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

  /** Another day shown: its orders were undone on no board here. */
  const forgetUndone = () => setUndone(new Map());

  return { busy, justUndone, step, confirm, forgetUndone };
}
