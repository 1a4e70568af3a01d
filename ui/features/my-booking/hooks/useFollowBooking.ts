// The booking shown, kept current while the page is open: its way through the kitchen (rule:
// order-status-screen) and a delay of its slot or its undo (rule: slot-delay).
import { useState, type Dispatch, type SetStateAction } from 'react';
import { lookupBooking, type LookupAnswer } from '../api/myBooking.js';
import { useLiveKitchenStatus } from './useLiveKitchenStatus.js';
import { useLiveDayChanges } from './useLiveDayChanges.js';

export function useFollowBooking(
  result: LookupAnswer | null,
  setResult: Dispatch<SetStateAction<LookupAnswer | null>>,
) {
  // A step the board shows is taken over at once; a number leaving the board is asked again, one
  // lookup at a time.
  const [relooking, setRelooking] = useState(false);
  useLiveKitchenStatus(
    result?.booking ?? null,
    (kitchen_status) =>
      setResult((current) => current && { ...current, booking: { ...current.booking, kitchen_status } }),
    () => {
      if (relooking || !result) return;
      setRelooking(true);
      lookupBooking({ email: result.booking.email, booking_id: result.booking.id })
        .then(setResult, () => {})
        .finally(() => setRelooking(false));
    },
  );

  // The day's change is heard on the public live stream and the booking read again.
  const followed = result && result.booking.status !== 'cancelled' ? result.booking : null;
  useLiveDayChanges(followed?.booking_date ?? null, () => {
    if (!followed) return;
    lookupBooking({ email: followed.email, booking_id: followed.id }).then(setResult, () => {});
  });
}
