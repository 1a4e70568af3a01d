// Pages are routed on the server (no client router: the customer's pages need none), so going to
// another page loads it. `replace` leaves no history entry for the page left (after signing in or
// out); `success` is a toast for the page that loads (a toast of the page left goes with it).
import { useEffect } from 'react';
import { toast } from './toast.js';

const KEY = 'toast_after_load';

export function goTo(url: string, { replace = false, success }: { replace?: boolean; success?: string } = {}) {
  if (success) sessionStorage.setItem(KEY, success);
  if (replace) window.location.replace(url);
  else window.location.assign(url);
}

/** Shows the toast the page before asked for (goTo's `success`), once. */
export function useToastAfterLoad() {
  useEffect(() => {
    const text = sessionStorage.getItem(KEY);
    if (!text) return;
    sessionStorage.removeItem(KEY);
    toast.success(text);
  }, []);
}
