// Data a screen got in its first HTML (+data on the server) and reads again after a change or a
// live event. A failed reload keeps what is shown and toasts the failure.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../lib/toast.js';
import { errorText } from '../lib/api.js';

export function useReloadable<T>(initial: T, load: () => Promise<T>, failure: string) {
  const [data, setData] = useState<T>(initial);
  // The latest `load` (it reads the screen's current filters), kept without changing `reload`.
  const loader = useRef(load);
  useLayoutEffect(() => {
    loader.current = load;
  });
  const reload = useCallback(async () => {
    try {
      const next = await loader.current();
      setData(next);
      return next;
    } catch (error) {
      toast.error(errorText(error, failure));
      return undefined;
    }
  }, [failure]);
  return { data, setData, reload };
}
