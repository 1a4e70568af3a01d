// The closures screen's texts (rules: closures, closure-bookings); the server's refusals come from
// domain/messages.ts.
export const closureTexts = {
  title: 'Stängningar och helgdagar',
  intro: 'Stängda datum erbjuds inte till kunder och tar inte emot bokningar. Kunden ser anledningen.',
  toCalendar: 'Till kalendern',
  add: 'Ny stängning',
  loadFailed: 'Kunde inte ladda stängningarna',
  empty: 'Inga stängningar ännu. Lägg till semester eller helgdagar med "Ny stängning".',
  listLabel: 'Stängningar',
  everyYear: 'Varje år',
  once: 'En gång',
  range: (from: string, to: string) => (from === to ? from : `${from} – ${to}`),
  remove: 'Ta bort',
  removeLabel: (reason: string, range: string) => `Ta bort stängningen ${reason}, ${range}`,
  confirmRemove: (reason: string) =>
    `Ta bort stängningen "${reason}"? Datumen blir bokningsbara igen enligt öppettiderna.`,
  removed: 'Stängningen borttagen!',
  removeFailed: 'Kunde inte ta bort stängningen',
  showBookings: 'Berörda bokningar',
  showBookingsLabel: (reason: string) => `Berörda bokningar för ${reason}`,
  bookingsFailed: 'Kunde inte läsa de berörda bokningarna',
  // The form
  newTitle: 'Ny stängning',
  from: 'Från',
  to: 'Till',
  reason: 'Anledning',
  reasonHint: 'Visas för kunder, t.ex. Semester eller Julafton',
  recurring: 'Återkommande varje år',
  recurringHint: 'Bara dag och månad räknas; får gå över nyår (20 dec – 6 jan).',
  create: 'Stäng datumen',
  created: 'Stängning sparad!',
  saveFailed: 'Kunde inte spara stängningen',
  // The affected bookings
  affectedTitle: (reason: string) => `Bokningar under ${reason}`,
  noneAffected: 'Inga väntande eller bekräftade bokningar ligger på de stängda datumen.',
  affectedIntro: (n: number) =>
    n === 1
      ? 'En bokning ligger redan på de stängda datumen. Den finns kvar tills du avbokar den.'
      : `${n} bokningar ligger redan på de stängda datumen. De finns kvar tills du avbokar dem.`,
  columns: { booking: 'Bokning', when: 'Datum och tid', name: 'Namn', pizzas: 'Pizzor', status: 'Status' },
  caption: 'Berörda bokningar',
  status: { pending: 'Väntande', confirmed: 'Bekräftad' } as const,
  message: 'Meddelande till kunderna',
  messageHint: 'Skickas i avbokningsmejlet till varje kund, en gång.',
  messagePlaceholder: 'T.ex. Vi har semester. Välkommen tillbaka i augusti!',
  cancelAll: 'Avboka alla och meddela kunderna',
  cancelling: 'Avbokar...',
  cancelled: (n: number) =>
    n === 1 ? '1 bokning avbokad, kunden får ett mejl.' : `${n} bokningar avbokade, varje kund får ett mejl.`,
  cancelFailed: 'Kunde inte avboka bokningarna',
  close: 'Stäng',
};
