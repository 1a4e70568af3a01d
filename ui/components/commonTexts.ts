// Texts of the shared building blocks (ui/components): the words every screen uses the same way.
export const commonTexts = {
  saving: 'Sparar...',
  cancel: 'Avbryt',
  close: 'Stäng',
  loading: 'Laddar...',
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
