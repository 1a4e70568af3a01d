// rule: go-live. "Stängt tills allt är klart": a new install at a public address takes no web
// orders until the owner has done the checklist (the seller's details, the menu's allergens
// declared by a person, the opening hours, a test mail sent, the retention), each step done one
// by one over the API; a local install, and a kiosk that started before, take orders at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from './harness.js';
import { startSmtpServer } from '../mail/smtp.js';

const CLOSED = 'Kiosken tar inte emot beställningar på webben än – vi öppnar snart.';
const PUBLIC_URL = 'https://minkiosk.se';
const SELLER = {
  legal_name: 'Lilla Napoli AB',
  org_number: '556036-0793',
  address: 'Torget 1, 211 34 Malmö',
  phone: '',
  email: 'info@lillanapoli.se',
  vat_number: '',
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestServer;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL } });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const missing = async () => (await t.get('/api/ready')).body.missing_for_orders ?? [];

async function expectClosed(steps: string[]) {
  const booking = await t.post('/api/bookings', bookingPayload());
  expect(booking.status).toBe(409);
  expect(booking.body).toEqual({ error: CLOSED });
  expect((await t.get('/api/admin/bookings', admin)).body.bookings ?? []).toHaveLength(0);
  expect((await t.get('/api/kiosk')).body.web_orders_open).toBe(false);
  const ready = (await t.get('/api/ready')).body;
  expect(ready.alerts).toContain('not_ready_for_orders');
  expect(await missing()).toEqual(steps);
  const checklist = (await t.get('/api/admin/go-live', admin)).body;
  expect(checklist.applies).toBe(true);
  expect(checklist.steps.filter((s: { done: boolean }) => !s.done).map((s: { step: string }) => s.step)).toEqual(steps);
}

describe('a new install at a public address (rule: go-live)', () => {
  it('refuses web orders with the Swedish message and writes nothing, naming every step in /api/ready', async () => {
    await expectClosed(['seller', 'menu', 'opening_hours', 'test_mail', 'retention']);
  });

  it('the waitlist’s booking is refused the same way', async () => {
    const reply = await t.post('/api/waitlist/no-such-token/book', {
      name: 'Åsa Öberg',
      email: 'asa@example.se',
      phone: null,
      dine_in: false,
      items: [{ pizza_id: 1, qty: 1 }],
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ error: CLOSED });
  });

  it('the demo menu counts only once a person has declared every active pizza’s allergens', async () => {
    const pizzas = (await t.get('/api/admin/pizzas', admin)).body as Array<Record<string, unknown>>;
    const active = pizzas.filter((p) => p.active === 1 || p.active === true);
    expect(active.length).toBeGreaterThan(1);
    // One declared: not yet.
    const [first, ...rest] = active;
    const declare = (p: Record<string, unknown>) =>
      t.put(
        `/api/admin/pizzas/${p.id as number}`,
        {
          name: p.name,
          description: p.description,
          price_cents: p.price_cents,
          active: true,
          allergens: (p.allergens as string[] | null) ?? ['gluten', 'milk'],
        },
        admin,
      );
    expect((await declare(first)).status).toBe(200);
    expect(await missing()).toContain('menu');
    for (const p of rest) expect((await declare(p)).status).toBe(200);
    await expectClosed(['seller', 'opening_hours', 'test_mail', 'retention']);
  });

  it('a calendar change sets the opening hours', async () => {
    const day = await t.post('/api/admin/calendar/day', { date: '2026-11-29', isOpen: false }, admin);
    expect(day.status).toBe(200);
    await expectClosed(['seller', 'test_mail', 'retention']);
  });

  it('"Skicka testmejl" sends to the admin e-mail through the outbox; the step is done once the mail log says sent', async () => {
    const reply = await t.post('/api/admin/settings/test-mail', {}, admin);
    expect(reply.status).toBe(200);
    await smtp.waitFor(1);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual([reply.body.to]);
    expect(mail.text).toContain('Testmejl från Pizzakiosken');
    for (let i = 0; i < 100 && (await missing()).includes('test_mail'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await t.get('/api/admin/go-live', admin)).body.test_mail).toEqual({
      to: reply.body.to,
      state: 'sent',
      relay: true,
    });
    await expectClosed(['seller', 'retention']);
  });

  it('a settings save chooses the retention; the seller’s details open web orders', async () => {
    const settings = (await t.get('/api/admin/settings', admin)).body;
    expect(
      (await t.put('/api/admin/settings', { ...settings, personal_data_retention_months: 12 }, admin)).status,
    ).toBe(200);
    await expectClosed(['seller']);
    expect((await t.put('/api/admin/settings', { ...settings, seller: SELLER }, admin)).status).toBe(200);
    const booking = await t.post('/api/bookings', bookingPayload());
    expect(booking.status).toBe(201);
    expect((await t.get('/api/kiosk')).body.web_orders_open).toBe(true);
    expect((await t.get('/api/ready')).body.alerts).not.toContain('not_ready_for_orders');
  });

  it('stays open once the checklist was done, whatever changes later', async () => {
    const settings = (await t.get('/api/admin/settings', admin)).body;
    const blank = { ...SELLER, legal_name: '', org_number: '', address: '', email: '' };
    expect((await t.put('/api/admin/settings', { ...settings, seller: blank }, admin)).status).toBe(200);
    expect((await t.post('/api/bookings', bookingPayload({ time: '12:30' }))).status).toBe(201);
  });
});

describe('a test mail without a relay (no SMTP_URL: mail goes to files)', () => {
  it('is written, but the step stays open: no customer would get mail', async () => {
    const bare = await startTestServer({ now: () => MONDAY_MORNING, config: { publicUrl: PUBLIC_URL, smtpUrl: null } });
    try {
      const cookie = await bare.login();
      expect((await bare.post('/api/admin/settings/test-mail', {}, cookie)).status).toBe(200);
      const state = async () => (await bare.get('/api/admin/go-live', cookie)).body.test_mail;
      for (let i = 0; i < 100 && (await state())?.state !== 'sent'; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await state()).toMatchObject({ state: 'sent', relay: false });
      expect((await bare.get('/api/ready')).body.missing_for_orders).toContain('test_mail');
    } finally {
      await bare.close();
    }
  });
});

describe('installs the checklist does not close', () => {
  it('a local install (the tests’ and the README’s) takes web orders at once', async () => {
    const local = await startTestServer({ now: () => MONDAY_MORNING, config: { publicUrl: 'http://localhost:3000' } });
    try {
      expect((await local.post('/api/bookings', bookingPayload())).status).toBe(201);
      expect((await local.get('/api/ready')).body.alerts).not.toContain('not_ready_for_orders');
      const checklist = (await local.get('/api/admin/go-live', await local.login())).body;
      expect(checklist).toMatchObject({ applies: false, web_orders_open: true });
    } finally {
      await local.close();
    }
  });

  it('a kiosk started before (the log not empty) is not closed when it is served at its public address', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-golive-'));
    try {
      const first = await startTestServer({ dataDir, now: () => MONDAY_MORNING });
      await first.close();
      const again = await startTestServer({ dataDir, now: () => MONDAY_MORNING, config: { publicUrl: PUBLIC_URL } });
      try {
        expect((await again.post('/api/bookings', bookingPayload())).status).toBe(201);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
