// The floating theme switch (SPEC 1): classic ⇄ napoli, kept in localStorage. The theme is the
// page's (public/theme-init.js applies the saved one): the server's HTML and the hydration show
// classic, then the page's own. Disabled until the page is hydrated, as the booking page's
// controls are (useHydrated): its scripts load after the first paint (api/http/paintFirst.ts), and
// a tap before then would do nothing.
import { useSyncExternalStore } from 'react';
import { applyTheme, currentTheme, subscribeTheme, type Theme } from '../lib/theme.js';
import { customerTexts } from '../lib/texts.js';
import { useHydrated } from './useHydrated.js';

const classicOnServer = (): Theme => 'classic';

export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, classicOnServer);
  const hydrated = useHydrated();
  const next: Theme = theme === 'classic' ? 'napoli' : 'classic';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={customerTexts.themeTo(next)}
      title={customerTexts.themeTitle}
      disabled={!hydrated}
      onClick={() => applyTheme(next)}
    >
      {theme === 'classic' ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <path
            fill="currentColor"
            d="M21 14.5A9 9 0 0 1 9.5 3a.6.6 0 0 0-.8-.7A10 10 0 1 0 21.7 15.3a.6.6 0 0 0-.7-.8z"
          />
        </svg>
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <path
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
          />
        </svg>
      )}
    </button>
  );
}
