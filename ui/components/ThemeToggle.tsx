// The floating theme switch (SPEC 1): classic ⇄ napoli, kept in localStorage.
import { useEffect, useState } from 'react';
import { applyTheme, currentTheme, type Theme } from '../lib/theme.js';

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>('classic');
  useEffect(() => setTheme(currentTheme()), []);
  const next: Theme = theme === 'classic' ? 'napoli' : 'classic';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={`Byt tema till ${next === 'napoli' ? 'Napoli (mörkt)' : 'Classic (ljust)'}`}
      title="Byt tema"
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{theme === 'classic' ? '🌙' : '☀️'}</span>
    </button>
  );
}
