// The seller's details (rules seller-details and sale-record) over the real server: saved and read
// back with Swedish refusals, named in the PDF reports, the CSV and the SIE file (with financial
// years that start in May), and the order confirmation mailed through a real SMTP server.
import iconv from 'iconv-lite';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { startSmtpServer } from '../mail/smtp.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestServer;
let admin: string;

const SELLER = {
  legal_name: 'Pizzakiosken i Malmö AB',
  org_number: '556036-0793',
  address: 'Storgatan 1, 211 34 Malmö',
  phone: '040-12 34 56',
  email: 'info@pizzakiosken.se',
  vat_number: 'SE556036079301',
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url } });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const settings = async () => (await t.get('/api/admin/settings', admin)).body;

describe('the seller in the settings (PUT /api/admin/settings)', () => {
  it('is blank on a fresh install, with a calendar financial year', async () => {
    const s = await settings();
    expect(s.seller).toEqual({ legal_name: '', org_number: '', address: '', phone: '', email: '', vat_number: '' });
    expect(s.financial_year_start_month).toBe(1);
  });

  it('refuses a wrong control digit in Swedish and changes nothing', async () => {
    const before = await settings();
    const reply = await t.put(
      '/api/admin/settings',
      { ...before, seller: { ...SELLER, org_number: '556036-0794' } },
      admin,
    );
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('Organisationsnumret stämmer inte: kontrollsiffran är fel');
    expect(await settings()).toEqual(before);
  });

  it('refuses a VAT number that is not the organisation number’s, and a month outside 1–12', async () => {
    const before = await settings();
    const wrongVat = await t.put(
      '/api/admin/settings',
      { ...before, seller: { ...SELLER, vat_number: 'SE202100548901' } },
      admin,
    );
    expect(wrongVat.status).toBe(400);
    expect(JSON.stringify(wrongVat.body)).toContain(
      'Momsregistreringsnumret stämmer inte med organisationsnumret: det ska vara SE556036079301',
    );
    const month = await t.put(
      '/api/admin/settings',
      { ...before, seller: SELLER, financial_year_start_month: 13 },
      admin,
    );
    expect(month.status).toBe(400);
    expect(JSON.stringify(month.body)).toContain('Välj räkenskapsårets första månad (1–12)');
    expect(await settings()).toEqual(before);
  });

  it('saves the details (numbers in their standard form), reads them back and shows them to customers', async () => {
    const reply = await t.put(
      '/api/admin/settings',
      {
        ...(await settings()),
        seller: { ...SELLER, org_number: '5560360793', vat_number: 'se556036079301' },
        financial_year_start_month: 5,
      },
      admin,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.settings.seller).toEqual(SELLER);
    expect(await settings()).toMatchObject({ seller: SELLER, financial_year_start_month: 5 });
    expect((await t.get('/api/settings')).body.seller).toEqual(SELLER);
  });

  it('keeps them through a reset to the defaults', async () => {
    const reply = await t.post('/api/admin/settings/reset', {}, admin);
    expect(reply.status).toBe(200);
    expect(reply.body.settings).toMatchObject({ seller: SELLER, financial_year_start_month: 5 });
  });
});

