// The PDF reports, checked by parsing the rendered PDFs and reading their text back, plus the
// figures behind them as plain data. Expected figures are worked out by hand in the comments
// rather than recomputed with the code under test.
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderBookingsReport } from '../../api/reports/bookingsReportPdf.js';
import { renderDailyReport } from '../../api/reports/dailyReportPdf.js';
import {
  countByStatus,
  groupByDate,
  kr,
  pizzaLine,
  pizzaQuantities,
  revenueCents,
  sortByTime,
  summarise,
  totalPizzas,
  type ReportBooking,
} from '../../api/reports/reportData.js';

interface PdfText {
  text: string;
  pages: string[];
}

async function read(pdf: Buffer): Promise<PdfText> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.pages.map((p) => p.text) };
  } finally {
    await parser.destroy();
  }
}

const GENERATED_AT = '2026-11-23T08:00:00.000Z';
const MARGHERITA = { pizza_name: 'Margherita', price_cents: 9900 };
const VESUVIO = { pizza_name: 'Vesuvio', price_cents: 10900 };
const KEBAB = { pizza_name: 'Kebabpizza', price_cents: 13900 };
const QUATTRO = { pizza_name: 'Quattro Stagioni', price_cents: 12900 };
const TABLE_HEADER = /Tid\s+Namn\s+Telefon\s+Källa\s+Pizzor\s+Äta här\/ta med\s+Status\s+Totalt/;

let seq = 0;
function booking(overrides: Partial<ReportBooking> = {}): ReportBooking {
  seq += 1;
  return {
    id: `B-${String(seq).padStart(5, '0')}`,
    booking_date: '2026-11-23',
    booking_time: '12:00',
    name: 'Åsa Öberg',
    email: 'asa.oberg@example.se',
    phone: '070-123 45 67',
    dine_in: false,
    status: 'pending',
    items: [
      { ...MARGHERITA, qty: 2 },
      { ...VESUVIO, qty: 1 },
    ],
    total_pizzas: 3,
    original_total_cents: 30700,
    discount_cents: 0,
    final_total_cents: 30700,
    bonus_code: null,
    comment: null,
    ...overrides,
  };
}

/** A figure of the summary, e.g. 'Antal bokningar: 4', not matching 'Antal bokningar: 40'. */
const figure = (label: string, value: string | number) => new RegExp(`${label}: ${value}(?!\\d)`);

/** A line of the baking list / pizza quantities, e.g. 'Margherita 3 st'. */
const quantityLine = (pizza: string, qty: number) => new RegExp(`^${pizza}\\s+${qty} st$`, 'm');

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

// 80 distinct names, none contained in another, full of å, ä and ö.
const FIRST = ['Åsa', 'Örjan', 'Björn', 'Märta', 'Göran', 'Linnéa', 'Ingrid', 'Sören'];
const LAST = [
  'Öberg',
  'Ärlig',
  'Ängström',
  'Löfgren',
  'Sjöström',
  'Åkesson',
  'Nyström',
  'Häggkvist',
  'Björklund',
  'Wåhlin',
];

/**
 * Booking number i of a crowd, every one 2× Margherita + 1× Vesuvio (3 pizzas, 307 kr):
 * cancelled when i % 8 == 3, otherwise confirmed when i is even and pending when odd;
 * 30 kr off (HÖST30) when i % 16 == 0, which is always a confirmed one.
 */
function crowdBooking(i: number, date: string, time: string): ReportBooking {
  const discounted = i % 16 === 0;
  return booking({
    booking_date: date,
    booking_time: time,
    name: `${FIRST[i % 8]} ${LAST[Math.floor(i / 8)]}`,
    phone: i % 5 === 0 ? null : `07${i % 10}-555 ${String(i).padStart(2, '0')} 00`,
    dine_in: i % 3 === 0,
    status: i % 8 === 3 ? 'cancelled' : i % 2 === 0 ? 'confirmed' : 'pending',
    discount_cents: discounted ? 3000 : 0,
    final_total_cents: discounted ? 27700 : 30700,
    bonus_code: discounted ? 'HÖST30' : null,
    comment: i % 7 === 0 ? 'Extra vitlök, glutenfri botten om möjligt' : null,
  });
}

