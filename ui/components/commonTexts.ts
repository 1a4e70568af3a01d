// Texts of the shared building blocks (ui/components): the words every screen uses the same way.
export const commonTexts = {
  saving: 'Sparar...',
  cancel: 'Avbryt',
  close: 'Stäng',
  loading: 'Laddar...',
  retry: 'Försök igen',
};
