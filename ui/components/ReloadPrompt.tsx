// Registers the service worker (/sw.js) and offers the new version when one is waiting: a toast
// that reloads the page when clicked (SPEC 2). Client only: it touches navigator at render.
import { useEffect } from 'react';
import { toast } from '../lib/toast.js';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { customerTexts } from '../lib/texts.js';

export default function ReloadPrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });

  useEffect(() => {
    if (!needRefresh) return;
    toast(
      (item) => (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            toast.dismiss(item.id);
            void updateServiceWorker(true);
          }}
        >
          {customerTexts.updateAvailable}
        </button>
      ),
      { duration: Infinity, id: 'sw-update', icon: '✨' },
    );
  }, [needRefresh, updateServiceWorker]);
  return null;
}
