// The waitlist's Swedish texts (rule: waitlist); the prompt on the booking page has its own few
// (promptTexts.ts), the server's refusals come from domain/messages.ts.
export const waitlistTexts = {
  // the join dialog on the booking page
  joinTitle: (time: string) => `Ställ dig i kö för ${time}`,
  time: 'Tid',
  timeOption: (time: string, label: string) => `${time} (${label})`,
  name: 'Namn',
  email: 'E-post',
  emailHint: 'Hit mejlar vi länken när det finns plats.',
  pizzas: 'Antal pizzor',
  join: 'Ställ dig i kö',
  joining: 'Skickar...',
  joinFailed: 'Kunde inte ställa dig i kö',
  close: 'Stäng',
  // the offer page
  loading: 'Hämtar ditt erbjudande...',
  offerTitle: 'Det finns plats för dig!',
  offerWhen: (date: string, time: string) => `${date} kl ${time}`,
  offerUpTo: (n: number) => `Du kan boka upp till ${n} ${n === 1 ? 'pizza' : 'pizzor'}.`,
  holdUntil: 'Platsen hålls åt dig till ',
  holdAfter: '. Boka innan dess, annars går den vidare till nästa i kön.',
  chosenOf: (chosen: number, max: number) => `Du har valt ${chosen} av högst ${max} ${max === 1 ? 'pizza' : 'pizzor'}.`,
  book: (price: string) => `Boka (${price})`,
  booking: 'Bokar...',
  bookFailed: 'Kunde inte skapa bokning',
  leave: 'Lämna kön',
  leaveConfirm: 'Vill du lämna kön? Platsen går då vidare till nästa i kön.',
  leaveFailed: 'Kunde inte lämna kön',
  noOfferTitle: 'Ingen plats att boka just nu',
  backToBooking: 'Till bokningen',
  offerFailed: 'Kunde inte hämta erbjudandet',
  // staff
  queueTitle: 'Kö',
  queueIntro:
    'Kunder som väntar på plats i en full tid. Den som erbjuds en plats får ett mejl, och platsen hålls åt dem.',
  queueNone: 'Ingen står i kö.',
  queueFailed: 'Kunde inte ladda kön',
  queueColumns: { date: 'Datum', time: 'Tid', name: 'Namn', pizzas: 'Pizzor', status: 'Status' },
  status: {
    waiting: 'Väntar',
    offered: 'Erbjuden plats',
    booked: 'Har bokat',
    lapsed: 'Tiden gick ut',
    left: 'Lämnade kön',
    missed: 'Ingen plats blev ledig',
  },
  heldUntil: 'hålls till ',
};
