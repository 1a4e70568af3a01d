// The dates the customer may choose (SPEC 2 step 1): the open days from the first HTML, asked
// again with the VIP token once one is verified (VIP dates merged in), or fetched here when the
// server could not include them; with none known, the next 7 days and a notice (SPEC 8).
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api.js';
import { nextDates } from '../../../lib/format.js';
import type { OpenDaysAnswer } from '../../../../domain/answers/index.js';
import type { DateOption } from '../components/DateStep.js';

const FALLBACK_DAYS = 7;

export function mergeDates(answer: Pick<OpenDaysAnswer, 'open_days' | 'vip_dates'>): DateOption[] {
  const byDate = new Map<string, DateOption>();
  for (const d of answer.open_days) byDate.set(d.date, { date: d.date, vip: false });
  for (const d of answer.vip_dates ?? []) byDate.set(d.date, { date: d.date, vip: true });
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export function useOpenDays(initial: { date: string }[] | null, vipToken: string | null) {
  const [dates, setDates] = useState<DateOption[]>(initial ? initial.map((d) => ({ date: d.date, vip: false })) : []);
  const [fallback, setFallback] = useState(false);
  // Loading while the dates for this token ('' for none) are asked for and not yet answered.
  const asking = !initial || Boolean(vipToken);
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const loading = asking && answeredFor !== (vipToken ?? '');

  useEffect(() => {
    if (initial && !vipToken) return;
    let current = true;
    const query = new URLSearchParams({ days: '30' });
    if (vipToken) query.set('vip_token', vipToken);
    api<OpenDaysAnswer>(`/open-days?${query}`)
      .then((answer) => {
        if (!current) return;
        setDates(mergeDates(answer));
        setFallback(false);
      })
      .catch(() => {
        if (!current) return;
        setDates((known) => {
          if (known.length > 0) return known;
          setFallback(true);
          return nextDates(FALLBACK_DAYS).map((date) => ({ date, vip: false }));
        });
      })
      .finally(() => current && setAnsweredFor(vipToken ?? ''));
    return () => {
      current = false;
    };
  }, [initial, vipToken]);

  return { dates, loading, fallback };
}
