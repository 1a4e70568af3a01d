// Every Swedish message the server sends, in one place so each can be checked against the product specification's wording
// (`msg`; the part the customer's pages use as well comes from customerMessages.ts). Texts quoted
// in SPEC sections 5 and 8 are copied word for word; the rest are ours, in the same tone, for
// server-side rules SPEC leaves open (see domain/README.md).

import { customerMsg } from './customerMessages.js';

export { customerMsg };

/** Every message, customerMsg's too. */
export const msg = {
  ...customerMsg,
  // SPEC 5: admin login, pizza form, reports
  passwordRequired: 'Lösenord krävs',
  pizzaNameAndPrice: 'Namn och pris måste anges',
  invalidReportDate: 'Välj ett giltigt datum',
  reportDatesRequired: 'Välj både start- och slutdatum',
  reportStartAfterEnd: 'Startdatum måste vara före slutdatum',
  // SPEC 8: booking page, lookup, cancel
  noSlotFitsOrder: 'Det finns ingen tidslucka som rymmer hela beställningen denna dag. Prova ett annat datum.',
  invalidVipToken: 'Ogiltig VIP-token',
  bookingNotFound: 'Kunde inte hitta bokningen',
  loginFailed: 'Inloggning misslyckades',
  cannotGenerateVipLink: 'Kunde inte generera VIP-länk. Kontrollera att dagen är markerad som VIP.',

  // Ours: booking rules
  pizzaCountMax: (max: number) => `Max ${max} pizzor per tidslucka`,
  datePassed: 'Datumet har redan passerat',
  timePassed: 'Tiden har redan passerat',
  dayClosed: 'Kiosken har stängt detta datum',
  dateTooFarAhead: 'Datumet ligger för långt fram för bokning',
  vipOnlyDate: 'Detta datum är endast för VIP-kunder',
  noSuchSlot: 'Tiden finns inte denna dag',
  slotFull: 'Tidsluckan har inte plats för hela beställningen. Välj en annan tid.',
  bookingAlreadyCancelled: 'Bokningen är redan avbokad',
  bookingNotPending: 'Endast väntande bokningar kan bekräftas',
  cancelReasonRequired: 'Ange en anledning till avbokningen',
  tooLateToCancel: 'Det är för sent att avboka online. Kontakta kiosken.',
  // Ours: the system's timers (rules: pending-expiry, reminder)
  pendingExpiredReason: 'Ej bekräftad i tid',
  /** rule: swish-payment. */
  swishPaymentAwaited: 'Bokningen väntar på Swish-betalning och kan bekräftas först när den är betald',
  swishPaymentFailedReason: 'Betalningen med Swish gick inte igenom',
  swishBookingNotMovable:
    'En bokning som betalas med Swish kan bara flyttas till en annan tid samma dag. Kontakta kiosken, så hjälper vi dig.',
  pendingExpiryOff: 'Obekräftade bokningar förfaller inte: tiden är 0 i inställningarna',
  onlyPendingExpire: 'Endast väntande bokningar kan förfalla',
  pendingNotExpired: 'Bokningen har inte väntat på bekräftelse länge nog för att förfalla',
  remindersOff: 'Påminnelser är avstängda i inställningarna',
  reminderOnlyConfirmed: 'Endast bekräftade bokningar får en påminnelse',
  reminderTooEarly: 'Det är för tidigt för påminnelsen',
  reminderTooLate: 'Bokningen gjordes eller bekräftades så nära inpå tiden att den inte får någon påminnelse',
  invalidIdempotencyKey: 'Ogiltig idempotensnyckel',
  idempotencyKeyReused: 'Idempotensnyckeln har redan använts för en annan bokning',
  // Ours: moving a booking (rule: reschedule)
  tooLateToReschedule: 'Det är för sent att flytta bokningen online. Kontakta kiosken.',
  rescheduleSameTime: 'Bokningen har redan den tiden. Välj en annan dag eller tid.',
  bookingMovedTo: (id: string) => `Bokningen är flyttad till ${id}`,
  bookingRescheduled: 'Bokningen är flyttad',
  // Ours: the kitchen's steps (rule: kitchen-steps)
  kitchenNeedsConfirmed: 'Bekräfta bokningen innan den går till köket',
  kitchenAlreadyStarted: 'Beställningen är redan påbörjad i köket',
  kitchenReadyNeedsBaking: 'Beställningen måste vara i ugnen innan den kan bli klar',
  kitchenPickupNeedsReady: 'Beställningen måste vara klar innan den kan hämtas',
  kitchenAlreadyPickedUp: 'Beställningen är redan hämtad',
  kitchenNothingToUndo: 'Det finns inget steg att ångra',
  kitchenInvalidStep: 'Ogiltigt köksteg',
  // Ours: calendar and VIP
  invalidOpeningHours: 'Stängningstiden måste vara efter öppningstiden',
  vipOnlyOpenDays: 'Endast öppna dagar kan markeras som VIP',
  dayNotVip: 'Dagen är inte markerad som VIP',
  vipInsideClosure: (reason: string) => `Kiosken har stängt detta datum (${reason}): det kan inte markeras som VIP`,
  // Ours: closures and holidays (rule: closures)
  dayClosedFor: (reason: string) => `Kiosken har stängt detta datum: ${reason}`,
  closureReasonRequired: 'Ange en anledning till stängningen',
  closureReasonTooLong: (max: number) => `Anledningen får vara högst ${max} tecken`,
  closureEndsBeforeStart: 'Slutdatumet får inte vara före startdatumet',
  closureNotFound: 'Stängningen finns inte',
  closureMessageRequired: 'Skriv ett meddelande till kunderna',
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
  /** rule: undeclared-pizzas. The pizzas named as the menu calls them; several joined with "och". */
  pizzaUndeclaredOnline: (names: readonly string[]) => {
    const named = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} och ${names.at(-1)}`;
    const [them, they] = names.length === 1 ? ['den', 'den'] : ['dem', 'de'];
    return `${named} saknar allergeninformation och kan inte beställas online. Beställ ${them} i kiosken, där personalen berättar vilka allergener ${they} innehåller.`;
  },
  unknownAllergen: 'Okänd allergen: välj bland de 14 allergenerna',
  // Extras and removals (issue 29)
  extraNameAndPrice: 'Tillvalet behöver ett namn och ett pris (0 kr eller mer)',
  extraAllergensUndeclared: 'Ange tillvalets allergener (eller Inga allergener)',
  extraNotFound: 'Tillvalet finns inte',
  removableIngredient: 'En ingrediens att kunna ta bort anges med 1–40 tecken',
  bonusCodeRequired: 'Bonuskod krävs',
  bonusCodeDiscount: 'Rabatten måste vara mellan 0 och 100 procent',
  bonusCodeUsageLimit: 'Användningsgränsen måste vara ett heltal, minst 1',
  bonusCodeExpiry: 'Ogiltigt utgångsdatum',
  bonusCodeExists: 'Bonuskoden finns redan',
  bonusCodeNotFound: 'Bonuskoden finns inte',
  bonusCodeInactive: 'Bonuskoden är inte aktiv',
  bonusCodeExpired: 'Bonuskoden har gått ut',
  bonusCodeUsedUp: 'Bonuskoden har redan använts maximalt antal gånger',
  settingsNumber: (label: string, min: number) => `${label} måste vara ett heltal, minst ${min}`,
  settingsOpeningHoursRequired: 'Öppnings- och stängningstid krävs för varje öppen dag',
  notSignedIn: 'Du måste logga in',
  sessionNotFound: 'Sessionen finns inte eller har redan avslutats',
  adminNotFound: 'Administratören finns inte',
  cannotRemoveSelf: 'Du kan inte ta bort dig själv',
  jsonRequired: 'Förfrågan måste skickas som JSON',
  crossSiteRefused: 'Förfrågan nekades: den kom inte från kioskens egen webbplats',
  wrongCredentials: 'Fel e-postadress eller lösenord',
  bookingCancelledByCustomer: 'Din bokning har avbokats!',
  calendarSynced: 'Öppettider synkroniserade till kalendern!',
  tooManyLogins: 'För många inloggningsförsök. Försök igen om en stund.',
  tooManyRequests: 'För många förfrågningar. Försök igen om en stund.',
  invalidPushSubscription: 'Ogiltig push-prenumeration',
  invalidRequest: 'Ogiltig förfrågan',
  notFound: 'Hittades inte',
  mailNotFound: 'E-postmeddelandet finns inte',
  smsNotFound: 'SMS:et finns inte',
  /** The staff banner while the mail relay refuses (api/mail/sender.ts). */
  mailRelayFailing: (answer: string) =>
    `E-post kan inte skickas just nu: ${answer}. Inget försvinner – allt skickas när det fungerar igen.`,
  methodNotAllowed: 'Metoden stöds inte för denna adress',
  unsupportedMediaType: 'Innehållstypen stöds inte. Skicka JSON.',
  requestTooLarge: 'Förfrågan är för stor',
  requestTimeout: 'Förfrågan tog för lång tid',
  serverError: 'Något gick fel. Försök igen senare.',
  busy: 'Systemet är hårt belastat just nu. Försök igen.',
  // Ours (issue 46): the kiosk's own name and logo (web orders closed until the checklist is done: customerMsg)
  testMailNoAdminEmail: 'Ange admin-e-posten i inställningarna först: dit går testmejlet',
  kioskNameRequired: 'Ange kioskens namn (högst 60 tecken)',
  kioskTaglineTooLong: 'Kioskens slogan får vara högst 120 tecken',
  logoType: 'Logotypen måste vara en PNG- eller SVG-bild',
  logoTooLarge: (kb: number) => `Logotypen får vara högst ${kb} kB`,
  logoNotFound: 'Kiosken har ingen logotyp',
  logoUnsafeSvg: 'SVG-bilden får inte innehålla skript, länkar till andra filer eller händelser',
  // Ours: the seller's details (rule: seller-details)
  sellerText: (label: string, max: number) => `${label} får vara högst ${max} tecken`,
  orgNumberFormat: 'Organisationsnumret skrivs med tio siffror: NNNNNN-NNNN',
  orgNumberControlDigit: 'Organisationsnumret stämmer inte: kontrollsiffran är fel',
  orgNumberForVatNumber: 'Ange organisationsnumret: momsregistreringsnumret bygger på det',
  vatNumberFormat: 'Momsregistreringsnumret skrivs SE, organisationsnumrets tio siffror och 01',
  vatNumberMismatch: (expected: string) =>
    `Momsregistreringsnumret stämmer inte med organisationsnumret: det ska vara ${expected}`,
  financialYearStartMonth: 'Välj räkenskapsårets första månad (1–12)',
  // Ours: the accountant's books
  vatRateInvalid: 'Momssatsen måste vara 25, 12 eller 6 %',
  salesRecordingInvalid: 'Välj var försäljningen registreras: kassaregistret eller Pizzakiosken',
  orderConfirmationCancelled: 'Beställningen är avbokad: den har ingen orderbekräftelse att skriva ut',
  accountInvalid: 'Ett konto anges med fyra siffror (BAS-kontoplanen)',
  orderTypeInvalid: 'Välj Ta med eller Äta här',
  vatPeriodReversed: 'Gäller till kan inte vara före Gäller från',
  vatPeriodsOverlap: 'Perioden överlappar en annan period för samma ordertyp',
  vatPeriodsGap: (from: string, to: string) =>
    `Ingen momssats gäller ${from} – ${to}: perioderna måste följa på varandra`,
  vatPeriodsOpenStart: 'Den första perioden för en ordertyp gäller från början: lämna Gäller från tomt',
  vatPeriodsOpenEnd: 'Den sista perioden för en ordertyp gäller tills vidare: lämna Gäller till tomt',
  vatPeriodsMissing: (orderType: string) => `Ange en momssats för ${orderType}`,
  // Ours: closed accounting periods (rule: closed-periods)
  periodInvalid: 'Ange perioden som år och månad, ÅÅÅÅ-MM',
  periodAlreadyClosed: (period: string) => `Perioden ${period} är redan stängd`,
  periodNotEnded: (period: string, from: string) =>
    `Perioden ${period} har inte tagit slut än: den kan stängas från och med ${from}`,
  periodOutOfOrder: (earlier: string) => `Stäng ${earlier} först: perioderna stängs i tur och ordning`,
  periodBeforeBooks: (first: string) =>
    `Perioden ligger före ${first}, den första stängda perioden: bokföringen här börjar med ${first}`,
  // Ours: the waitlist (rule: waitlist)
  waitlistSlotHasRoom: 'Tiden har plats för din beställning. Boka direkt i stället.',
  waitlistAlreadyQueued: 'Du står redan i kö för denna tid',
  waitlistNotFound: 'Köplatsen finns inte. Länken kan vara fel eller så har du lämnat kön.',
  waitlistOfferLapsed: 'Tiden att boka har gått ut och platsen har gått vidare till nästa i kön.',
  waitlistAlreadyBooked: 'Du har redan bokat från kön',
  waitlistTimeStarted: 'Tiden har redan börjat och ingen plats blev ledig. Välkommen att boka en annan tid.',
  waitlistLeft: 'Du har lämnat kön',
  waitlistJoined: (time: string) => `Du står i kö för ${time}. Vi mejlar dig en personlig länk när det finns plats.`,
  // Ours: staff order entry (rule: staff-orders)
  staffOrderPhoneRequired: 'Ange ett telefonnummer för en telefonbeställning',
  staffOrderPhoneInvalid: 'Telefonnumret ska ha minst 6 siffror',
  // Ours: Kunddata finds a customer by e-mail, or one known only by phone (a phone order)
  customerQueryRequired: 'Ange kundens e-postadress eller telefonnummer',
  customerQueryOne: 'Ange antingen e-postadress eller telefonnummer, inte båda',
  // Ours: Kunddata by order number or by name and date (a counter order with only a name, issue 45)
  customerBookingIdInvalid: 'Ogiltigt ordernummer, till exempel 20261207-3',
  customerOrdersName: 'Skriv minst 2 tecken av kundens namn',
  // Ours: VIP invitations are direct marketing; each carries a one-click unsubscribe (issue 45)
  vipUnsubscribeInvalid: 'Länken för att avregistrera sig är ogiltig',
  vipUnsubscribed: 'Du är avregistrerad: du får inga fler VIP-inbjudningar från oss.',
  vipCustomerUnsubscribed: (name: string) =>
    `${name} har avregistrerat sig från VIP-inbjudningar och kan inte bjudas in igen`,
  staffOrderSourceInvalid: 'Välj disk eller telefon som källa',
  staffOrderSlotFull: (pizzas: number, remaining: number) =>
    remaining <= 0
      ? `Tiden är fullbokad. Bekräfta för att ta ${pizzas === 1 ? 'pizzan' : `de ${pizzas} pizzorna`} ändå.`
      : `Tiden har bara plats för ${remaining} ${remaining === 1 ? 'pizza' : 'pizzor'} till. Bekräfta för att ta beställningen ändå.`,
  // Ours: the counter's evening (rules sold-out, daily-stock, web-pause, slot-delay)
  pizzaSoldOut: (name: string, until: string | null) =>
    until === null
      ? `${name} är slut idag. Välj en annan pizza.`
      : `${name} är slut till ${until}. Välj en annan pizza eller en senare tid.`,
  soldOutUntilInvalid: 'Ange tiden som TT:MM',
  pizzaNotSoldOut: 'Pizzan är inte markerad som slut idag',
  stockLeft: (name: string, left: number) =>
    left === 0
      ? `${name} är slutsåld denna dag. Välj en annan pizza.`
      : `Det finns bara ${left} kvar av ${name} denna dag.`,
  dailyStockInvalid: 'Dagligt lager anges som ett heltal från 0 till 1000, eller tomt för obegränsat',
  // A daily stock per base (rule: daily-stock): a named pool the pizzas on that base draw from.
  stockPoolNameRequired: 'Ange bottnens namn, t.ex. Glutenfri botten',
  stockPoolNameTooLong: (max: number) => `Namnet får vara högst ${max} tecken`,
  stockPoolPizzasRequired: 'Välj minst en pizza som görs på bottnen',
  stockPoolNotFound: 'Bottnen finns inte',
  stockPoolNameTaken: 'Det finns redan en botten med det namnet',
  webBookingsPaused: (reason: string, until: string | null) =>
    until === null
      ? `Webbokningen är pausad resten av dagen: ${reason}`
      : `Webbokningen är pausad till ${until}: ${reason}`,
  pauseReasonRequired: 'Ange en anledning som kunderna ser',
  pauseReasonTooLong: (max: number) => `Anledningen får vara högst ${max} tecken`,
  pauseMinutesInvalid: 'Pausa i 15, 30 eller 60 minuter, eller resten av dagen',
  delayMinutesInvalid: 'Skjut upp 10, 15 eller 20 minuter',
  slotAlreadyDelayed: (minutes: number) => `Tiden är redan uppskjuten ${minutes} minuter: ångra först`,
  nothingToDelay: 'Det finns inga beställningar att skjuta upp på denna tid',
  slotNotDelayed: 'Tiden är inte uppskjuten',
  // What the customer knows before ordering (rule: before-order) and the cross-contact note (rule: cross-contact-note).
  paymentMethodsRequired: 'Välj minst ett betalningssätt som kiosken tar emot: kort, Swish eller kontanter',
  crossContactNoteTooLong: (max: number) => `Texten om spår av allergener får vara högst ${max} tecken`,
  // Rule allergen-kinds: the cereal or nut a declaration names.
  unknownCereal: 'Okänt sädesslag: välj bland vete, råg, korn, havre, spelt och kamut',
  unknownNut: 'Okänd nöt: välj bland mandel, hasselnöt, valnöt, cashew, pekan, paranöt, pistage och macadamia',
  unknownAllergenKind: 'Sädesslag och nötter anges under gluten och nötter',
  kindWithoutAllergen: (allergen: 'gluten' | 'nuts') =>
    allergen === 'gluten'
      ? 'Ett sädesslag kan bara anges när Spannmål som innehåller gluten är markerat'
      : 'En nöt kan bara anges när Nötter är markerat',
} as const;
