// The toasts of every page (SPEC 2, 4, 5, 8): `toast(text)`, `toast.success`, `toast.error` and
// `toast.dismiss(id)`, shown by <Toaster> (ui/components/Toaster.tsx) in the page's frame.
// It replaces react-hot-toast with the same behaviour the pages used: a toast given an id replaces
// the one shown with that id and starts its time again, every toast stays 4 s unless told
// otherwise, all wait while the pointer is on them, at most 20 are shown (newest first), and a
// dismissed toast leaves the page a second later, after its exit animation. Its look is in
// styles/theme.css (.toaster, .toast). Size: in place of react-hot-toast (and goober, its CSS-in-JS)
// it took the booking page's JavaScript from 117.3 to 113.2 KB gzipped (test/bench/ui.ts
// pageJavaScript).
import type { ReactNode } from 'react';

export type ToastType = 'blank' | 'success' | 'error';

export interface Toast {
  id: string;
  type: ToastType;
  /** Text, or what to show made from the toast itself (a button that dismisses it). */
  message: ReactNode | ((toast: Toast) => ReactNode);
  /** An emoji shown before the message instead of the type's mark. */
  icon?: string;
  /** Milliseconds until it is dismissed; Infinity keeps it until dismissed. */
  duration: number;
  /** False once dismissed, while it leaves. */
  visible: boolean;
}

export interface ToastOptions {
  id?: string;
  duration?: number;
  icon?: string;
}

const DEFAULT_DURATION = 4000;
const LIMIT = 20;
/** How long a dismissed toast stays for its exit animation (styles/theme.css: 0.4 s). */
const REMOVE_DELAY = 1000;

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
let count = 0;
let pausedAt: number | undefined;
/** Each shown toast's time left and, while it runs, its timeout and when it started. */
const clocks = new Map<string, { left: number; started: number; timeout?: ReturnType<typeof setTimeout> }>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function run(id: string) {
  const clock = clocks.get(id);
  if (!clock || clock.left === Infinity) return;
  clock.started = Date.now();
  clock.timeout = setTimeout(() => toast.dismiss(id), clock.left);
}

function stop(id: string) {
  const clock = clocks.get(id);
  clearTimeout(clock?.timeout);
  clocks.delete(id);
}

function show(type: ToastType, message: Toast['message'], options: ToastOptions = {}): string {
  const id = options.id ?? String(++count);
  const shown: Toast = { id, type, message, icon: options.icon, duration: options.duration ?? DEFAULT_DURATION, visible: true };
  clearTimeout(removals.get(id));
  removals.delete(id);
  stop(id);
  clocks.set(id, { left: shown.duration, started: 0 });
  if (pausedAt === undefined) run(id);
  const replaced = toasts.some((t) => t.id === id);
  const next = replaced ? toasts.map((t) => (t.id === id ? shown : t)) : [shown, ...toasts];
  for (const dropped of next.slice(LIMIT)) stop(dropped.id);
  publish(next.slice(0, LIMIT));
  return id;
}

/** Shows a toast; returns its id. */
export const toast = Object.assign((message: Toast['message'], options?: ToastOptions) => show('blank', message, options), {
  success: (message: Toast['message'], options?: ToastOptions) => show('success', message, options),
  error: (message: Toast['message'], options?: ToastOptions) => show('error', message, options),
  /** Lets the toast with this id leave (every toast without an id). */
  dismiss(id?: string) {
    const leaving = toasts.filter((t) => t.visible && (id === undefined || t.id === id));
    if (leaving.length === 0) return;
    for (const t of leaving) {
      stop(t.id);
      removals.set(
        t.id,
        setTimeout(() => {
          removals.delete(t.id);
          publish(toasts.filter((other) => other.id !== t.id));
        }, REMOVE_DELAY),
      );
    }
    publish(toasts.map((t) => (leaving.includes(t) ? { ...t, visible: false } : t)));
  },
});

export default toast;

/** For useSyncExternalStore: the toasts shown, and a way to hear of changes. */
const NONE: readonly Toast[] = [];
export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => toasts,
  /** The server's render and the hydration show none. */
  none: () => NONE,
};

/** While the pointer is on the toasts their time stands still. */
export function pauseToasts() {
  if (pausedAt !== undefined) return;
  pausedAt = Date.now();
  for (const clock of clocks.values()) {
    if (clock.timeout === undefined) continue;
    clearTimeout(clock.timeout);
    clock.timeout = undefined;
    clock.left -= pausedAt - clock.started;
  }
}

export function resumeToasts() {
  if (pausedAt === undefined) return;
  pausedAt = undefined;
  for (const id of clocks.keys()) run(id);
}
