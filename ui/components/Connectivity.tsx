// Connectivity (SPEC 2, 4): the 'Du är offline' banner, the green reconnect banner for 3 s, the
// connection toasts, and the sync of offline bookings when the connection returns.
import { useEffect, useRef, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import toast from 'react-hot-toast';
import { onlineAtom, syncedAtom } from '../state/connectivity.js';
import { customerTexts } from '../lib/texts.js';
import { readQueue, syncQueue, type SendResult } from '../lib/offlineQueue.js';
import { ApiError, api } from '../lib/api.js';

async function sendBooking(payload: Record<string, unknown>, key: string): Promise<SendResult> {
  try {
    await api('/bookings', { body: payload, headers: { 'Idempotency-Key': key } });
    return 'accepted';
  } catch (error) {
    return error instanceof ApiError && !error.isNetwork && error.status < 500 ? 'refused' : 'network';
  }
}

let syncing = false;

/** Sends the stored offline bookings; returns how many were accepted. */
export async function syncOfflineBookings(): Promise<void> {
  if (syncing || readQueue(localStorage).length === 0) return;
  syncing = true;
  try {
    const outcome = await syncQueue(localStorage, sendBooking);
    if (outcome.sent > 0) toast.success(customerTexts.synced(outcome.sent), { duration: 4000 });
    if (outcome.refused > 0) toast.error(customerTexts.syncRefused(outcome.refused), { duration: 4000 });
  } finally {
    syncing = false;
  }
}

export function Connectivity() {
  const [online, setOnline] = useAtom(onlineAtom);
  const bumpSynced = useSetAtom(syncedAtom);
  const [reconnected, setReconnected] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const sync = () => syncOfflineBookings().then(() => bumpSynced((n) => n + 1));
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
  }, [setOnline, bumpSynced]);

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
