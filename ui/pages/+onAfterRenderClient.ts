// Once React has hydrated a page (its first effects ran): what a person typed or pressed before
// then is handed to React (ui/lib/typedAhead.ts), and <html data-hydrated> says that the page's
// handlers are attached (the disabled-until-hydrated controls, useHydrated, are enabled by then).
// Pages are routed on the server (+config.ts), so this runs once per page load.
import { handTypedAheadToReact } from '../lib/typedAhead.js';

export async function onAfterRenderClient(): Promise<void> {
  // The fields are entered at once; a held-back submit follows once React has rendered them.
  const handedOver = handTypedAheadToReact();
  document.documentElement.dataset.hydrated = '';
  await handedOver;
}
