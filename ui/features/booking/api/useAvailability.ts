// The slots of the chosen date for the chosen count (GET /api/test-availability), refreshed
// 100 ms after a change (SPEC 9) and on demand; answers of superseded requests are dropped.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import { customerMsg } from '../../../../domain/customerMessages.js';
import { api } from '../../../lib/api.js';
import { customerTexts } from '../../../lib/texts.js';
import type { AvailabilityAnswer, Slot } from '../../../../domain/answers/index.js';

export interface Availability {
  slots: Slot[];
  message: string | null;
  loading: boolean;
  /** Fetches again after `delayMs`; quiet refreshes keep the slots shown meanwhile. */
  refresh: (delayMs?: number) => void;
}

export function useAvailability(
  date: string,
  count: number,
  vipToken: string | null,
  onCleared: () => void,
): Availability {
  const [slots, setSlots] = useState<Slot[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const sequence = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cleared = useRef(onCleared);
  useLayoutEffect(() => {
    cleared.current = onCleared;
  });
  // A cleared date (a new order) clears the slots at once, while rendering; a newly chosen date
  // keeps the shown ones until its own arrive.
  const [seenDate, setSeenDate] = useState(date);
  if (date !== seenDate) {
    setSeenDate(date);
    if (!date) {
      setSlots([]);
      setMessage(null);
    }
  }

  const load = useCallback(async () => {
    if (!date) return;
    const mine = ++sequence.current;
    setLoading(true);
    const query = new URLSearchParams({ date, pizzas: String(count) });
    if (vipToken) query.set('vip_token', vipToken);
    try {
      const answer = await api<AvailabilityAnswer>(`/test-availability?${query}`);
      if (mine !== sequence.current) return;
      // A date that cannot be booked at all (passed, closed, VIP only, too far ahead): the
      // server's reason as a toast (SPEC 8), and no slots.
      if (answer.slots.length === 0 && answer.message && answer.message !== customerMsg.noSlots)
        toast.error(answer.message, { duration: 4000, id: 'availability' });
      setSlots(answer.slots);
      setMessage(answer.message);
      if (!answer.slots.some((s) => s.can_accommodate)) cleared.current();
    } catch {
      if (mine !== sequence.current) return;
      toast.error(customerTexts.availabilityFailed, { duration: 4000, id: 'availability' });
      setSlots([]);
      setMessage(null);
      cleared.current();
    } finally {
      if (mine === sequence.current) setLoading(false);
    }
  }, [date, count, vipToken]);

  const refresh = useCallback(
    (delayMs = 0) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void load(), delayMs);
    },
    [load],
  );

  useEffect(() => {
    if (!date) return;
    refresh(100);
    return () => clearTimeout(timer.current);
  }, [date, count, vipToken, refresh]);

  return { slots, message, loading, refresh };
}