describe('the order confirmation mailed (rule: sale-record)', () => {
  let id: string;
  let price: number;

  beforeAll(async () => {
    price = (await t.get('/api/pizzas')).body.find((p: { id: number }) => p.id === 1).price_cents;
    // Take-away on 24 November 2026: food, 6 % (prop. 2025/26:55).
    const reply = await t.post('/api/bookings', bookingPayload({ email: 'kvitto@example.se' }));
    expect(reply.status).toBe(201);
    id = reply.body.booking_id;
    // The confirmation screen's VAT: the answer carries it per rate, counted as the books count it.
    expect(reply.body.vat).toEqual([{ rate: 6, vat_cents: Math.round((2 * price * 6) / 106) }]);
    expect((await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin)).status).toBe(200);
  });

  const mailTo = async (subject: string) => {
    for (let i = 0; i < 400; i++) {
      const found = smtp.mails.find((m) => m.to.includes('kvitto@example.se') && m.text.includes(subject));
      if (found) return found.text;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail "${subject}"`);
  };
  const kr = (cents: number) => `${Math.round(cents / 100)} kr`;
  const krOre = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} kr`;

  for (const [which, subject] of [
    ['received', 'Vi har tagit emot din beställning'],
    ['confirmed', 'är bekräftad'],
  ] as const) {
    it(`the ${which} mail names the seller, each line, the total inkl. moms, the VAT per rate and the law`, async () => {
      const text = await mailTo(subject);
      const total = 2 * price;
      const vat = Math.round((total * 6) / 106);
      expect(text).toContain('Säljare: Pizzakiosken i Malmö AB');
      expect(text).toContain('Organisationsnummer: 556036-0793');
      expect(text).toContain('Momsregistreringsnummer: SE556036079301');
      expect(text).toContain('Adress: Storgatan 1, 211 34 Malmö');
      expect(text).toContain(`Bokningsnummer: ${id}`);
      expect(text).toContain('Hämtas: tisdag 24 november 2026 kl. 12:00, i kiosken, Storgatan 1, 211 34 Malmö');
      expect(text).toMatch(new RegExp(`2 × \\S[^\\n]* à ${kr(price)} – ${kr(total)}`));
      expect(text).toContain(`Totalt inkl. moms: ${kr(total)}`);
      expect(text).toContain(`varav moms 6 %: ${krOre(vat)}`);
      expect(text).toContain('Betalning: Du betalar när du hämtar beställningen i kiosken.');
      expect(text).toContain('Ångerrätt gäller inte');
      expect(text).toContain('2 kap. 11 § lagen (2005:59) om distansavtal och avtal utanför affärslokaler');
      // The signature: every customer mail says who sent it.
      expect(text).toContain('Org.nr 556036-0793');
      expect(text).toContain('info@pizzakiosken.se');
    });
  }
});

describe('the books and reports name the seller', () => {
  const PERIOD = 'startDate=2026-11-24&endDate=2026-11-25';

  it('SIE: #FNAMN the legal name, #ORGNR, and #RAR per financial year from May', async () => {
    const reply = await t.get(`/api/admin/reports/accounting.se?${PERIOD}`, admin);
    expect(reply.status).toBe(200);
    const lines = iconv
      .decode(reply.body as Buffer, 'cp437')
      .split('\r\n')
      .filter((l) => l.startsWith('#'));
    expect(lines).toContain('#FNAMN "Pizzakiosken i Malmö AB"');
    expect(lines).toContain('#ORGNR 556036-0793');
    expect(lines.filter((l) => l.startsWith('#RAR '))).toEqual(['#RAR 0 20260501 20270430']);

    // A period across 1 May touches two financial years: this one (0) and the one before (-1).
    const across = await t.get('/api/admin/reports/accounting.se?startDate=2026-04-20&endDate=2026-05-10', admin);
    const rar = iconv
      .decode(across.body as Buffer, 'cp437')
      .split('\r\n')
      .filter((l) => l.startsWith('#RAR '));
    expect(rar).toEqual(['#RAR 0 20260501 20270430', '#RAR -1 20250501 20260430']);
  });

  it('CSV: the seller’s name and numbers below the figures', async () => {
    const reply = await t.get(`/api/admin/reports/accounting.csv?${PERIOD}`, admin);
    const rows = (reply.body as Buffer)
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(rows[0][0]).toBe('Datum');
    expect(rows).toContainEqual(['Säljare', 'Pizzakiosken i Malmö AB']);
    expect(rows).toContainEqual(['Organisationsnummer', '556036-0793']);
    expect(rows).toContainEqual(['Momsregistreringsnummer', 'SE556036079301']);
    expect(rows).toContainEqual(['Adress', 'Storgatan 1, 211 34 Malmö']);
  });

  it('PDF: the daily and the period report name the seller', async () => {
    const textOf = async (pdf: Buffer) => {
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      try {
        return (await parser.getText()).text;
      } finally {
        await parser.destroy();
      }
    };
    for (const path of ['/api/admin/daily-report?date=2026-11-24', `/api/admin/bookings/report?${PERIOD}`]) {
      const reply = await t.get(path, admin);
      expect(reply.status, path).toBe(200);
      const text = await textOf(reply.body as Buffer);
      expect(text, path).toContain('Pizzakiosken i Malmö AB');
      expect(text, path).toContain('Org.nr 556036-0793');
      expect(text, path).toContain('Momsreg.nr SE556036079301');
    }
  });
});
