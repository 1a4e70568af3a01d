// Money shown to the öre (rule: money-shown, issue 45): a 7.5 % bonus code leaves a total with öre,
// and the booking's answer, the mail through a real SMTP server and the PDF report all show the
// total the books hold, not one rounded to whole kronor.
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { startSmtpServer } from '../mail/smtp.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestServer;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url } });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const pdfText = async (pdf: Buffer) => {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
};

describe('a total with öre after a 7.5 % code', () => {
  let id: string;
  let total: number;
  /** Written out by hand, as a person reads it: kronor, a decimal comma, two digits of öre. */
  let shown: string;

  beforeAll(async () => {
    const code = await t.post(
      '/api/admin/bonus-codes',
      {
        code: 'ORE75',
        description: '7,5 %',
        discount_percentage: 7.5,
        usage_limit: null,
        expires_at: null,
        is_active: 1,
      },
      admin,
    );
    expect(code.status).toBe(201);
    const price = (await t.get('/api/pizzas')).body.find((p: { id: number }) => p.id === 1).price_cents as number;
    const reply = await t.post('/api/bookings', bookingPayload({ email: 'ore@example.se', bonus_code: 'ORE75' }));
    expect(reply.status).toBe(201);
    id = reply.body.booking_id;
    total = 2 * price - Math.round((2 * price * 75) / 1000);
    expect(total % 100, 'the demo price must leave öre after 7.5 %').not.toBe(0);
    shown = `${Math.floor(total / 100)},${String(total % 100).padStart(2, '0')} kr`;
  });

  it('is the answer’s total, in öre', async () => {
    const { body } = await t.get(`/api/admin/bookings/${id}`, admin);
    expect(body.final_total_cents).toBe(total);
  });

  it('is shown to the öre in the mail the customer gets', async () => {
    let text = '';
    for (let i = 0; i < 400 && !text; i++) {
      text = smtp.mails.find((m) => m.to.includes('ore@example.se') && m.text.includes(id))?.text ?? '';
      if (!text) await new Promise((r) => setTimeout(r, 25));
    }
    expect(text).toContain(`Totalt inkl. moms: ${shown}`);
  });

  it('is shown to the öre in the daily PDF report', async () => {
    const reply = await t.get('/api/admin/daily-report?date=2026-11-24', admin);
    expect(reply.status).toBe(200);
    expect(await pdfText(reply.body as Buffer)).toContain(shown);
  });
});
