// Follows GET /api/admin/live (server-sent events): calls onChange for every booking change,
// and for a new booking shows a toast and, when staff turned it on, plays a short chime;
// onWaitlist, when given, for every change to a day's waitlist.
// `connected` turns true once the stream is open (changes from then on arrive).
import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from '../../lib/toast.js';
import type { BookingChange, WaitlistChange } from '../../../domain/answers/admin.js';
import { liveTexts } from './texts.js';

export type { BookingChange };

export const SOUND_KEY = 'pizzakiosken-admin-sound';

function chime() {
  try {
    const audio = new AudioContext();
    const tone = (frequency: number, start: number) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, audio.currentTime + start);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + start + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + start);
      osc.stop(audio.currentTime + start + 0.4);
    };
    tone(880, 0);
    tone(1320, 0.18);
  } catch {
    // No audio here: the toast still tells.
  }
}

export function useLiveBookings(
  onChange: (change: BookingChange) => void,
  onWaitlist?: (change: WaitlistChange) => void,
): { connected: boolean } {
  // The screen's latest callbacks, without opening the stream again when they change.
  const changed = useEffectEvent((change: BookingChange) => onChange(change));
  const waitlistChanged = useEffectEvent((change: WaitlistChange) => onWaitlist?.(change));
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const source = new EventSource('/api/admin/live');
    source.addEventListener('open', () => setConnected(true));
    source.addEventListener('error', () => setConnected(false));
    source.addEventListener('booking', (message) => {
      const change = JSON.parse((message as MessageEvent<string>).data) as BookingChange;
      if (change.type === 'BookingPlaced') {
        toast(liveTexts.newBooking(change.name ?? '', change.booking_time ?? ''), { icon: '🍕', duration: 6000 });
        if (localStorage.getItem(SOUND_KEY) === 'on') chime();
      }
      changed(change);
    });
    source.addEventListener('waitlist', (message) =>
      waitlistChanged(JSON.parse((message as MessageEvent<string>).data) as WaitlistChange),
    );
    return () => source.close();
  }, []);
  return { connected };
}
