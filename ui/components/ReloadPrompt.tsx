// Registers the service worker (/sw.js) and offers the new version when one is waiting: a toast
// that reloads the page when clicked (SPEC 2). It touches navigator only in its effect, so the
// server renders it (as nothing) like any other component.
import { useEffect } from 'react';
import toast from '../lib/toast.js';
import { registerServiceWorker } from '../lib/serviceWorker.js';
import { customerTexts } from '../lib/texts.js';

export function ReloadPrompt() {
  useEffect(
    () =>
      registerServiceWorker((update) =>
        toast(
          (item) => (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                toast.dismiss(item.id);
                update();
              }}
            >
              {customerTexts.updateAvailable}
            </button>
          ),
          { duration: Infinity, id: 'sw-update', icon: '✨' },
        ),
      ),
    [],
  );
  return null;
}
