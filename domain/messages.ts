// Every Swedish message the server sends, in one place so each can be checked against SPEC.md.
// Texts quoted in SPEC sections 5 and 8 are copied word for word; the rest are ours, in the same
// tone, for server-side rules SPEC leaves open (see domain/README.md).

export const msg = {
  // SPEC 5: booking form
  dateRequired: 'Välj ett datum',
  timeRequired: 'Välj en tid',
  nameTooShort: 'Namn måste vara minst 2 tecken',
  invalidEmail: 'Ogiltig e-postadress',
  atLeastOnePizza: 'Välj minst en pizza',
  chooseMore: (missing: number) =>
    `Välj ${missing} fler ${missing === 1 ? 'pizza' : 'pizzor'} för att matcha din beställning`,
  tooManyChosen: 'Du har ändå valt fler pizzor än vad du önskade i steg 2',
  tooManyForSlot: (chosen: number, max: number) => {
    const remove = chosen - max;
    return `Du har valt ${chosen} ${chosen === 1 ? 'pizza' : 'pizzor'} men kan bara boka ${max} för denna tid. Ta bort ${remove} för att fortsätta.`;
  },
  // SPEC 5: admin login, pizza form, reports
  passwordRequired: 'Lösenord krävs',
  pizzaNameAndPrice: 'Namn och pris måste anges',
  invalidReportDate: 'Välj ett giltigt datum',
  reportDatesRequired: 'Välj både start- och slutdatum',
  reportStartAfterEnd: 'Startdatum måste vara före slutdatum',
  // SPEC 8: booking page, lookup, cancel
  noSlots: 'Inga tider är tillgängliga för detta datum.',
  noSlotFitsOrder: 'Det finns ingen tidslucka som rymmer hela beställningen denna dag. Prova ett annat datum.',
  invalidVipToken: 'Ogiltig VIP-token',
  bookingNotFound: 'Kunde inte hitta bokningen',
  loginFailed: 'Inloggning misslyckades',
  cannotGenerateVipLink: 'Kunde inte generera VIP-länk. Kontrollera att dagen är markerad som VIP.',
  vipWelcome: 'Välkommen! Du har VIP-tillgång 👑',

  // Ours: booking rules
  lookupFieldsRequired: 'Ange e-postadress och bokningsnummer',
  pizzaCountMin: 'Antal pizzor måste vara minst 1',
  pizzaCountMax: (max: number) => `Max ${max} pizzor per tidslucka`,
  invalidDate: 'Ogiltigt datum',
  invalidTime: 'Ogiltig tid',
  datePassed: 'Datumet har redan passerat',
  timePassed: 'Tiden har redan passerat',
  dayClosed: 'Kiosken har stängt detta datum',
  dateTooFarAhead: 'Datumet ligger för långt fram för bokning',
  vipOnlyDate: 'Detta datum är endast för VIP-kunder',
  noSuchSlot: 'Tiden finns inte denna dag',
  slotFull: 'Tidsluckan har inte plats för hela beställningen. Välj en annan tid.',
  unknownPizza: 'En vald pizza finns inte längre på menyn',
  bookingAlreadyCancelled: 'Bokningen är redan avbokad',
  bookingNotPending: 'Endast väntande bokningar kan bekräftas',
  cancelReasonRequired: 'Ange en anledning till avbokningen',
  tooLateToCancel: 'Det är för sent att avboka online. Kontakta kiosken.',
  // Ours: calendar and VIP
  invalidOpeningHours: 'Stängningstiden måste vara efter öppningstiden',
  vipOnlyOpenDays: 'Endast öppna dagar kan markeras som VIP',
  dayNotVip: 'Dagen är inte markerad som VIP',
  vipDateNotFound: 'VIP-datumet finns inte',
  vipCustomerRequired: 'E-post och namn krävs',
  vipCustomerExists: 'Det finns redan en VIP-kund med denna e-postadress',
  vipCustomerNotFound: 'VIP-kunden finns inte',
  vipCustomerInactive: 'VIP-kunden är inaktiv',
  vipTokenExpired: 'VIP-länken har gått ut',
  invitationCustomersRequired: 'Välj minst en kund',
  invitationSubjectRequired: 'Ämne krävs',
  invitationMessageRequired: 'Meddelande krävs',
  invitationHours: 'Giltighetstiden måste vara mellan 1 och 168 timmar',
  // Ours: menu, bonus codes, settings, auth
  pizzaNotFound: 'Pizzan finns inte',
  bonusCodeRequired: 'Bonuskod krävs',
  bonusCodeDiscount: 'Rabatten måste vara mellan 0 och 100 procent',
  bonusCodeUsageLimit: 'Användningsgränsen måste vara ett heltal, minst 1',
  bonusCodeExpiry: 'Ogiltigt utgångsdatum',
  bonusCodeExists: 'Bonuskoden finns redan',
  bonusCodeNotFound: 'Bonuskoden finns inte',
  bonusCodeInvalid: 'Ogiltig bonuskod',
  bonusCodeInactive: 'Bonuskoden är inte aktiv',
  bonusCodeExpired: 'Bonuskoden har gått ut',
  bonusCodeUsedUp: 'Bonuskoden har redan använts maximalt antal gånger',
  settingsNumber: (label: string, min: number) => `${label} måste vara ett heltal, minst ${min}`,
  settingsOpeningHoursRequired: 'Öppnings- och stängningstid krävs för varje öppen dag',
  notSignedIn: 'Du måste logga in',
  wrongCredentials: 'Fel e-postadress eller lösenord',
  bookingCancelledByCustomer: 'Din bokning har avbokats!',
  calendarSynced: 'Öppettider synkroniserade till kalendern!',
  tooManyLogins: 'För många inloggningsförsök. Försök igen om en stund.',
  invalidRequest: 'Ogiltig förfrågan',
  notFound: 'Hittades inte',
  serverError: 'Något gick fel. Försök igen senare.',
  busy: 'Systemet är hårt belastat just nu. Försök igen.',
} as const;
