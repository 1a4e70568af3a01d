// The booking page's texts (SPEC 2, 3, 5, 8); the order form's (menu, summary, customer) and the
// confirmation's, which the waitlist's offer page shares, are in components/order/, texts shared
// with the other customer pages in ui/lib/texts.ts, the server's messages in domain/messages.ts.
export const bookingPageTexts = {
  title: 'Förbeställ din pizza',
  // rule go-live: a new kiosk before its checklist is done
  notOpenYetTitle: (name: string) => `Välkommen till ${name}`,
  notOpenYetHint: 'Förbeställningen på webben öppnar när allt är på plats. Välkommen förbi kiosken så länge!',
  intro:
    'Välj dag, antal och tid – vi bakar i stenugnen så att pizzan är klar när du kommer. Hämta med dig eller ät på plats.',
  form: 'Bokning',
  checkout: 'Slutför',
  sending: 'Skickar...',
  validWhenConfirmed: 'Beställningen blir giltig först när kiosken har bekräftat den – du får besked via e-post.',
  // the steps
  stepDate: 'Välj datum',
  date: 'Datum',
  chooseDate: 'Välj ett datum',
  vipMark: ' 👑 VIP',
  stepCount: 'Antal pizzor',
  oneLess: 'En pizza färre',
  oneMore: 'En pizza till',
  dateFirst: 'Välj ett datum först.',
  stepTime: 'Välj tid',
  timeFirst: 'Välj datum och antal pizzor först.',
  times: 'Tider',
  dayParts: 'Del av dagen',
  dayPartNames: { lunch: 'Lunch', afternoon: 'Eftermiddag', evening: 'Kväll' },
  fittingSlots: (n: number) => (n === 0 ? 'Inget ledigt' : `${n} lediga`),
  timesIn: (part: string) => `Tider, ${part.toLowerCase()}`,
  // the bonus code
  bonusCode: 'Bonuskod',
  bonusCodeOptional: 'Bonuskod (valfritt)',
  percentOff: (percentage: number) => `${percentage}% rabatt`,
  apply: 'Använd',
  removeCode: 'Ta bort koden',
  bonusOnlineOnly: 'Bonuskoden kan bara kontrolleras online',
  // paying with Swish in advance (issue 49, rule: swish-prepay), said before "Slutför Beställning"
  swishLegend: 'Hur vill du betala?',
  swishNow: 'Betala nu med Swish',
  swishNowHint: 'Direkt efter beställningen: i Swish-appen på mobilen, eller skanna QR-koden på datorn.',
  swishNowOffline: 'Går bara när du är ansluten: en beställning utan anslutning betalas när du hämtar.',
  swishLater: 'Betala när du hämtar',
  swishRequired: 'Beställningen betalas i förväg med Swish, direkt efter att du skickat den.',
  swishRequiredFrom: (n: number) =>
    `Beställningar med ${n} pizzor eller fler betalas i förväg med Swish, direkt efter att du skickat dem.`,
  swishAfterNoShows: 'Har du tidigare inte hämtat en beställning betalar du i förväg med Swish.',
  swishPaysNow: 'Betalas nu med Swish: i appen på mobilen, eller med QR-koden på datorn.',
};
