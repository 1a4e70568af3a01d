// False in the server's HTML and while React hydrates it, true once the page's handlers are
// attached. A screen whose first HTML already shows its data (+data) keeps its buttons and fields
// disabled until then, so a click or a keystroke before hydration is never silently lost.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
