// "Ljud vid ny bokning": whether a new booking on the live stream chimes (useLiveBookings reads the
// same key), kept in this browser. Read after hydration: the server's HTML has it off.
import { useSyncExternalStore } from 'react';
import { SOUND_KEY } from './useLiveBookings.js';

// The setting as an external store: the toggle hears of its own changes and another tab's.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const soundOn = () => localStorage.getItem(SOUND_KEY) === 'on';
const offOnServer = () => false;

function setSound(on: boolean) {
  localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  for (const listener of listeners) listener();
}

export function ChimeToggle({ label }: { label: string }) {
  const sound = useSyncExternalStore(subscribe, soundOn, offOnServer);
  return (
    <label className="check">
      <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
