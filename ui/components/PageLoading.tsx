// Until the page is hydrated, some controls are disabled (useHydrated: a press would do nothing
// yet) while what a person types and submits is kept (ui/lib/typedAhead.ts). A disabled button
// reads as "unavailable" and no more; this tells a screen reader why, and goes once the page works.
import { commonTexts } from './commonTexts.js';
import { useHydrated } from './useHydrated.js';

export function PageLoading() {
  const hydrated = useHydrated();
  return (
    <p className="visually-hidden" role="status">
      {hydrated ? '' : commonTexts.pageLoading}
    </p>
  );
}
