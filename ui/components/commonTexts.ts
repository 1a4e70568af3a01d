// Texts of the shared building blocks (ui/components): the words every screen uses the same way.
export const commonTexts = {
  saving: 'Sparar...',
  cancel: 'Avbryt',
  close: 'Stäng',
  loading: 'Laddar...',
  // PageLoading: read by a screen reader while the page's scripts load (its inactive buttons).
  pageLoading: 'Sidan laddas. Knappar som ännu inte går att trycka på fungerar om ett ögonblick.',
  retry: 'Försök igen',
  // ItemsTable
  pizza: 'Pizza',
  quantity: 'Antal',
  price: 'Pris',
  // LinkResult (calendar and VIP)
  vipLink: 'VIP-länk',
  validUntil: (when: string) => `Giltig till ${when}`,
  copy: 'Kopiera länk',
  copiedMark: 'Kopierad ✓',
  copied: 'Länk kopierad till urklipp!',
  copyFailed: 'Kunde inte kopiera länken',
};
