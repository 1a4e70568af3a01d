// /my-booking hears of its day's counter changes live (rule: slot-delay): the public stream
// GET /api/live says a date's day changed (a slot delayed or its delay undone, among others, never
// whose), and the page then asks for its booking again. No stream of its own, no personal data.
import { useEffect, useEffectEvent } from 'react';
import type { PublicChange } from '../../../../domain/answers/counter.js';

/** Calls onChange when the day of `date` changed; null follows nothing. */
export function useLiveDayChanges(date: string | null, onChange: () => void): void {
  const changed = useEffectEvent((change: PublicChange) => {
    if (change.kind === 'day' && change.date === date) onChange();
  });
  useEffect(() => {
    if (!date) return;
    const source = new EventSource('/api/live');
    source.addEventListener('day', (message) =>
      changed(JSON.parse((message as MessageEvent<string>).data) as PublicChange),
    );
    return () => source.close();
  }, [date]);
}
