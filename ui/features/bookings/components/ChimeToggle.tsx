// "Ljud vid ny bokning": whether a new booking on the live stream chimes (useLiveBookings reads the
// same key), kept in this browser. Read after hydration: the server's HTML has it off.
import { useEffect, useState } from 'react';
import { SOUND_KEY } from '../api/useLiveBookings.js';

export function ChimeToggle({ label }: { label: string }) {
  const [sound, setSound] = useState(false);
  useEffect(() => setSound(localStorage.getItem(SOUND_KEY) === 'on'), []);
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={sound}
        onChange={(e) => {
          setSound(e.target.checked);
          localStorage.setItem(SOUND_KEY, e.target.checked ? 'on' : 'off');
        }}
      />
      <span>{label}</span>
    </label>
  );
}
