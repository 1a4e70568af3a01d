// The bookings screen's texts (SPEC 2, 8); SPEC's words are kept word for word.
import type { BookingStatus } from '../../../domain/answers/booking.js';

export const bookingStatusText: Record<BookingStatus, string> = {
  pending: 'Väntande',
  confirmed: 'Bekräftad',
  cancelled: 'Avbokad',
};

export const bookingTexts = {
  title: 'Bokningar',
  filters: 'Filter',
  status: 'Status',
  date: 'Datum',
  all: 'Alla',
  statusOptions: { pending: 'Väntande', confirmed: 'Bekräftade', cancelled: 'Avbokade' } as Record<
    BookingStatus,
    string
  >,
  dateOptions: { today: 'Idag', tomorrow: 'Imorgon' },
  clearFilters: 'Rensa filter',
  none: 'Inga bokningar matchar filtret.',
  table: 'Bokningar',
  customer: 'Kund',
  dateTime: 'Datum och tid',
  pizzas: 'Pizzor',
  actions: 'Åtgärder',
  at: (date: string, time: string) => `${date} kl ${time}`,
  count: (n: number) => `(${n} st)`,
  show: 'Visa',
  showLabel: (id: string) => `Visa ${id}`,
  confirm: 'Bekräfta',
  confirmLabel: (id: string) => `Bekräfta ${id}`,
  cancel: 'Avboka',
  cancelLabel: (id: string) => `Avboka ${id}`,
  loadFailed: 'Kunde inte ladda bokningar',
  detailsFailed: 'Kunde inte ladda bokningsdetaljer',
  confirmFailed: 'Kunde inte bekräfta bokning',
  cancelFailed: 'Kunde inte avboka bokning',
  confirmed: 'Bokning bekräftad!',
  cancelled: 'Bokning avbokad!',
  cancelReasonPrompt: 'Ange en anledning till avbokningen:',
  // details
  detailsTitle: (id: string) => `Bokning ${id}`,
  loading: 'Laddar...',
  email: 'E-post',
  phone: 'Telefon',
  type: 'Typ',
  dineIn: 'Äta på plats',
  takeAway: 'Avhämtning',
  comment: 'Kommentar',
  cancelReason: 'Anledning till avbokning',
  discount: 'Rabatt',
  total: 'Totalt',
  history: 'Historik',
  events: {
    BookingPlaced: 'Bokning mottagen',
    BookingConfirmed: 'Bekräftad',
    BookingCancelled: 'Avbokad',
    BookingReminded: 'Påminnelse skickad',
    // rule: reschedule
    BookingRescheduled: 'Flyttad till ny tid',
    BookingMovedAway: 'Flyttad till annan dag',
    KitchenStepRecorded: 'Köket',
    // rule: swish-payment
    SwishPaymentRequested: 'Swish-betalning begärd',
    SwishPaymentPaid: 'Betald med Swish',
    SwishPaymentFailed: 'Swish-betalningen gick inte igenom',
    // rule: swish-refund
    SwishRefundRequested: 'Återbetalning begärd',
    SwishRefunded: 'Återbetald',
    SwishRefundFailed: 'Återbetalningen misslyckades',
  } as Record<string, string>,
  /** A history entry's Swish error code (a failed payment or refund). */
  errorCode: (code: string) => `kod ${code}`,
  /** rule: swish-payment. The booking's Swish payment beside its status. */
  payment: {
    requested: 'Väntar på Swish-betalning',
    paid: 'Betald med Swish',
    failed: 'Swish-betalningen gick inte igenom',
  } as const,
  paymentTitle: 'Betalning',
  refundTitle: 'Återbetalning',
  /** rule: swish-refund. A cancelled paid booking's refund, beside its payment. */
  refund: {
    requested: 'Återbetalning begärd',
    refunded: 'Återbetald',
    failed: (code: string | null | undefined) =>
      code ? `Återbetalningen misslyckades (kod ${code})` : 'Återbetalningen misslyckades',
  },
  refundFailedHint:
    'Swish betalade inte tillbaka pengarna. Betala tillbaka kunden på annat sätt (till exempel med Swish från kioskens telefon) och anteckna det.',
  /** A history entry of a move (rule: reschedule): where the booking went or came from. */
  movedTo: (id: string, date: string, time: string) => `till ${id} (${date} ${time})`,
  movedFrom: (id: string) => `flyttad från ${id}`,
  kitchenUndo: 'Ångrade senaste steget',
  kitchen: 'Köket',
  close: 'Stäng',
  // rule: staff-order-record: an order without an e-mail gets its record of the sale on paper.
  printConfirmation: 'Skriv ut orderbekräftelse',
  printConfirmationHint:
    'Beställningen har ingen e-postadress: skriv ut orderbekräftelsen (säljaren, raderna, totalen inkl. moms och momsen) och ge den till kunden.',
  none_: '–',
  // rule: staff-orders, no-shows
  source: 'Källa',
  earlierNoShows: 'Tidigare uteblivna',
  earlierNoShowsCount: (n: number) =>
    n === 0 ? 'Inga' : n === 1 ? '1 bokning under samma e-post' : `${n} bokningar under samma e-post`,
  capacityOverride: 'full tid tagen efter bekräftelse',
};
