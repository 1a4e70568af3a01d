// /my-booking's booking (SPEC 2): looked up by e-mail and booking number (at once from a link with
// both), cancelled while that is allowed, moved (rule: reschedule), and followed live while shown;
// with the notices of what was just done and the kiosk's terms the page names.
import { useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { errorText, isNetworkError } from '../../../lib/api.js';
import { check } from '../../../lib/formErrors.js';
import { customerTexts } from '../../../lib/texts.js';
import { myBookingUrl } from '../../../lib/bookingLinks.js';
import { lookupSchema } from '../../../../domain/payloads.js';
import { customerMsg } from '../../../../domain/customerMessages.js';
import { cancelBooking, lookupBooking, type LookupAnswer, type RescheduleAnswer } from '../api/myBooking.js';
import { useKioskTerms } from '../api/useKioskTerms.js';
import { myBookingTexts } from '../texts.js';
import { useLinkedLookup, type LookupFields } from './useLookupFields.js';
import { useFollowBooking } from './useFollowBooking.js';

/** Moves the focus to the element with `id` once React has shown it. */
const focusSoon = (id: string) => setTimeout(() => document.getElementById(id)?.focus(), 0);

export function useMyBooking(fields: LookupFields) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LookupAnswer | null>(null);
  const [cancelledNow, setCancelledNow] = useState(false);
  /** Set right after a move: the number the booking had before, and whether it changed. */
  const [movedNow, setMovedNow] = useState<{ from: string } | null>(null);
  /** The number the customer looked up, when it led to a booking moved on since (rule: reschedule). */
  const [followedFrom, setFollowedFrom] = useState<string | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const terms = useKioskTerms();

  async function lookup(id: string, mail: string) {
    const checked = check(lookupSchema, { email: mail, booking_id: id });
    if (!checked.ok) return setError(Object.values(checked.errors)[0] ?? customerMsg.lookupFieldsRequired);
    setBusy(true);
    setError('');
    try {
      const [answer, settings] = await Promise.all([lookupBooking(checked.data), terms.read()]);
      if (settings) terms.learn(settings);
      setResult(answer);
      setCancelledNow(false);
      setFollowedFrom(answer.booking.id !== id.trim() ? id.trim() : null);
      focusSoon('booking-result');
    } catch (e) {
      setResult(null);
      const text = isNetworkError(e) ? customerTexts.networkFailed : errorText(e, myBookingTexts.lookupFailed);
      setError(text);
      toast.error(text, { duration: 4000, id: 'lookup' });
    } finally {
      setBusy(false);
    }
  }

  useLinkedLookup((id, mail) => void lookup(id, mail));

  async function cancel() {
    if (!result || !window.confirm(myBookingTexts.cancelConfirm)) return;
    setBusy(true);
    try {
      await cancelBooking(result.booking.id, { email: result.booking.email });
      toast.success(myBookingTexts.cancelled, { duration: 4000 });
      toast.success(myBookingTexts.cancelledMail, { duration: 4000 });
      setCancelledNow(true);
      setMovedNow(null);
      setResult({ ...result, booking: { ...result.booking, status: 'cancelled' }, can_cancel: false });
    } catch (e) {
      toast.error(isNetworkError(e) ? customerTexts.networkFailed : errorText(e, myBookingTexts.cancelFailed), {
        duration: 4000,
      });
    } finally {
      setBusy(false);
    }
  }

  /** After a move: the booking as it now is (lookup again for can_cancel and the hours left). */
  async function moved(answer: RescheduleAnswer) {
    const from = result?.booking.id ?? '';
    setRescheduling(false);
    toast.success(myBookingTexts.moved, { duration: 4000 });
    const next = answer.booking;
    fields.setBookingId(next.id);
    window.history.replaceState(window.history.state, '', myBookingUrl(next.id, next.email));
    try {
      setResult(await lookupBooking({ email: next.email, booking_id: next.id }));
    } catch {
      setResult((current) => current && { ...current, booking: next, items: next.items });
    }
    setFollowedFrom(null);
    setMovedNow({ from });
    focusSoon('booking-result');
  }

  useFollowBooking(result, setResult);

  function reset() {
    setMovedNow(null);
    setFollowedFrom(null);
    setResult(null);
    fields.setEmail('');
    fields.setBookingId('');
    setError('');
    setCancelledNow(false);
    window.history.replaceState(window.history.state, '', '/my-booking');
    focusSoon('lookup-email');
  }

  return {
    error,
    busy,
    result,
    notices: { cancelledNow, movedNow, followedFrom },
    terms,
    rescheduling,
    setRescheduling,
    lookup,
    cancel,
    moved,
    reset,
  };
}

export type MyBooking = ReturnType<typeof useMyBooking>;
