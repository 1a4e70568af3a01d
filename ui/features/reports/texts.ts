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
  // where the sales are recorded (rule: sales-recording)
  tillNote:
    'Försäljningen registreras i kioskens kassaregister: bokför kassaregistrets dagsrapport (Z-rapport). Det här underlaget är en avstämning per dag och momssats av vad kassaregistret ska visa, och SIE-filen bokför inte den försäljningen igen.',
  pizzakioskenNote:
    'Försäljningen bokförs från Pizzakiosken: SIE-filen har en verifikation per dag och en per rättelse.',
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
  vatTableTitle: 'Momssatser per period',
  vatTableIntro:
    'Varje försäljning bokförs med den momssats som gäller för ordertypen på dess datum. Perioderna för en ordertyp måste följa på varandra utan glapp eller överlapp. Från 1 april 2026 till 31 december 2027 är momsen på livsmedel (Ta med) 6 %; Äta här är restaurangservice, 12 %.',
  periodLegend: (n: number) => `Period ${n}`,
  orderType: 'Ordertyp',
  orderTypes: { take_away: 'Ta med', dine_in: 'Äta här' } as Record<'take_away' | 'dine_in', string>,
  rate: 'Momssats',
  validFrom: 'Gäller från',
  validTo: 'Gäller till',
  openEnded: 'Tomt: tills vidare',
  removePeriod: 'Ta bort',
  removePeriodNamed: (n: number) => `Ta bort period ${n}`,
  addPeriod: 'Lägg till period',
  percent: (rate: number) => `${rate} %`,
  salesRecordingTitle: 'Var registreras försäljningen?',
  salesRecordingIntro:
    'Betalning vid hämtning (kort, Swish eller kontant i kiosken) ska registreras i ett certifierat kassaregister. Pizzakiosken är inget kassaregister.',
  salesRecordings: {
    till: {
      label: 'I kioskens kassaregister (standard)',
      hint: 'Bokföringen utgår från kassaregistrets dagsrapport (Z-rapport). Underlaget här blir en avstämning, och SIE-filen bokför inte försäljningen en gång till.',
    },
    pizzakiosken: {
      label: 'Från Pizzakiosken',
      hint: 'För en kiosk utan krav på kassaregister: SIE-filen bokför försäljningen, en verifikation per dag.',
    },
  } as Record<'till' | 'pizzakiosken', { label: string; hint: string }>,
  cashAccount: 'Kassa/bank (debet)',
  swishAccount: 'Swish-konto (debet)',
  salesAccount: (rate: number) => `Försäljning ${rate} % moms`,
  vatAccount: (rate: number) => `Utgående moms ${rate} %`,
  save: 'Spara momssatser och konton',
  saving: 'Sparar...',
  saved: 'Momssatser och konton sparade!',
  saveFailed: 'Kunde inte spara momssatser och konton',
  loadSettingsFailed: 'Kunde inte hämta momssatser och konton',
  // corrections and closed books in the report (rule: closed-periods)
  closedNote: 'Perioden är stängd: underlaget och filerna är desamma som när den stängdes.',
  correctionsTitle: 'Rättelser av stängda perioder',
  correctionsIntro:
    'Ändringar av försäljning i en stängd period, bokförda den dag ändringen gjordes med försäljningens egen momssats.',
  registered: (date: string, who: string) => `registrerad ${date} av ${who}`,
  correction: (id: string, date: string, rate: number) => `Rättelse av bokning ${id} (${date}, ${rate} % moms)`,
  refund: (id: string, date: string, rate: number) =>
    `Återbetalning med Swish av bokning ${id} (${date}, ${rate} % moms)`,
  // paid online and paid at pick-up apart (rule: sales-recording, issue 49)
  channelsTitle: 'Betalt med Swish vid bokningen och betalt vid hämtning',
  channelsIntro:
    'Beställningar betalda med Swish vid bokningen är distansförsäljning utanför kassaregistret. De bokförs alltid från Pizzakiosken mot Swish-kontot, den dag betalningen kom in och med den momssats som gällde då; återbetalningar bokförs som rättelser den dag pengarna gick tillbaka.',
  channelsCaption: 'Försäljning per dag och betalsätt',
  paidOnline: 'Betalt med Swish vid bokningen',
  paidAtPickup: 'Betalt vid hämtning',
  onlineOrders: 'Ordrar med Swish',
  // the periods (rule: closed-periods)
  periodsTitle: 'Bokföringsperioder',
  periodsIntro:
    'En månad stängs när den är rapporterad. Därefter ändras aldrig dess underlag, CSV eller SIE-fil; ändringar av dess försäljning bokförs som rättelser i den första öppna perioden. Perioderna stängs i tur och ordning.',
  periodsLoadFailed: 'Kunde inte hämta bokföringsperioderna',
  statusOpen: 'Öppen',
  statusClosed: 'Stängd',
  closedBy: (who: string) => `Stängd av ${who}`,
  closePeriod: 'Stäng period',
  closePeriodNamed: (month: string) => `Stäng period ${month}`,
  confirmTitle: (month: string) => `Stäng ${month}?`,
  confirmText: (month: string) =>
    `Underlaget, CSV-filen och SIE-filen för ${month} låses som de är nu och kan aldrig ändras. Ändras en försäljning i perioden senare bokförs det som en rättelse i nästa öppna period.`,
  confirmClose: 'Stäng period',
  closing: 'Stänger...',
  closed: (month: string) => `Perioden ${month} är stängd`,
  closeFailed: 'Kunde inte stänga perioden',
};
