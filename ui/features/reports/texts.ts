// The Swedish texts of /admin/reports. The date messages are the domain schema's own
// (bookingsReportQuerySchema, domain/messages.ts); the rest are ours.
export const reportTexts = {
  title: 'Rapporter',
  formTitle: 'Bokningsrapport',
  intro: 'Alla bokningar mellan två datum som PDF: kunder, tider, pizzor och summor.',
  shortcuts: 'Snabbval',
  start: 'Startdatum',
  end: 'Slutdatum',
  download: 'Ladda ner PDF',
  downloading: 'Hämtar...',
  ok: 'Rapport nedladdad!',
  failed: 'Kunde inte ladda ner rapport',
  range: (from: string, to: string, days: number) => `${from} – ${to} (${days} dagar)`,
  /** Periods from today: days back (negative) or ahead. */
  periods: [
    { label: 'Senaste 7 dagarna', from: -7, to: 0 },
    { label: 'Senaste 30 dagarna', from: -30, to: 0 },
    { label: 'Nästa 7 dagarna', from: 0, to: 7 },
    { label: 'Nästa 14 dagarna', from: 0, to: 14 },
    { label: 'Nästa 30 dagarna', from: 0, to: 30 },
  ],
};
