// The two themes (SPEC 1): classic (default) and napoli, kept under a key carrying the product
// name. public/theme-init.js applies the saved one before the first paint.
export type Theme = 'classic' | 'napoli';
export const THEME_KEY = 'pizzakiosken-theme';

const listeners = new Set<() => void>();

/** Tells `listener` of every theme applyTheme applies (for useSyncExternalStore); returns the unsubscribe. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function currentTheme(): Theme {
  return typeof document !== 'undefined' && document.documentElement.dataset.theme === 'napoli' ? 'napoli' : 'classic';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private mode: the theme still applies for this visit.
  }
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'napoli' ? '#2a1d17' : '#b3261e');
  for (const listener of listeners) listener();
}
