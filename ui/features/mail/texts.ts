// The mail log's texts (rule: mail); the kinds' and statuses' names are the domain's
// (MAIL_KIND_LABELS, MAIL_STATUS_LABELS), the same the server's answers mean.
export const mailTexts = {
  title: 'E-post',
  intro:
    'Alla mejl kiosken skickar: till vem, om vilken bokning och hur det gick. Ett mejl som misslyckades kan du skicka igen, till exempel när kunden har rättat sin adress.',
  refresh: 'Uppdatera',
  filters: 'Filter',
  status: 'Status',
  kind: 'Typ',
  booking: 'Bokningsnummer',
  bookingPlaceholder: 't.ex. 20261127-3',
  all: 'Alla',
  clearFilters: 'Rensa filter',
  table: 'E-postloggen',
  columns: {
    kind: 'Typ och ämne',
    to: 'Mottagare',
    booking: 'Bokning',
    status: 'Status',
    error: 'Senaste fel',
    sent: 'Skickat',
    actions: 'Åtgärder',
  },
  attempts: (n: number) => `${n} försök`,
  noSubject: 'Inget ämne ännu',
  noRecipient: 'Inte skrivet ännu',
  none_: '–',
  notSent: 'Inte skickat',
  none: 'Inga mejl matchar filtret.',
  noneYet: 'Inga mejl har skickats ännu.',
  latest: (n: number) => `Visar de ${n} senaste. Filtrera för att hitta äldre.`,
  resend: 'Skicka igen',
  resendLabel: (kind: string, to: string | null) => (to ? `Skicka igen: ${kind} till ${to}` : `Skicka igen: ${kind}`),
  resent: 'Mejlet skickas igen!',
  resendFailed: 'Kunde inte skicka mejlet igen',
  loadFailed: 'Kunde inte ladda e-postloggen',
  /** The SMS notices beside the mails (rule: sms-delivery-reports). */
  sms: {
    title: 'SMS',
    intro:
      'Notiser som gick som SMS via 46elks i stället för mejl (kunden bad om SMS och har ingen webbnotis). Leveransen är vad operatören rapporterade.',
    table: 'SMS-notiser',
    columns: {
      kind: 'Typ',
      booking: 'Bokning',
      status: 'Status',
      delivery: 'Leverans',
      delivered: 'Levererat',
      error: 'Senaste fel',
    },
    delivery: {
      sent: 'Hos operatören',
      delivered: 'Levererat',
      failed: 'Kom inte fram',
    } as Record<string, string>,
    noReport: 'Ingen rapport ännu',
  },
};
