// Toasts, with react-hot-toast (and its CSS-in-JS, goober) loaded by the first one shown rather
// than with every page: about 4.7 KB of the booking page's first JavaScript (gzipped) that its
// first paint never uses (issue 30's budget). The same calls as react-hot-toast's `toast`; a
// message is shown once the library is there (a moment, the first time). <LazyToaster> in the
// layout mounts the library's <Toaster> then, and it shows what was sent before it mounted.
import type * as Hot from 'react-hot-toast';

type HotToast = typeof Hot;
type Message = Parameters<HotToast['toast']>[0];
type Options = Parameters<HotToast['toast']>[1];

let library: Promise<HotToast> | null = null;
const loaded = new Set<() => void>();

/** The library, loaded once; tells the toaster to mount. */
export function loadToasts(): Promise<HotToast> {
  return (library ??= import('react-hot-toast').then((module) => {
    for (const listener of loaded) listener();
    return module;
  }));
}

/** Calls `listener` once the library is loaded (at once if it is); answers the unsubscribe. */
export function onToastsLoaded(listener: () => void): () => void {
  loaded.add(listener);
  if (library) void library.then(listener);
  return () => loaded.delete(listener);
}

const show = (message: Message, options?: Options) => void loadToasts().then((hot) => hot.toast(message, options));

export const toast = Object.assign(show, {
  success: (message: Message, options?: Options) =>
    void loadToasts().then((hot) => hot.toast.success(message, options)),
  error: (message: Message, options?: Options) => void loadToasts().then((hot) => hot.toast.error(message, options)),
  dismiss: (id?: string) => void loadToasts().then((hot) => hot.toast.dismiss(id)),
});
