// Placing the order: once per press (busy), under one key for the dialog's order (a press sent
// again after a lost answer places it once), a full slot asked about first (rule: staff-orders),
// any other refusal shown in the form.
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { ApiError, errorText } from '../../../lib/api.js';
import { newKey } from '../../../lib/format.js';
import { msg } from '../../../../domain/messages.js';
import type { Booking } from '../../../../domain/answers/booking.js';
import { staffOrderTexts as texts } from '../texts.js';
import { placeStaffOrder, type StaffOrderInput } from './staffOrder.js';

/** The order as the form holds it, or why it cannot be placed yet ('Välj minst en pizza'). */
export type OrderToPlace = { input: StaffOrderInput } | { problem: string };

export interface PlacingStaffOrder {
  busy: boolean;
  /** The refusal shown in the form. */
  error: string | undefined;
  /** The server's message for a full slot, while staff are asked to take the order anyway. */
  full: string | null;
  /** Places the order, or shows why there is nothing to place yet. */
  place: (order: OrderToPlace) => Promise<void>;
  /** Back from "Tiden är full": the order changes, or staff chose another time. */
  clearFull: () => void;
}

export function usePlaceStaffOrder(onPlaced: (booking: Booking) => void, onClose: () => void): PlacingStaffOrder {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [full, setFull] = useState<string | null>(null);
  // One key per order: a press sent again (a lost answer) places it once.
  const key = useRef(newKey());

  async function place(order: OrderToPlace) {
    if (busy) return;
    if ('problem' in order) return setError(order.problem);
    setBusy(true);
    setError(undefined);
    try {
      const { booking } = await placeStaffOrder(order.input, key.current);
      toast.success(texts.placed(booking.id));
      onPlaced(booking);
      onClose();
    } catch (failure) {
      // A full slot asks first (rule: staff-orders); any other refusal is shown in the form.
      if (failure instanceof ApiError && failure.status === 409 && failure.message !== msg.idempotencyKeyReused)
        setFull(failure.message);
      else setError(errorText(failure, texts.failed));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, full, place, clearFull: () => setFull(null) };
}
