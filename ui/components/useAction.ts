// The one way a screen runs a call the user asked for: mark it busy (so a second click sends
// nothing), call, toast the success and reload, or toast the server's Swedish error (SPEC 8:
// the server's text before our fallback). `busy` names what is running, e.g. a row's id.
import { useCallback, useRef, useState } from 'react';
import { toast } from '../lib/toast.js';
import { errorText } from '../lib/api.js';

export interface ActionTexts<T = unknown> {
  /** Toasted when the call succeeds (nothing when left out); a function makes it from the answer. */
  success?: string | ((result: T) => string);
  /** Toasted when the call fails and the server sent no text. */
  failure: string;
}

export interface ActionOptions<T> extends ActionTexts<T> {
  /** Runs after a success (e.g. read the list again); awaited before busy clears. */
  reload?: (result: T) => unknown;
  /** Also told the error's text (a form shows it beside its fields). */
  onError?: (text: string, error: unknown) => void;
}

export function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const running = useRef(false);

  /** Runs `call` unless another action is running; resolves with its result, or undefined when it failed or did not run. */
  const run = useCallback(
    async <T>(key: string, call: () => Promise<T>, options: ActionOptions<T>): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(key);
      try {
        const result = await call();
        if (options.success)
          toast.success(typeof options.success === 'function' ? options.success(result) : options.success);
        await options.reload?.(result);
        return result;
      } catch (error) {
        const text = errorText(error, options.failure);
        toast.error(text);
        options.onError?.(text, error);
        return undefined;
      } finally {
        running.current = false;
        setBusy(null);
      }
    },
    [],
  );

  return { busy, run };
}
