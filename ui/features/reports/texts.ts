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

/** The accountant's books (Bokföringsunderlag): ours, not SPEC's. */
export const accountingTexts = {
  title: 'Bokföringsunderlag',
  intro:
    'Försäljningen per dag med moms uppdelad per momssats, för bokföringen. Intäkt är hämtade beställningar (före köksvyn: bekräftade); avbokade, uteblivna och ej hämtade visas för sig.',
  show: 'Visa underlag',
  showing: 'Hämtar...',
  loadFailed: 'Kunde inte hämta bokföringsunderlaget',
  csv: 'Ladda ner CSV (Excel)',
  sie: 'Ladda ner SIE-fil',
  downloaded: 'Fil nedladdad!',
  downloadFailed: 'Kunde inte ladda ner filen',
  tableCaption: (from: string, to: string) => `Försäljning per dag ${from} – ${to}`,
  date: 'Datum',
  orders: 'Ordrar',
  gross: 'Brutto',
  discount: 'Rabatt',
  sales: 'Försäljning',
  net: (rate: number) => `Netto ${rate} %`,
  vat: (rate: number) => `Moms ${rate} %`,
  total: 'Summa',
  noSales: 'Ingen försäljning under perioden.',
  leftOutTitle: 'Inte i intäkterna',
  leftOutNone: 'Inga avbokade, uteblivna eller ej hämtade beställningar.',
  reasons: { cancelled: 'Avbokad', moved: 'Flyttad', no_show: 'Uteblev', not_collected: 'Ej hämtad' } as Record<
    'cancelled' | 'moved' | 'no_show' | 'not_collected',
    string
  >,
  // the settings
  settingsTitle: 'Momssatser och konton',
  settingsIntro:
    'Restaurangservice (äta på plats) och livsmedel (avhämtning) kan ha olika momssatser. Kontona följer BAS-kontoplanen och används i SIE-filen.',
  vatDineIn: 'Moms, äta på plats',
  vatTakeAway: 'Moms, avhämtning',
  percent: (rate: number) => `${rate} %`,
  cashAccount: 'Kassa/bank (debet)',
  salesAccount: (rate: number) => `Försäljning ${rate} % moms`,
  vatAccount: (rate: number) => `Utgående moms ${rate} %`,
  save: 'Spara momssatser och konton',
  saving: 'Sparar...',
  saved: 'Momssatser och konton sparade!',
  saveFailed: 'Kunde inte spara momssatser och konton',
  loadSettingsFailed: 'Kunde inte hämta momssatser och konton',
};
