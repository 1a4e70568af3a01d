// Sending the booking (SPEC 2, 8): checked first (SPEC 5's messages at their fields, the first
// refused one focused); online it goes to POST /api/bookings under one key per order, offline it
// waits in the device's queue (lib/offlineQueue.ts); either way the confirmation shows, its slots
// read again while it is open.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { toast } from '../../../lib/toast.js';
import { errorText, isNetworkError } from '../../../lib/api.js';
import { newKey } from '../../../lib/format.js';
import { customerTexts } from '../../../lib/texts.js';
import type { Price } from '../../../lib/cart.js';
import { onlineAtom } from '../../../state/connectivity.js';
import { fieldErrorsAtom, resetOrderAtom } from '../../../state/booking.js';
import type { ConfirmationSummary } from '../../../components/order/confirmationSummary.js';
import { placeBooking } from '../api/booking.js';
import { loadCheckout, type Checkout } from '../api/useCheckout.js';
import type { BookingPayload, OrderForm } from '../lib/bookingOrder.js';

/** While the confirmation is shown: refresh after 0.1 s, then every second (SPEC 4, 9). */
function useRefreshWhileConfirming(confirmation: ConfirmationSummary | null, refresh: (delayMs?: number) => void) {
  useEffect(() => {
    if (!confirmation) return;
    refresh(100);
    const poll = setInterval(() => refresh(0), 1000);
    return () => clearInterval(poll);
  }, [confirmation, refresh]);
}

export function useSubmitBooking({
  order,
  price,
  checkout,
  slotRemaining,
  refresh,
}: {
  order: OrderForm;
  price: Price;
  /** Loaded since the date was chosen (null if that load failed). */
  checkout: Checkout | null;
  /** What the chosen slot has left, null for no slot. */
  slotRemaining: number | null;
  /** Reads the slots again after `delayMs`. */
  refresh: (delayMs?: number) => void;
}) {
  const online = useAtomValue(onlineAtom);
  const setErrors = useSetAtom(fieldErrorsAtom);
  const resetOrder = useSetAtom(resetOrderAtom);
  const [submitting, setSubmitting] = useState(false);
  /** The last order whose send failed on the network, with the key it was sent under. */
  const unanswered = useRef<{ order: string; key: string } | null>(null);
  /** The server's refusal of the last submit (e.g. the slot filled up meanwhile). */
  const [submitError, setSubmitError] = useState('');
  const [confirmation, setConfirmation] = useState<ConfirmationSummary | null>(null);

  useRefreshWhileConfirming(confirmation, refresh);

  function saveOffline({ enqueue, order: sent }: Checkout, payload: BookingPayload, key: string) {
    const saved = enqueue(localStorage, payload, key);
    // SPEC 3: the order number is the booking id, or the current time (the time it was saved)
    // when there is none yet.
    setConfirmation(sent.confirmationSummary(order, payload, price, String(saved.timestamp), true));
    toast(customerTexts.savedOffline, { duration: 5000, icon: '💾' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    // Loaded since the date was chosen; asked for again only if that load failed.
    const loaded = checkout ?? (await loadCheckout().catch(() => null));
    if (!loaded) return void toast.error(customerTexts.networkFailed, { duration: 4000, id: 'submit' });
    const { bookingPayload, confirmationSummary, firstRefused, refusedFields } = loaded.order;
    const payload = bookingPayload(order);
    const found = refusedFields(loaded.checkBooking, payload, order, slotRemaining);
    setErrors(found);
    setSubmitError('');
    const first = firstRefused(found);
    if (first) {
      toast.error(first.message, { duration: 4000, id: 'submit' });
      document.getElementById(first.id)?.focus();
      return;
    }
    // One key per order: a press again after a failed send reuses it, so a booking whose answer
    // was lost is answered on the retry, never made twice; a changed order is a new booking.
    const sent = JSON.stringify(payload);
    const key = unanswered.current?.order === sent ? unanswered.current.key : newKey();
    if (!online) return saveOffline(loaded, payload, key);
    setSubmitting(true);
    try {
      const created = await placeBooking(payload, key);
      unanswered.current = null;
      setConfirmation(confirmationSummary(order, payload, price, created.booking_id, false, created));
      refresh(500);
    } catch (error) {
      if (isNetworkError(error)) {
        // SPEC 8: online, a failed send says so ('Kunde inte skapa bokning'); the booking may have
        // been made, so the next press sends the same key and gets that booking back.
        unanswered.current = { order: sent, key };
        setSubmitError(customerTexts.bookingFailed);
        toast.error(customerTexts.bookingFailed, { duration: 4000, id: 'submit' });
      } else {
        const text = errorText(error, customerTexts.bookingFailed);
        setSubmitError(text);
        toast.error(text, { duration: 4000, id: 'submit' });
        refresh(0);
      }
    } finally {
      setSubmitting(false);
    }
  }

  function closeConfirmation() {
    setConfirmation(null);
    resetOrder();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    refresh(100);
    setTimeout(() => document.getElementById('booking-date')?.focus(), 0);
  }

  return { submitting, submitError, confirmation, submit, closeConfirmation };
}
