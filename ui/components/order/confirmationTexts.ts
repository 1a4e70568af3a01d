// The confirmation's texts (SPEC 2, 3) and the ready notice's (rule: ready-notice), apart from the
// order form's (texts.ts) since on the booking page the confirmation's code loads only when a date
// is chosen. Size: with the waitlist prompt's texts apart (features/waitlist/promptTexts.ts) it took
// the booking page's JavaScript from 101.1 to 100.0 KB gzipped.
export const confirmationTexts = {
  // the confirmation
  savedOfflineTitle: 'Bokningen sparad offline',
  thanks: 'Tack för din beställning!',
  savedOfflineText:
    'Din beställning är sparad på enheten och skickas automatiskt när du är online igen. Du får en bekräftelse via e-post när den har tagits emot.',
  notValidBefore: 'Beställningen är ',
  notValid: 'inte giltig',
  untilConfirmed: ' förrän personalen har bekräftat den. Bekräftelsen skickas till ',
  orderNumber: 'Ordernummer',
  date: 'Datum',
  time: 'Tid',
  phone: 'Telefon',
  type: 'Typ',
  dineIn: 'Äta på plats',
  takeAway: 'Avhämtning',
  originalPrice: 'Ordinarie pris',
  discount: 'Rabatt',
  discountAmount: (kr: string) => `−${kr}`,
  manage: 'Hantera din bokning',
  addToCalendar: 'Lägg till i kalendern',
  closeAndNew: 'Stäng och gör en ny beställning',
  // the ready notice (rule: ready-notice); without push it goes by SMS if ticked, else by mail
  // (rule: notice-channel)
  notifyWhenReady: 'Meddela mig när pizzan är klar',
  notifyWorking: 'Slår på notiser...',
  notifyOn: 'Klart! Du får en notis här när pizzan är klar.',
  notifyDenied: 'Notiser är blockerade för den här sidan. Du får besked med sms eller mejl när pizzan är klar.',
  notifyFailed:
    'Det gick inte att slå på notiser i den här webbläsaren. Du får besked med sms eller mejl när pizzan är klar.',
};
