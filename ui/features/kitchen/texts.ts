// The kitchen board's texts (rule: kitchen-steps); the steps' and statuses' names, which the
// bookings screen shares, are in components/kitchenStatusTexts.ts. The server's refusals come from
// domain/messages.ts.
import { KIOSK } from '../../lib/texts.js';

export const kitchenTexts = {
  title: 'Köket',
  date: 'Datum',
  chooseDay: 'Välj dag',
  today: 'Idag',
  previousDay: 'Föregående dag',
  nextDay: 'Nästa dag',
  sound: 'Ljud vid ny bokning',
  live: 'Uppdateras live',
  offline: 'Ej ansluten, uppdateras inte',
  toBake: (time: string, line: string) => `Att baka ${time}: ${line}`,
  nothingToBake: (time: string) => `Att baka ${time}: inget, allt är ur ugnen`,
  slotDone: 'Klart',
  slot: (time: string) => `Kl ${time}`,
  pizzas: (n: number) => (n === 1 ? '1 pizza' : `${n} pizzor`),
  orders: (n: number) => (n === 1 ? '1 beställning' : `${n} beställningar`),
  none: 'Inga bekräftade beställningar denna dag.',
  pending: 'Väntar på bekräftelse',
  pendingHint: 'Bekräfta beställningen för att den ska komma med i köket.',
  confirm: 'Bekräfta',
  confirmLabel: (id: string) => `Bekräfta ${id}`,
  confirmed: 'Bokning bekräftad!',
  confirmFailed: 'Kunde inte bekräfta bokning',
  stepLabel: (label: string, id: string) => `${label} ${id}`,
  stepFailed: 'Kunde inte spara steget',
  undo: 'Ångra',
  undoLabel: (id: string) => `Ångra senaste steget för ${id}`,
  print: 'Skriv ut orderlapp',
  // The kitchen's order ticket, not a receipt: the till prints the receipt (rule: sales-recording).
  printLabel: (id: string) => `Skriv ut orderlapp för ${id}`,
  loadFailed: 'Kunde inte ladda köket',
  dineIn: 'Äta här',
  takeAway: 'Avhämtning',
  /** rule: swish-payment */
  paidWithSwish: 'Betald med Swish',
  awaitingSwish: 'Väntar på Swish-betalning',
  comment: 'Kommentar',
  order: 'Beställning',
  orderNumber: (id: string) => `#${id.split('-').pop()}`,
  ticketTitle: KIOSK.name,
  ticketDate: (date: string) => `${date} kl`,
  ticketTotal: (n: number) => (n === 1 ? 'Totalt 1 pizza' : `Totalt ${n} pizzor`),
};
