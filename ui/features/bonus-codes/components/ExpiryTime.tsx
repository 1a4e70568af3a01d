// When a code stops being valid, in the browser's time (as the edit form reads it). The server's
// clock may run in another zone: its HTML is kept through hydration, then the browser's text
// replaces it (a new element), so hydration never sees a mismatch.
import dayjs from 'dayjs';
import '../../../lib/format.js'; // dayjs in Swedish
import { useHydrated } from '../../../components/useHydrated.js';
import { bonusCodeTexts } from '../texts.js';

export function ExpiryTime({ at }: { at: string }) {
  const hydrated = useHydrated();
  return (
    <time key={hydrated ? 'browser' : 'server'} dateTime={at} suppressHydrationWarning>
      {dayjs(at).format(bonusCodeTexts.expiryFormat)}
    </time>
  );
}
