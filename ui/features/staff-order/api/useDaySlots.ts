// The date's slots with what each has left for the order's count, read again when either changes;
// `message` says why a date has none.
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.js';
import type { Slot } from '../../../../domain/answers/booking.js';
import { staffOrderTexts as texts } from '../texts.js';
import { getSlots } from './staffOrder.js';

export function useDaySlots(date: string, count: number): { slots: Slot[]; message: string | null } {
  const [slots, setSlots] = useState<Slot[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    getSlots(date, Math.max(1, count)).then(
      (answer) => {
        if (!current) return;
        setSlots(answer.slots);
        setMessage(answer.slots.length === 0 ? answer.message : null);
      },
      () => current && toast.error(texts.slotsFailed),
    );
    return () => {
      current = false;
    };
  }, [date, count]);
  return { slots, message };
}
