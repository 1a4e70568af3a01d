// Once React has hydrated a page (its first effects ran), <html data-hydrated> says so. The page's
// scripts load after its first paint (api/http/paintFirst.ts), so a page can show buttons that do
// nothing yet; the browser tests wait for this mark before they tap (test/e2e/harness.ts).
export function onAfterRenderClient(): void {
  document.documentElement.dataset.hydrated = '';
}
