// The PDF reports, checked by parsing the PDFs and reading their text.
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderBookingsReport } from '../../api/reports/bookingsReportPdf.js';
import { renderDailyReport } from '../../api/reports/dailyReportPdf.js';
import { summarise, type ReportBooking } from '../../api/reports/reportData.js';

async function textOf(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

let n = 0;
function booking(overrides: Partial<ReportBooking> = {}): ReportBooking {
  n += 1;
  return {
    id: `20261124-${n}`,
    booking_date: '2026-11-24',
    booking_time: '12:00',
    name: 'Åsa Öberg',
    email: 'asa@example.se',
    phone: '070-123 45 67',
    dine_in: false,
    status: 'pending',
    comment: null,
    items: [
      { pizza_id: 1, pizza_name: 'Margherita', qty: 2, price_cents: 9900 },
      { pizza_id: 2, pizza_name: 'Vesuvio', qty: 1, price_cents: 10900 },
    ],
    pizza_summary: '2× Margherita, 1× Vesuvio',
    total_pizzas: 3,
    original_total_cents: 30700,
    discount_cents: 0,
    final_total_cents: 30700,
    bonus_code: null,
    vip_customer_id: null,
    created_at: '2026-11-23T08:00:00.000Z',
    confirmed_at: null,
    cancelled_at: null,
    cancelled_by: null,
    cancel_reason: null,
    ...overrides,
  };
}

describe('the report summary', () => {
  it('counts statuses and leaves cancelled bookings out of pizzas, revenue and baking', () => {
    const s = summarise([
      booking({ status: 'confirmed' }),
      booking({ status: 'cancelled', items: [{ pizza_id: 6, pizza_name: 'Kebabpizza', qty: 4, price_cents: 13900 }], total_pizzas: 4, final_total_cents: 55600 }),
      booking({ items: [{ pizza_id: 2, pizza_name: 'Vesuvio', qty: 3, price_cents: 10900 }], total_pizzas: 3, final_total_cents: 32700 }),
    ]);
    expect(s).toMatchObject({ bookings: 3, confirmed: 1, cancelled: 1, pending: 1, pizzas: 6, revenueCents: 63400 });
    expect(s.bakingList).toEqual([
      { name: 'Vesuvio', qty: 4 },
      { name: 'Margherita', qty: 2 },
    ]);
  });
});

describe('the daily report PDF', () => {
  it('names the day in Swedish and lists bookings, baking list and totals', async () => {
    const pdf = await renderDailyReport({
      date: '2026-11-24',
      generatedAt: '2026-11-23T08:00:00.000Z',
      bookings: [
        booking({ booking_time: '18:00', name: 'Örjan Ärlig', status: 'confirmed' }),
        booking({ booking_time: '11:30', name: 'Åke Åberg', dine_in: true }),
        booking({ booking_time: '12:15', name: 'Inställd Person', status: 'cancelled' }),
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await textOf(pdf);
    expect(text).toContain('Dagsrapport');
    expect(text).toContain('tisdag 24 november 2026');
    expect(text).toContain('Örjan Ärlig');
    expect(text).toContain('Åke Åberg');
    expect(text).toContain('Bakningslista');
    expect(text).toMatch(/4 st Margherita/);
    expect(text).toMatch(/2 st Vesuvio/);
    expect(text).toContain('Omsättning: 614 kr');
    expect(text).toContain('Bekräftad');
    expect(text).toContain('Avbokad');
    expect(text).toContain('Äta här');
    expect(text.indexOf('Åke Åberg')).toBeLessThan(text.indexOf('Örjan Ärlig'));
  });

  it('says so when the day has no bookings', async () => {
    const { text } = await textOf(await renderDailyReport({ date: '2026-11-29', generatedAt: '2026-11-23T08:00:00.000Z', bookings: [] }));
    expect(text).toContain('Inga bokningar denna dag.');
  });
});

describe('the bookings report PDF', () => {
  it('groups a long period by date over several pages', async () => {
    const bookings = Array.from({ length: 90 }, (_, i) =>
      booking({ booking_date: `2026-11-2${4 + (i % 3)}`, booking_time: `${11 + (i % 10)}:00`, name: `Kund Nummer ${i}` }),
    );
    const { text, pages } = await textOf(await renderBookingsReport({ startDate: '2026-11-24', endDate: '2026-11-30', generatedAt: '2026-11-23T08:00:00.000Z', bookings }));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Bokningsrapport');
    expect(text).toContain('2026-11-24 – 2026-11-30');
    expect(text).toContain('tisdag 24 november 2026');
    expect(text).toContain('torsdag 26 november 2026');
    expect(text).toContain('Kund Nummer 89');
    expect(text).toContain('Antal bokningar: 90');
    expect(text).toContain(`Omsättning: ${90 * 307} kr`);
  });

  it('says so when the period has no bookings', async () => {
    const { text } = await textOf(await renderBookingsReport({ startDate: '2026-12-01', endDate: '2026-12-07', generatedAt: '2026-11-23T08:00:00.000Z', bookings: [] }));
    expect(text).toContain('Inga bokningar i perioden.');
  });
});