const timeAfterEleven = (minutes: number) => {
  const total = 11 * 60 + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/**
 * Monday 23 November 2026, four bookings. Not counting the cancelled one:
 * 2 confirmed, 1 pending; pizzas 3 + 2 + 1 = 6; revenue 307 + 223.20 + 99 = 629.20 kr;
 * to bake 3 Margherita, 2 Vesuvio, 1 Kebabpizza. The cancelled booking's Quattro Stagioni
 * must not be baked.
 */
const monday = (): ReportBooking[] => [
  booking({ booking_time: '18:00', name: 'Örjan Ärlig', status: 'confirmed' }),
  booking({
    booking_time: '11:30',
    name: 'Åke Åberg',
    phone: null,
    dine_in: true,
    items: [
      { ...VESUVIO, qty: 1 },
      { ...KEBAB, qty: 1 },
    ],
    total_pizzas: 2,
    original_total_cents: 24800,
    discount_cents: 2480,
    final_total_cents: 22320,
    bonus_code: 'HÖST10',
    comment: 'Utan lök, tack',
  }),
  booking({
    booking_time: '12:15',
    name: 'Märta Öst',
    status: 'cancelled',
    items: [{ ...QUATTRO, qty: 3 }],
    total_pizzas: 3,
    original_total_cents: 38700,
    final_total_cents: 38700,
  }),
  booking({
    booking_time: '19:45',
    name: 'Göran Sjöström',
    status: 'confirmed',
    dine_in: true,
    items: [{ ...MARGHERITA, qty: 1 }],
    total_pizzas: 1,
    original_total_cents: 9900,
    final_total_cents: 9900,
  }),
];

describe('report figures', () => {
  it('counts bookings per status, cancelled ones included', () => {
    expect(countByStatus(monday())).toEqual({ total: 4, confirmed: 2, pending: 1, cancelled: 1 });
    expect(countByStatus([])).toEqual({ total: 0, confirmed: 0, pending: 0, cancelled: 0 });
  });

  it('leaves cancelled bookings out of pizzas and revenue', () => {
    expect(totalPizzas(monday())).toBe(6);
    expect(revenueCents(monday())).toBe(62920);
    const cancelled = booking({ status: 'cancelled' });
    expect(totalPizzas([cancelled])).toBe(0);
    expect(revenueCents([cancelled])).toBe(0);
  });

  it('counts revenue after discount', () => {
    expect(
      revenueCents([booking({ original_total_cents: 30700, discount_cents: 3070, final_total_cents: 27630 })]),
    ).toBe(27630);
  });

  it('adds up each pizza over the bookings, most first, cancelled ones left out', () => {
    expect(pizzaQuantities(monday())).toEqual([
      { pizza_name: 'Margherita', qty: 3 },
      { pizza_name: 'Vesuvio', qty: 2 },
      { pizza_name: 'Kebabpizza', qty: 1 },
    ]);
  });

  it('orders pizzas with equal quantities by Swedish alphabetical order', () => {
    const one = (pizza_name: string) => booking({ items: [{ pizza_name, qty: 1, price_cents: 10000 }] });
    // Swedish puts Å, Ä, Ö after Z; a default collation would put Ä next to A.
    expect(
      pizzaQuantities([one('Ölpizza'), one('Äggpizza'), one('Zingara'), one('Amalfi')]).map((p) => p.pizza_name),
    ).toEqual(['Amalfi', 'Zingara', 'Äggpizza', 'Ölpizza']);
  });

  it('gathers everything in one summary', () => {
    expect(summarise(monday())).toEqual({
      total: 4,
      confirmed: 2,
      pending: 1,
      cancelled: 1,
      pizzas: 6,
      revenueCents: 62920,
      pizzaQuantities: [
        { pizza_name: 'Margherita', qty: 3 },
        { pizza_name: 'Vesuvio', qty: 2 },
        { pizza_name: 'Kebabpizza', qty: 1 },
      ],
      // Bookings from before sources were online (rule: staff-orders); the cancelled one not counted.
      bySource: { online: 3, counter: 0, phone: 0 },
    });
  });

  it('writes prices as whole kronor, and to the öre where they have öre (rule: money-shown)', () => {
    expect(kr(12900)).toBe('129 kr');
    expect(kr(0)).toBe('0 kr');
    expect(kr(62920)).toBe('629,20 kr');
    expect(kr(1234500)).toBe('12345 kr');
  });

  it('writes a booking’s pizzas on one line', () => {
    expect(pizzaLine(booking())).toBe('2× Margherita, 1× Vesuvio');
  });

  it('sorts by time and groups by date', () => {
    expect(sortByTime(monday()).map((b) => b.booking_time)).toEqual(['11:30', '12:15', '18:00', '19:45']);
    const groups = groupByDate([
      booking({ booking_date: '2026-11-25', booking_time: '13:00', name: 'C' }),
      booking({ booking_date: '2026-11-24', booking_time: '18:00', name: 'B' }),
      booking({ booking_date: '2026-11-25', booking_time: '11:00', name: 'D' }),
      booking({ booking_date: '2026-11-24', booking_time: '12:00', name: 'A' }),
    ]);
    expect(groups.map((g) => [g.date, g.bookings.map((b) => b.name)])).toEqual([
      ['2026-11-24', ['A', 'B']],
      ['2026-11-25', ['D', 'C']],
    ]);
  });
});

describe('the daily report PDF', () => {
  it('shows the day in Swedish, the figures, the baking list and the bookings by time', async () => {
    const pdf = await renderDailyReport({ date: '2026-11-23', generatedAt: GENERATED_AT, bookings: monday() });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await read(pdf);

    expect(pages).toHaveLength(1);
    expect(text).toContain('Dagsrapport');
    expect(text).toContain('måndag 23 november 2026');

    expect(text).toMatch(figure('Antal bokningar', 4));
    expect(text).toMatch(figure('Bekräftade', 2));
    expect(text).toMatch(figure('Väntande', 1));
    expect(text).toMatch(figure('Avbokade', 1));
    expect(text).toMatch(figure('Pizzor totalt', 6));
    expect(text).toMatch(figure('Omsättning', '629,20 kr'));

    expect(text).toContain('Bakningslista');
    expect(text).toMatch(quantityLine('Margherita', 3));
    expect(text).toMatch(quantityLine('Vesuvio', 2));
    expect(text).toMatch(quantityLine('Kebabpizza', 1));
    expect(text).not.toMatch(/^Quattro Stagioni\s+\d+ st$/m);
    expect(text.indexOf('Margherita 3 st')).toBeLessThan(text.indexOf('Vesuvio 2 st'));
    expect(text.indexOf('Vesuvio 2 st')).toBeLessThan(text.indexOf('Kebabpizza 1 st'));

    expect(text).toMatch(TABLE_HEADER);
    for (const name of ['Åke Åberg', 'Märta Öst', 'Örjan Ärlig', 'Göran Sjöström']) expect(text).toContain(name);
    // By time: 11:30 Åke, 12:15 Märta, 18:00 Örjan, 19:45 Göran.
    const positions = ['Åke Åberg', 'Märta Öst', 'Örjan Ärlig', 'Göran Sjöström'].map((name) => text.indexOf(name));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    expect(text).toMatch(
      /18:00\s+Örjan Ärlig\s+070-123 45 67\s+Online\s+2× Margherita, 1× Vesuvio\s+Ta med\s+Bekräftad\s+307 kr/,
    );
    expect(text).toMatch(/11:30\s+Åke Åberg\s+Online\s+1× Vesuvio, 1× Kebabpizza\s+Äta här\s+Väntande\s+223,20 kr/);
    expect(text).toMatch(/12:15\s+Märta Öst.*3× Quattro Stagioni.*Avbokad\s+387 kr/);
    expect(text).toContain('Rabatt 24,80 kr (HÖST10), ordinarie 248 kr');
    expect(text).toContain('Kommentar: Utan lök, tack');

    // Stockholm is UTC+1 in November.
    expect(text).toContain('skapad 23 november 2026 09:00');
    expect(text).toContain('Sida 1 av 1');
  });

  it('writes the generated-at time in the time zone it is given', async () => {
    const { text } = await read(
      await renderDailyReport({ date: '2026-11-23', generatedAt: GENERATED_AT, bookings: monday(), timeZone: 'UTC' }),
    );
    expect(text).toContain('skapad 23 november 2026 08:00');
  });

  it('uses only the built-in Helvetica fonts, nothing embedded', async () => {
    const raw = (
      await renderDailyReport({ date: '2026-11-23', generatedAt: GENERATED_AT, bookings: monday() })
    ).toString('latin1');
    const fonts = new Set([...raw.matchAll(/\/BaseFont\s*\/([\w-]+)/g)].map((m) => m[1]));
    expect([...fonts].sort()).toEqual(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique']);
    expect(raw).not.toMatch(/\/FontFile/);
  });

  it('runs a busy day over several pages, header on each, every booking exactly once', async () => {
    // 64 bookings 11:00 to 21:30, given in reverse so the report has to sort them.
    // Cancelled: i = 3, 11, ..., 59 (8); confirmed: the 32 even ones; pending: 64 - 8 - 32 = 24.
    // The 56 that count: 168 pizzas (112 Margherita, 56 Vesuvio),
    // 56 × 307 kr - 4 × 30 kr (i = 0, 16, 32, 48) = 17072 kr.
    const bookings = Array.from({ length: 64 }, (_, i) =>
      crowdBooking(i, '2026-11-24', timeAfterEleven(10 * i)),
    ).reverse();
    const { text, pages } = await read(
      await renderDailyReport({ date: '2026-11-24', generatedAt: GENERATED_AT, bookings }),
    );

    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain('tisdag 24 november 2026');
    expect(text).toMatch(figure('Antal bokningar', 64));
    expect(text).toMatch(figure('Bekräftade', 32));
    expect(text).toMatch(figure('Väntande', 24));
    expect(text).toMatch(figure('Avbokade', 8));
    expect(text).toMatch(figure('Pizzor totalt', 168));
    expect(text).toMatch(figure('Omsättning', '17072 kr'));
    expect(text).toMatch(quantityLine('Margherita', 112));
    expect(text).toMatch(quantityLine('Vesuvio', 56));

    pages.forEach((page, index) => {
      expect(page, `page ${index + 1}`).toMatch(TABLE_HEADER);
      expect(page, `page ${index + 1}`).toContain(`Sida ${index + 1} av ${pages.length}`);
      expect(page, `page ${index + 1}`).toMatch(/^\d\d:\d\d /m);
    });
    const names = Array.from({ length: 64 }, (_, i) => `${FIRST[i % 8]} ${LAST[Math.floor(i / 8)]}`);
    for (const name of names) expect(occurrences(text, name), name).toBe(1);
    const positions = names.map((name) => text.indexOf(name));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // A row is never split: its time, name and total end up on the same page.
    expect(pages.at(-1)).toMatch(/21:30\s+Sören Häggkvist\s.*307 kr/);
  });

  it('says so when the day has no bookings', async () => {
    const { text, pages } = await read(
      await renderDailyReport({ date: '2026-11-29', generatedAt: GENERATED_AT, bookings: [] }),
    );
    expect(pages).toHaveLength(1);
    expect(text).toContain('Dagsrapport');
    expect(text).toContain('söndag 29 november 2026');
    expect(text).toContain('Inga bokningar denna dag.');
    expect(text).not.toContain('Bakningslista');
  });
});

describe('the bookings report PDF', () => {
  it('groups a long period by date, in Swedish, over several pages', async () => {
    // 75 bookings: i % 3 picks Mon 23, Tue 24 or Wed 25 November, given out of date order.
    // Cancelled: i = 3, 11, ..., 67 (9); confirmed: the 38 even ones; pending: 75 - 9 - 38 = 28.
    // The 66 that count: 198 pizzas (132 Margherita, 66 Vesuvio),
    // 66 × 307 kr - 5 × 30 kr (i = 0, 16, 32, 48, 64) = 20112 kr.
    const dates = ['2026-11-23', '2026-11-24', '2026-11-25'];
    const bookings = Array.from({ length: 75 }, (_, i) =>
      crowdBooking(i, dates[i % 3], timeAfterEleven(10 * Math.floor(i / 3))),
    );
    bookings.sort((a, b) => b.booking_date.localeCompare(a.booking_date));
    const { text, pages } = await read(
      await renderBookingsReport({
        startDate: '2026-11-23',
        endDate: '2026-11-29',
        generatedAt: GENERATED_AT,
        bookings,
      }),
    );

    expect(pages.length).toBeGreaterThan(1);
    expect(text).toContain('Bokningsrapport');
    expect(text).toContain('2026-11-23 – 2026-11-29');
    expect(text).toMatch(figure('Antal bokningar', 75));
    expect(text).toMatch(figure('Bekräftade', 38));
    expect(text).toMatch(figure('Väntande', 28));
    expect(text).toMatch(figure('Avbokade', 9));
    expect(text).toMatch(figure('Pizzor totalt', 198));
    expect(text).toMatch(figure('Omsättning', '20112 kr'));
    expect(text).toMatch(quantityLine('Margherita', 132));
    expect(text).toMatch(quantityLine('Vesuvio', 66));
    for (const status of ['Bekräftad', 'Väntande', 'Avbokad']) expect(text).toContain(status);

    const headings = ['måndag 23 november 2026', 'tisdag 24 november 2026', 'onsdag 25 november 2026'].map((h) =>
      text.indexOf(h),
    );
    expect(headings.every((at) => at >= 0)).toBe(true);
    expect(headings).toEqual([...headings].sort((a, b) => a - b));
    for (let i = 0; i < 75; i++) {
      const name = `${FIRST[i % 8]} ${LAST[Math.floor(i / 8)]}`;
      const at = text.indexOf(name);
      expect(occurrences(text, name), name).toBe(1);
      expect(at, `${name} under its date`).toBeGreaterThan(headings[i % 3]);
      if (i % 3 < 2) expect(at, `${name} under its date`).toBeLessThan(headings[(i % 3) + 1]);
    }
    pages.forEach((page, index) => expect(page, `page ${index + 1}`).toMatch(TABLE_HEADER));
  });

  it('never leaves a date heading at the bottom of a page without a booking under it', async () => {
    // Growing the first day moves the second day's heading down the page and across the break.
    const found: string[] = [];
    for (let first = 22; first <= 40; first++) {
      const bookings = [
        ...Array.from({ length: first }, (_, i) =>
          booking({ booking_date: '2026-11-23', booking_time: timeAfterEleven(5 * i), name: `Kund ${i}` }),
        ),
        ...Array.from({ length: 3 }, (_, i) =>
          booking({ booking_date: '2026-11-24', booking_time: timeAfterEleven(5 * i), name: `Gäst ${i}` }),
        ),
      ];
      const { pages } = await read(
        await renderBookingsReport({
          startDate: '2026-11-23',
          endDate: '2026-11-24',
          generatedAt: GENERATED_AT,
          bookings,
        }),
      );
      pages.forEach((page, index) => {
        const lines = page.split('\n');
        lines.forEach((line, at) => {
          if (line !== 'måndag 23 november 2026' && line !== 'tisdag 24 november 2026') return;
          if (!lines.slice(at + 1, at + 4).some((l) => /^\d\d:\d\d /.test(l)))
            found.push(`${first} bookings: '${line}' alone on page ${index + 1}`);
        });
      });
    }
    expect(found).toEqual([]);
  });

  it('says so when the period has no bookings', async () => {
    const { text } = await read(
      await renderBookingsReport({
        startDate: '2026-12-01',
        endDate: '2026-12-07',
        generatedAt: GENERATED_AT,
        bookings: [],
      }),
    );
    expect(text).toContain('Bokningsrapport');
    expect(text).toContain('2026-12-01 – 2026-12-07');
    expect(text).toContain('Inga bokningar i perioden.');
  });
});
