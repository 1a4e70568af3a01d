// Atoms: small pieces of state that components of a page share (ui/state/*.ts), read and set with
// the hooks jotai offers under the same names (useAtom, useAtomValue, useSetAtom). The pages keep
// one value per atom for the page's life (there is no client router, and a page is one screen);
// the server's render and the hydration always see an atom's initial value. Size: in place of
// jotai it took the booking page's JavaScript from 107.8 to 104.8 KB gzipped (test/bench/ui.ts
// pageJavaScript).
import { useSyncExternalStore } from 'react';

export type SetStateAction<T> = T | ((previous: T) => T);

export interface Atom<T> {
  readonly init: T;
  value: T;
  readonly subscribe: (listener: () => void) => () => void;
  readonly listeners: Set<() => void>;
}

export function atom<T>(init: T): Atom<T> {
  const listeners = new Set<() => void>();
  return {
    init,
    value: init,
    listeners,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Sets the atom (a function gets the current value) and tells its readers when it changed. */
export function setAtom<T>(target: Atom<T>, next: SetStateAction<T>): void {
  const value = typeof next === 'function' ? (next as (previous: T) => T)(target.value) : next;
  if (Object.is(value, target.value)) return;
  target.value = value;
  for (const listener of target.listeners) listener();
}

export function useAtomValue<T>(target: Atom<T>): T {
  return useSyncExternalStore(
    target.subscribe,
    () => target.value,
    () => target.init,
  );
}

const setters = new WeakMap<Atom<unknown>, (next: SetStateAction<unknown>) => void>();

/** The atom's setter: the same function on every render, as a state setter is. */
export function useSetAtom<T>(target: Atom<T>): (next: SetStateAction<T>) => void {
  let setter = setters.get(target as Atom<unknown>);
  if (!setter) setters.set(target as Atom<unknown>, (setter = (next) => setAtom(target as Atom<unknown>, next)));
  return setter as (next: SetStateAction<T>) => void;
}

export function useAtom<T>(target: Atom<T>): [T, (next: SetStateAction<T>) => void] {
  return [useAtomValue(target), useSetAtom(target)];
}
