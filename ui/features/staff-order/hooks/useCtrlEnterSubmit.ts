// Ctrl+Enter (⌘+Enter) submits the form from any of its fields or buttons: pressing the submit
// button itself would cost a trip of Tabs past the rarely needed fields.
import { useEffect, useRef } from 'react';

/** The ref to put on the form. */
export function useCtrlEnterSubmit() {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const element = form.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      element?.requestSubmit();
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, []);
  return form;
}
