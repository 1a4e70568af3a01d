// An instant (an ISO time) in words, in the reader's own time zone. The server's clock may run in
// another zone: its HTML is kept through hydration, then the browser's text replaces it (a new
// element), so hydration never sees a mismatch.
import dayjs from '../lib/dayjs.js';
import { useHydrated } from './useHydrated.js';

/** '24 november 2026 kl 18:00' unless a feature asks for another dayjs format. */
export const INSTANT_FORMAT = 'D MMMM YYYY [kl] HH:mm';

export function Instant({ iso, format = INSTANT_FORMAT }: { iso: string; format?: string }) {
  const hydrated = useHydrated();
  return (
    <time key={hydrated ? 'browser' : 'server'} dateTime={iso} suppressHydrationWarning>
      {dayjs(iso).format(format)}
    </time>
  );
}
