// The statistics screen's texts (SPEC 2, 9).
export const statsTexts = {
  title: 'Statistik & Analys',
  loading: 'Laddar statistik...',
  period: 'Period',
  periods: { week: 'Senaste veckan', month: 'Senaste månaden', year: 'Senaste året' } as const,
  totalBookings: 'Totalt antal bokningar',
  totalRevenue: 'Total omsättning',
  pizzasSold: 'Pizzor sålda',
  avgOrder: 'Genomsnittlig orderstorlek',
  popularPizzas: 'Populäraste pizzorna',
  bookingsPerDay: 'Bokningar per dag',
  popularTimes: 'Populära tider',
  revenueTrend: 'Omsättning per dag',
  details: 'Detaljerad pizzastatistik',
  quantity: 'Antal',
  bookings: 'Bokningar',
  revenue: 'Omsättning',
  noData: 'Inga data för perioden.',
  noPizzas: 'Inga sålda pizzor under perioden.',
  pizza: 'Pizza',
  sold: ' sålda',
  share: 'Andel',
  ofSales: ' av försäljningen',
  pieces: (n: number) => `${n} st`,
  percent: (value: number) => `${value.toFixed(1).replace('.', ',')} %`,
  loadFailedLog: 'Kunde inte ladda statistik',
  // rule: no-shows, staff-orders
  noShows: 'Uteblivna',
  noShowValue: (n: number, rate: string) => `${n} (${rate})`,
  sources: 'Beställningar per källa',
  sourceValue: (name: string, n: number, share: string) => `${name}: ${n} (${share})`,
  // The month's SMS (issue 29): the month named in Swedish, e.g. 'SMS i november'.
  sms: {
    label: (month: string) =>
      `SMS i ${['januari', 'februari', 'mars', 'april', 'maj', 'juni', 'juli', 'augusti', 'september', 'oktober', 'november', 'december'][Number(month.slice(5, 7)) - 1] ?? month}`,
    note: (delivered: number, failed: number) =>
      `Skickade via 46elks denna månad. Enligt operatörerna: ${delivered} levererade, ${failed} kom inte fram.`,
  },
};
