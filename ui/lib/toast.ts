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
  return (library ??= import('react-hot-toast').then(
    (module) => {
      for (const listener of loaded) listener();
      return module;
    },
    (error: unknown) => {
      // Offline before the library was ever needed (and no service worker holds it yet): this
      // toast is not shown (the page's own offline banner says it), the next one loads again.
      library = null;
      throw error;
    },
  ));
}

/** Calls `listener` once the library is loaded (at once if it is); answers the unsubscribe. */
export function onToastsLoaded(listener: () => void): () => void {
  loaded.add(listener);
  if (library) void library.then(listener, () => {});
  return () => loaded.delete(listener);
}

/** Runs `call` with the library; a toast that cannot load it is dropped (see loadToasts). */
const withToasts = (call: (hot: HotToast) => unknown) => void loadToasts().then(call, () => {});

const show = (message: Message, options?: Options) => withToasts((hot) => hot.toast(message, options));

export const toast = Object.assign(show, {
  success: (message: Message, options?: Options) => withToasts((hot) => hot.toast.success(message, options)),
  error: (message: Message, options?: Options) => withToasts((hot) => hot.toast.error(message, options)),
  dismiss: (id?: string) => withToasts((hot) => hot.toast.dismiss(id)),
});
