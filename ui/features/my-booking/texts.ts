// /my-booking's texts (SPEC 2, 5, 8); the shared customer texts are in ui/lib/texts.ts. Its lookup,
// cancel and status texts are here, not there, since the booking page loads those (moving them
// took the booking page's JavaScript from 100.0 to 99.8 KB gzipped).
export const myBookingTexts = {
  // lookup and cancel
  lookupFailed: 'Kunde inte hitta bokningen',
  cancelConfirm: 'Är du säker på att du vill avboka? Detta kan inte ångras.',
  cancelFailed: 'Kunde inte avboka',
  cancelled: 'Din bokning har avbokats!',
  cancelledMail: 'Du har fått en bekräftelse via e-post.',
  title: 'Min bokning',
  intro: 'Se din beställning, flytta den eller avboka den. Du hittar bokningsnumret i bekräftelsen och i e-posten.',
  find: 'Hitta bokning',
  finding: 'Söker...',
  email: 'E-post',
  bookingNumber: 'Bokningsnummer',
  bookingNumberExample: 't.ex. 20261124-7',
  bookingTitle: (id: string) => `Bokning ${id}`,
  status: 'Status',
  /** Where a confirmed order is in the kitchen, followed live (rule: order-status-screen). */
  kitchen: 'I köket',
  date: 'Datum',
  time: 'Tid',
  name: 'Namn',
  phone: 'Telefon',
  pizzas: 'Pizzor',
  total: 'Totalt',
  addToCalendar: 'Lägg till i kalendern',
  cancel: 'Avboka',
  timeLeft: 'Tid kvar',
  /** The cut-off is the larger of 24 hours and the kiosk's cancellation deadline (domain/kioskDay/schedule.ts). */
  tooLate: (cutOff: string) =>
    `Det är för sent att avboka online (mindre än ${cutOff} kvar). Ring kiosken om du behöver ändra något.`,
  searchAgain: 'Sök ny bokning',
  // Moving the booking (rule: reschedule)
  reschedule: 'Flytta bokningen',
  rescheduleTitle: 'Flytta bokningen',
  rescheduleIntro: (pizzas: number) =>
    `Välj en ny dag och tid med plats för dina ${pizzas} ${pizzas === 1 ? 'pizza' : 'pizzor'}. Bokningen blir väntande igen tills kiosken har bekräftat den nya tiden.`,
  newDate: 'Ny dag',
  chooseDate: 'Välj en dag',
  loadingDays: 'Laddar dagar...',
  newTime: 'Ny tid',
  chooseDateFirst: 'Välj en dag först.',
  loadingSlots: 'Hämtar tider...',
  currentTime: 'Din tid nu',
  noSlotFits: 'Ingen tid denna dag har plats för hela beställningen. Prova en annan dag.',
  moving: 'Flyttar...',
  move: 'Flytta',
  chooseNewTime: 'Välj en ny tid',
  slotsFailed: 'Kunde inte hämta tider. Försök igen.',
  daysFailed: 'Kunde inte hämta dagar. Försök igen.',
  rescheduleFailed: 'Kunde inte flytta bokningen',
  moved: 'Bokningen är flyttad!',
  movedMail: 'Du får ett mejl med den nya tiden. Bokningen väntar på bekräftelse av kiosken.',
  newNumber: (id: string) => `Ditt nya bokningsnummer är ${id}.`,
  /** A number that was moved leads to the booking it lives on as. */
  followedMove: (from: string, to: string) => `Bokning ${from} har flyttats. Den heter nu ${to}.`,
};

/** rule: swish-payment. A booking's Swish payment as /my-booking shows it. */
export const PAYMENT_LABEL = {
  title: 'Betalning',
  requested: 'Väntar på Swish-betalning',
  paid: 'Betald med Swish',
  failed: 'Swish-betalningen gick inte igenom',
} as const;

/** rule: swish-refund. A cancelled paid booking's refund as /my-booking shows it. */
export const REFUND_LABEL = {
  requested: (amount: string) =>
    `Återbetalning av ${amount} är begärd. Pengarna kommer tillbaka till ditt Swish-konto.`,
  refunded: (amount: string) => `${amount} är återbetalt till ditt Swish-konto.`,
  failed: () => 'Återbetalningen har inte gått igenom. Kontakta kiosken, så ordnar vi det.',
} as const;

/** A booking's status as /my-booking shows it. */
export const STATUS_LABEL: Record<string, string> = {
  pending: 'Väntar på bekräftelse',
  confirmed: 'Bekräftad',
  cancelled: 'Avbokad',
};
