// Connectivity (SPEC 2, 4): the 'Du är offline' banner, the green reconnect banner for 3 s, the
// connection toasts; when the connection returns it runs the sync it is given (the booking
// feature's offline queue) and counts it in syncedAtom.
import { useEffect, useRef, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { toast } from '../lib/toast.js';
import { onlineAtom, syncedAtom } from '../state/connectivity.js';
import { customerTexts } from '../lib/texts.js';

interface Props {
  /**
   * Sends what waited for the connection (the booking feature's offline queue): called when the
   * page opens online and each time the connection returns.
   */
  sync: () => Promise<void>;
}

export function Connectivity({ sync: send }: Props) {
  const [online, setOnline] = useAtom(onlineAtom);
  const bumpSynced = useSetAtom(syncedAtom);
  const [reconnected, setReconnected] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const sync = () => send().then(() => bumpSynced((n) => n + 1));
    setOnline(navigator.onLine);
    const goOnline = () => {
      setOnline(true);
      setReconnected(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setReconnected(false), 3000);
      toast.success(customerTexts.wentOnline, { duration: 3000, id: 'connection' });
      void sync();
    };
    const goOffline = () => {
      setOnline(false);
      setReconnected(false);
      toast(customerTexts.wentOffline, { duration: 3000, id: 'connection', icon: '📴' });
    };
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    // Bookings left from an earlier visit go out as soon as the page opens online.
    if (navigator.onLine) void sync();
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      clearTimeout(timer.current);
    };
  }, [setOnline, bumpSynced, send]);

  if (!online)
    return (
      <div className="net-banner net-banner--offline" role="status">
        <strong>{customerTexts.wentOffline}</strong>
        {customerTexts.offlineBannerRest}
      </div>
    );
  if (reconnected)
    return (
      <div className="net-banner net-banner--online" role="status">
        {customerTexts.reconnected}
      </div>
    );
  return null;
}
