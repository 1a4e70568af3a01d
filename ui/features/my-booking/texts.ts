// /my-booking's texts (SPEC 2, 5, 8); the shared customer texts are in ui/lib/texts.ts.
export const myBookingTexts = {
  title: 'Min bokning',
  intro: 'Se din beställning eller avboka den. Du hittar bokningsnumret i bekräftelsen och i e-posten.',
  find: 'Hitta bokning',
  finding: 'Söker...',
  email: 'E-post',
  bookingNumber: 'Bokningsnummer',
  bookingNumberExample: 't.ex. 20261124-7',
  bookingTitle: (id: string) => `Bokning ${id}`,
  status: 'Status',
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
  tooLate: (cutOff: string) => `Det är för sent att avboka online (mindre än ${cutOff} kvar). Ring kiosken om du behöver ändra något.`,
  searchAgain: 'Sök ny bokning',
};
