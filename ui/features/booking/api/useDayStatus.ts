// The counter's evening on the booking page (issue 29): the chosen date's sold-out marks and daily
// stock, and today's web-booking pause, from GET /api/day-status; read again whenever the public
// live stream GET /api/live says the date changed (within moments, no polling). An availability
// change of the chosen date (a booking, a staff order, a cancellation) is also handed to
// `onAvailability`, so the page reads its slots again; the confirmation's 1 s poll (SPEC 4, 9)
// stays as it is.
import { useEffect, useEffectEvent, useState } from 'react';
import { api } from '../../../lib/api.js';
import type { DayStatus, PublicChange } from '../../../../domain/answers/counter.js';

export const dayStatusPath = (date: string | null) =>
  date ? `/day-status?date=${encodeURIComponent(date)}` : '/day-status';

export function useDayStatus(date: string, onAvailability?: () => void) {
  /** The chosen date's status (null before a date is chosen or while it loads). */
  const [status, setStatus] = useState<DayStatus | null>(null);
  /** Today's status: a pause is shown whatever date is chosen. */
  const [today, setToday] = useState<DayStatus | null>(null);
  const [connected, setConnected] = useState(false);

  /** Bumped by the live stream: the status is read again. */
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    Promise.all([
      api<DayStatus>(dayStatusPath(null)),
      date ? api<DayStatus>(dayStatusPath(date)) : Promise.resolve(null),
    ]).then(
      ([now, chosen]) => {
        if (!current) return;
        setToday(now);
        setStatus(chosen);
      },
      // A failed read leaves the page as it is: the server still refuses what it must.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [date, version]);

  const changed = useEffectEvent((change: PublicChange) => {
    if (change.kind === 'menu' || change.date === date || change.date === today?.date) setVersion((v) => v + 1);
    // Capacity of the chosen date changed: its slots are read again (the page says so when the
    // chosen time no longer fits, rather than moving it silently).
    if (change.kind === 'availability' && change.date === date) onAvailability?.();
  });
  useEffect(() => {
    const source = new EventSource('/api/live');
    source.addEventListener('open', () => setConnected(true));
    source.addEventListener('error', () => setConnected(false));
    for (const kind of ['menu', 'day', 'availability'] as const)
      source.addEventListener(kind, (message) =>
        changed(JSON.parse((message as MessageEvent<string>).data) as PublicChange),
      );
    return () => source.close();
  }, []);

  return { status, today, connected };
}
