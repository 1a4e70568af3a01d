// Where the toasts show (ui/lib/toast.ts): at the top, centred, newest first. Each message is a
// polite status (role=status, aria-live), as react-hot-toast's were; the marks before them are
// drawn by CSS (styles/theme.css) and hidden from assistive technology.
import { useSyncExternalStore } from 'react';
import { pauseToasts, resumeToasts, toastStore } from '../lib/toast.js';

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.none);
  return (
    <div className="toaster" onMouseEnter={pauseToasts} onMouseLeave={resumeToasts}>
      {toasts.map((t) => (
        <div key={t.id} className={t.visible ? 'toast' : 'toast toast--leaving'}>
          {t.icon ? (
            <span className="toast__emoji" aria-hidden="true">
              {t.icon}
            </span>
          ) : (
            t.type !== 'blank' && <span className={`toast__mark toast__mark--${t.type}`} aria-hidden="true" />
          )}
          <div className="toast__message" role="status" aria-live="polite">
            {typeof t.message === 'function' ? t.message(t) : t.message}
          </div>
        </div>
      ))}
    </div>
  );
}
