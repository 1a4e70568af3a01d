// The Swedish texts of the customer pages in one place. Texts SPEC quotes (sections 2, 5, 8) are
// word for word; the server's own messages come from domain/messages.ts.

export const KIOSK = {
  name: 'Pizzakiosken',
  tagline: 'Stenugnsbakad pizza, beställd i förväg',
  /** The kiosk's social media page, linked from the confirmation (README: Configuration). */
  socialUrl: 'https://www.instagram.com/pizzakiosken',
  socialLabel: 'Följ oss på Instagram',
};

export const customerTexts = {
  // Booking page
  loadFailed: 'Kunde inte ladda data',
  vipInvalid: 'Ogiltig VIP-token',
  vipNetwork: 'Kunde inte verifiera VIP-token',
  vipChecking: 'Verifierar VIP-länk...',
  availabilityFailed: 'Kunde inte ladda tillgänglighet',
  openDaysFallback: 'Kunde inte hämta öppna dagar, visar fallback',
  loadingDays: 'Laddar öppna dagar...',
  updatingSlots: 'Uppdaterar tider...',
  bookingFailed: 'Kunde inte skapa bokning',
  free: 'Ledigt',
  onlyLeft: (n: number) => `Endast ${n} kvar`,
  full: 'Fullbokat',
  maxPerSlot: (n: number) => `Max ${n} pizzor per tidslucka`,
  submitOnline: (price: string) => `Slutför Beställning (${price})`,
  submitOffline: (price: string) => `Spara Offline (${price})`,
  awaitingConfirmation: 'Väntar på Bekräftelse',
  /** After wentOffline in the offline banner. */
  offlineBannerRest: ' – bokningar sparas på enheten och skickas när du är online igen.',
  reconnected: 'Återansluten! Synkar offline-bokningar...',
  wentOffline: 'Du är offline',
  wentOnline: 'Du är online igen',
  savedOffline: 'Bokningen sparades offline och skickas när du är online igen.',
  synced: (n: number) => `${n} offline-${n === 1 ? 'bokning' : 'bokningar'} skickade!`,
  syncRefused: (n: number) =>
    `${n} offline-${n === 1 ? 'bokning kunde' : 'bokningar kunde'} inte skickas: tiden är inte längre ledig.`,
  updateAvailable: 'En ny version finns – klicka här för att uppdatera',
  // Any customer page (lookup and cancel texts are /my-booking's own: features/my-booking/texts.ts)
  networkFailed: 'Något gick fel. Försök igen senare.',
  // The frame and the error page
  skipToContent: 'Hoppa till innehållet',
  mainMenu: 'Huvudmeny',
  // The link's name holds its visible text, name and tagline, in order (WCAG 2.1 2.5.3, Etikett i namn).
  home: (name: string, tagline: string) => `${[name, tagline].filter(Boolean).join(' ')} – startsida`,
  book: 'Boka',
  myBooking: 'Min bokning',
  since: 'Stenugn sedan 1998',
  themeTitle: 'Byt tema',
  themeTo: (next: 'napoli' | 'classic') => `Byt tema till ${next === 'napoli' ? 'Napoli (mörkt)' : 'Classic (ljust)'}`,
  pageFailed: 'Sidan kunde inte visas.',
  toBooking: 'Till bokningen',
  // Generic
  unexpected: 'Unexpected Application Error!',
};
