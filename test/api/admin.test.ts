// Admin calls over HTTP: auth, menu, bonus codes, calendar, VIP, settings, statistics, reports.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;

const t = useTestServer({ now: () => MONDAY_MORNING, config: { loginAttemptsPerMinute: 8 } });
beforeAll(async () => {
  admin = await t.login();
});

const ADMIN_ROUTES: Array<[string, string]> = [
  ['POST', '/api/admin/logout'],
  ['GET', '/api/admin/me'],
  ['GET', '/api/admin/bookings'],
  ['GET', '/api/admin/bookings/20261124-1'],
  ['PUT', '/api/admin/bookings/20261124-1/confirm'],
  ['PUT', '/api/admin/bookings/20261124-1/cancel'],
  ['GET', '/api/admin/daily-report?date=2026-11-24'],
  ['GET', '/api/admin/bookings/report?startDate=2026-11-24&endDate=2026-11-30'],
  ['GET', '/api/admin/pizzas'],
  ['POST', '/api/admin/pizzas'],
  ['PUT', '/api/admin/pizzas/1'],
  ['DELETE', '/api/admin/pizzas/1'],
  ['GET', '/api/admin/bonus-codes'],
  ['POST', '/api/admin/bonus-codes'],
  ['PUT', '/api/admin/bonus-codes/1'],
  ['DELETE', '/api/admin/bonus-codes/1'],
  ['GET', '/api/admin/stats/overview'],
  ['GET', '/api/admin/stats/top-pizzas'],
  ['GET', '/api/admin/stats/peak-times'],
  ['GET', '/api/admin/stats/sales'],
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings'],
  ['POST', '/api/admin/settings/reset'],
  ['POST', '/api/admin/settings/sync-calendar'],
  ['GET', '/api/admin/calendar/week?start=2026-11-23'],
  ['POST', '/api/admin/calendar/day'],
  ['GET', '/api/admin/vip-customers'],
  ['POST', '/api/admin/vip-customers'],
  ['PUT', '/api/admin/vip-customers/1'],
  ['DELETE', '/api/admin/vip-customers/1'],
  ['GET', '/api/admin/vip-dates'],
  ['POST', '/api/admin/vip-dates'],
  ['DELETE', '/api/admin/vip-dates'],
  ['DELETE', '/api/admin/vip-dates/2026-12-01'],
  ['POST', '/api/admin/vip-links/generate-for-date'],
  ['POST', '/api/admin/vip-links/generate'],
  ['POST', '/api/admin/vip-invitations/send'],
];

describe('admin authentication', () => {
  it('answers 401 on every admin call without a session', async () => {
    for (const [method, path] of ADMIN_ROUTES) {
      const reply = await t.request(method, path, method === 'GET' ? undefined : {});
      expect(reply.status, `${method} ${path}`).toBe(401);
      expect(reply.body.error).toBe('Du måste logga in');
    }
  });

  it('answers 401 with a forged or tampered cookie', async () => {
    expect((await t.get('/api/admin/me', 'pk_session=1.99999999999999.abc')).status).toBe(401);
    expect(
      (
        await t.get(
          '/api/admin/me',
          admin.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        )
      ).status,
    ).toBe(401);
  });

  it('validates the login form with the SPEC messages', async () => {
    expect((await t.post('/api/admin/login', { email: 'inte-en-adress', password: 'x' })).body.error).toBe(
      'Ogiltig e-postadress',
    );
    expect((await t.post('/api/admin/login', { email: ADMIN.email, password: '' })).body.error).toBe('Lösenord krävs');
    const wrong = await t.post('/api/admin/login', { email: ADMIN.email, password: 'fel' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Fel e-postadress eller lösenord');
  });

  it('signs in with a signed HttpOnly SameSite=Strict cookie and tells who is signed in', async () => {
    const reply = await t.post('/api/admin/login', ADMIN);
    expect(reply.body.user).toMatchObject({ email: ADMIN.email, name: 'Administratör' });
    const cookie = reply.headers.get('set-cookie')!;
    expect(cookie).toMatch(/pk_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await t.get('/api/admin/me', admin)).body.user.email).toBe(ADMIN.email);
  });

  it('logs out by clearing the cookie', async () => {
    const session = await t.login();
    const reply = await t.post('/api/admin/logout', {}, session);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).toMatch(/pk_session=;/);
  });
});

describe('menu management', () => {
  it('creates, updates, deactivates and deletes a pizza', async () => {
    const created = await t.post(
      '/api/admin/pizzas',
      {
        name: 'Vegetariana',
        description: 'Grönsaker',
        price_cents: 11500,
        active: true,
        allergens: ['gluten', 'milk'],
      },
      admin,
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await t.get('/api/pizzas')).body.map((p: { id: number }) => p.id)).toContain(id);
    const updated = await t.put(
      `/api/admin/pizzas/${id}`,
      { name: 'Vegetariana', description: 'Grönsaker', price_cents: 12000, active: 0 },
      admin,
    );
    expect(updated.body).toMatchObject({ id, price_cents: 12000, active: 0 });
    expect((await t.get('/api/pizzas')).body.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await t.get('/api/admin/pizzas', admin)).body.find((p: { id: number }) => p.id === id).active).toBe(0);
    expect((await t.del(`/api/admin/pizzas/${id}`, undefined, admin)).status).toBe(200);
    expect((await t.del(`/api/admin/pizzas/${id}`, undefined, admin)).status).toBe(404);
  });

  it('requires a name and a price above 0', async () => {
    for (const body of [{ name: '', price_cents: 100 }, { name: 'X', price_cents: 0 }, { name: 'X' }]) {
      const reply = await t.post('/api/admin/pizzas', body, admin);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('Namn och pris måste anges');
    }
  });

  it('refuses a booking of an inactive pizza', async () => {
    const created = await t.post('/api/admin/pizzas', { name: 'Borta', price_cents: 1000, active: false }, admin);
    const reply = await t.post('/api/bookings', bookingPayload({ items: [{ pizza_id: created.body.id, qty: 2 }] }));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('En vald pizza finns inte längre på menyn');
  });
});

describe('bonus codes', () => {
  it('validates code, discount and usage limit', async () => {
    expect((await t.post('/api/admin/bonus-codes', { code: ' ', discount_percentage: 10 }, admin)).body.error).toBe(
      'Bonuskod krävs',
    );
    expect((await t.post('/api/admin/bonus-codes', { code: 'A', discount_percentage: 101 }, admin)).body.error).toBe(
      'Rabatten måste vara mellan 0 och 100 procent',
    );
    expect(
      (await t.post('/api/admin/bonus-codes', { code: 'A', discount_percentage: 5, usage_limit: 0 }, admin)).body.error,
    ).toBe('Användningsgränsen måste vara ett heltal, minst 1');
  });

  it('keeps codes unique, toggles them and deletes them', async () => {
    const created = await t.post(
      '/api/admin/bonus-codes',
      { code: 'host25', discount_percentage: 25.5, usage_limit: '', expires_at: '2026-12-31T23:00:00Z', is_active: 1 },
      admin,
    );
    expect(created.body).toMatchObject({
      code: 'HOST25',
      discount_percentage: 25.5,
      usage_limit: null,
      expires_at: '2026-12-31T23:00:00.000Z',
    });
    expect((await t.post('/api/admin/bonus-codes', { code: 'Host25', discount_percentage: 5 }, admin)).body.error).toBe(
      'Bonuskoden finns redan',
    );
    const id = created.body.id;
    const off = await t.put(`/api/admin/bonus-codes/${id}`, { ...created.body, is_active: 0 }, admin);
    expect(off.body.is_active).toBe(0);
    expect((await t.post('/api/validate-bonus-code', { code: 'host25' })).body).toEqual({
      valid: false,
      error: 'Bonuskoden är inte aktiv',
    });
    expect((await t.del(`/api/admin/bonus-codes/${id}`, undefined, admin)).status).toBe(200);
    expect((await t.get('/api/admin/bonus-codes', admin)).body.map((c: { code: string }) => c.code)).not.toContain(
      'HOST25',
    );
  });

  it('refuses an expired code', async () => {
    await t.post(
      '/api/admin/bonus-codes',
      { code: 'GAMMAL', discount_percentage: 10, expires_at: '2026-11-01T00:00:00Z' },
      admin,
    );
    expect((await t.post('/api/validate-bonus-code', { code: 'gammal' })).body.error).toBe('Bonuskoden har gått ut');
  });
});

describe('calendar', () => {
  it('closes a day, which leaves the open days and refuses bookings', async () => {
    const reply = await t.post('/api/admin/calendar/day', { date: '2026-11-26', isOpen: false }, admin);
    expect(reply.body.day).toMatchObject({ date: '2026-11-26', isOpen: false, hasOwnEntry: true });
    const open = (await t.get('/api/open-days?days=30')).body.open_days.map((d: { date: string }) => d.date);
    expect(open).not.toContain('2026-11-26');
    const booking = await t.post('/api/bookings', bookingPayload({ date: '2026-11-26' }));
    expect(booking.body.error).toBe('Kiosken har stängt detta datum');
  });

  it('changes opening hours, which changes the slots', async () => {
    await t.post(
      '/api/admin/calendar/day',
      { date: '2026-11-27', isOpen: true, openTime: '16:00', closeTime: '18:00' },
      admin,
    );
    const slots = (await t.get('/api/test-availability?date=2026-11-27&pizzas=1')).body.slots.map(
      (s: { time: string }) => s.time,
    );
    expect(slots[0]).toBe('16:00');
    expect(slots.at(-1)).toBe('17:45');
    const bad = await t.post(
      '/api/admin/calendar/day',
      { date: '2026-11-27', isOpen: true, openTime: '18:00', closeTime: '16:00' },
      admin,
    );
    expect(bad.body.error).toBe('Stängningstiden måste vara efter öppningstiden');
  });

  it('shows a week keyed by date from Monday with bookings counted', async () => {
    await t.post('/api/bookings', bookingPayload({ date: '2026-11-25', time: '13:00' }));
    const week = (await t.get('/api/admin/calendar/week?start=2026-11-23&end=2026-11-29', admin)).body.schedule;
    expect(Object.keys(week)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(week['2026-11-23']).toMatchObject({ isOpen: true, openTime: '11:00', closeTime: '22:00', isVIP: false });
    expect(week['2026-11-25'].bookings).toBeGreaterThanOrEqual(1);
    expect(week['2026-11-26'].isOpen).toBe(false);
  });
});

describe('VIP', () => {
  let customerId: number;

  it('manages VIP customers with unique e-mail addresses', async () => {
    expect((await t.post('/api/admin/vip-customers', { email: '', name: '' }, admin)).body.error).toBe(
      'E-post och namn krävs',
    );
    const created = await t.post(
      '/api/admin/vip-customers',
      { email: 'Stamkund@Example.se', name: 'Sara Stamkund', phone: '', notes: 'Gillar ansjovis' },
      admin,
    );
    expect(created.status).toBe(201);
    customerId = created.body.id;
    expect(created.body).toMatchObject({ email: 'stamkund@example.se', active: 1, phone: null });
    expect(
      (await t.post('/api/admin/vip-customers', { email: 'stamkund@example.se', name: 'Kopia' }, admin)).body.error,
    ).toBe('Det finns redan en VIP-kund med denna e-postadress');
    const updated = await t.put(
      `/api/admin/vip-customers/${customerId}`,
      { email: 'stamkund@example.se', name: 'Sara S.', notes: null },
      admin,
    );
    expect(updated.body.name).toBe('Sara S.');
    expect((await t.get('/api/admin/vip-customers', admin)).body).toHaveLength(1);
  });

  it('marks a VIP date that only a token opens', async () => {
    const marked = await t.post('/api/admin/vip-dates', { date: '2026-12-01', description: 'Julpizza' }, admin);
    expect(marked.status).toBe(201);
    expect((await t.get('/api/admin/vip-dates', admin)).body).toEqual([
      { id: '2026-12-01', date: '2026-12-01', description: 'Julpizza', active: 1, created_by: ADMIN.email },
    ]);
    const anonymous = await t.get('/api/open-days?days=30');
    expect(anonymous.body.open_days.map((d: { date: string }) => d.date)).not.toContain('2026-12-01');
    expect((await t.post('/api/bookings', bookingPayload({ date: '2026-12-01' }))).body.error).toBe(
      'Detta datum är endast för VIP-kunder',
    );
    const closed = await t.post('/api/admin/vip-dates', { date: '2026-11-26' }, admin);
    expect(closed.body.error).toBe('Endast öppna dagar kan markeras som VIP');
  });

  it('generates a customer link whose token opens the VIP date and a longer horizon', async () => {
    const link = await t.post(
      '/api/admin/vip-links/generate',
      { vip_customer_id: customerId, expires_hours: 1000 },
      admin,
    );
    expect(link.body.url).toMatch(/^http:\/\/kiosk\.test\/\?vip=/);
    // Clamped to 240 hours.
    expect(Date.parse(link.body.expires_at) - MONDAY_MORNING.getTime()).toBe(240 * 3_600_000);
    const token = link.body.token;
    const access = await t.get(`/api/vip/access/${token}`);
    expect(access.body).toMatchObject({ name: 'Sara S.', message: 'Välkommen! Du har VIP-tillgång 👑' });
    const days = await t.get(`/api/open-days?days=30&vip_token=${token}`);
    expect(days.body).toMatchObject({ is_vip: true, vip_customer: { name: 'Sara S.' } });
    expect(days.body.vip_dates.map((d: { date: string }) => d.date)).toEqual(['2026-12-01']);
    // 30 days asked for: today and the 29 after it, beyond the normal 14-day horizon.
    expect(days.body.open_days.at(-1).date).toBe('2026-12-22');
    const booked = await t.post('/api/bookings', bookingPayload({ date: '2026-12-01', vip_token: token }));
    expect(booked.status).toBe(201);
    expect(booked.body.booking.vip_customer_id).toBe(customerId);
  });

  it('opens a VIP date beyond the VIP horizon to a link made for that date', async () => {
    // 2027-01-08 is 46 days ahead: past the 30-day VIP horizon.
    expect(
      (await t.post('/api/admin/vip-dates', { date: '2027-01-08', description: 'Trettondagspizza' }, admin)).status,
    ).toBe(201);
    const link = await t.post('/api/admin/vip-links/generate-for-date', { vip_date_id: '2027-01-08' }, admin);
    const days = await t.get(`/api/open-days?days=30&vip_token=${link.body.token}`);
    expect(days.body.vip_dates.map((d: { date: string }) => d.date)).toEqual(['2027-01-08']);
    const booked = await t.post('/api/bookings', bookingPayload({ date: '2027-01-08', vip_token: link.body.token }));
    expect(booked.status).toBe(201);
    const general = await t.post('/api/admin/vip-links/generate', { vip_customer_id: customerId }, admin);
    expect(
      (await t.post('/api/bookings', bookingPayload({ date: '2027-01-08', vip_token: general.body.token }))).body.error,
    ).toBe('Datumet ligger för långt fram för bokning');
    expect((await t.del('/api/admin/vip-dates/2027-01-08', undefined, admin)).status).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const reply = await t.get('/api/vip/access/finns-inte');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Ogiltig VIP-token');
    expect((await t.get('/api/test-availability?date=2026-12-01&pizzas=1&vip_token=finns-inte')).body).toMatchObject({
      available: false,
      is_vip: false,
      error: 'Ogiltig VIP-token',
    });
  });

  it('generates a link for a VIP date, and only for one', async () => {
    const link = await t.post(
      '/api/admin/vip-links/generate-for-date',
      { vip_date_id: '2026-12-01', expires_hours: 168 },
      admin,
    );
    expect(link.status).toBe(200);
    expect((await t.get(`/api/vip/access/${link.body.token}`)).body).toMatchObject({
      name: 'VIP-gäst',
      vip_date: '2026-12-01',
    });
    const notVip = await t.post(
      '/api/admin/vip-links/generate-for-date',
      { vip_date_id: '2026-12-02', expires_hours: 168 },
      admin,
    );
    expect(notVip.status).toBe(400);
    expect(notVip.body.error).toBe('Kunde inte generera VIP-länk. Kontrollera att dagen är markerad som VIP.');
  });

  it('sends invitations as mails with the name filled in', async () => {
    expect(
      (await t.post('/api/admin/vip-invitations/send', { customer_ids: [], subject: 'x', message: 'y' }, admin)).body
        .error,
    ).toBe('Välj minst en kund');
    expect(
      (
        await t.post(
          '/api/admin/vip-invitations/send',
          { customer_ids: [customerId], subject: 'x', message: 'y', expires_hours: 169 },
          admin,
        )
      ).body.error,
    ).toBe('Giltighetstiden måste vara mellan 1 och 168 timmar');
    const reply = await t.post(
      '/api/admin/vip-invitations/send',
      {
        customer_ids: [customerId],
        subject: 'Julinbjudan',
        message: 'Hej {name}, välkommen på julpizza!',
        expires_hours: 48,
        vip_date_id: '2026-12-01',
      },
      admin,
    );
    expect(reply.body.invitations).toHaveLength(1);
    expect(reply.body.invitations[0]).toMatchObject({ customer_id: customerId, email: 'stamkund@example.se' });
    const outbox = join(t.dataDir, 'outbox');
    let mail = '';
    for (let i = 0; i < 100 && !mail; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const file = (() => {
        try {
          return readdirSync(outbox).find((f) => readFileSync(join(outbox, f), 'utf8').includes('Julinbjudan'));
        } catch {
          return undefined;
        }
      })();
      if (file) mail = readFileSync(join(outbox, file), 'utf8');
    }
    expect(mail).toContain('To: stamkund@example.se');
    expect(mail).toMatch(/Hej Sara S\./);
  });

  it('removes VIP status from a date', async () => {
    expect((await t.del('/api/admin/vip-dates', { date: '2026-12-01' }, admin)).status).toBe(200);
    expect((await t.get('/api/admin/vip-dates', admin)).body).toEqual([]);
    expect((await t.del('/api/admin/vip-dates/2026-12-01', undefined, admin)).body.error).toBe(
      'Dagen är inte markerad som VIP',
    );
  });
});

describe('settings', () => {
  it('validates numbers, e-mail and opening hours', async () => {
    const settings = (await t.get('/api/admin/settings', admin)).body;
    expect(settings.admin_email).toBe(ADMIN.email);
    expect((await t.put('/api/admin/settings', { ...settings, capacity_per_window: 0 }, admin)).body.error).toBe(
      'Kapacitet per tidsfönster måste vara ett heltal, minst 1',
    );
    expect(
      (await t.put('/api/admin/settings', { ...settings, cancellation_deadline_minutes: -1 }, admin)).body.error,
    ).toBe('Avbokningsgränsen måste vara ett heltal, minst 0');
    expect((await t.put('/api/admin/settings', { ...settings, admin_email: 'nej' }, admin)).body.error).toBe(
      'Ogiltig e-postadress',
    );
    const noHours = { ...settings, opening_hours: { ...settings.opening_hours, mon: { start: '', end: '' } } };
    expect((await t.put('/api/admin/settings', noHours, admin)).status).toBe(400);
    expect((await t.get('/api/admin/settings', admin)).body).toEqual(settings);
  });

  it('saves, applies and resets', async () => {
    const settings = (await t.get('/api/admin/settings', admin)).body;
    const saved = await t.put(
      '/api/admin/settings',
      { ...settings, capacity_per_window: 8, open_days: { ...settings.open_days, sat: false } },
      admin,
    );
    expect(saved.body.settings.capacity_per_window).toBe(8);
    expect((await t.get('/api/settings')).body).toMatchObject({ capacity_per_window: 8, sms_enabled: false });
    expect((await t.get('/api/test-availability?date=2026-11-28&pizzas=1')).body.message).toBe(
      'Kiosken har stängt detta datum',
    );
    const sync = await t.post('/api/admin/settings/sync-calendar', {}, admin);
    expect(sync.body).toMatchObject({ success: true, message: 'Öppettider synkroniserade till kalendern!' });
    expect(sync.body.kept_days).toBeGreaterThanOrEqual(2);
    const reset = await t.post('/api/admin/settings/reset', {}, admin);
    expect(reset.body.settings).toMatchObject({ capacity_per_window: 6, admin_email: ADMIN.email });
    expect((await t.get('/api/settings')).body.open_days.sat).toBe(true);
  });
});

describe('statistics', () => {
  it('counts bookings, pizzas and revenue, and leaves cancelled bookings out of sales', async () => {
    const before = (await t.get('/api/admin/stats/overview', admin)).body;
    const a = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-23', time: '19:00', items: [{ pizza_id: 6, qty: 2 }] }),
    );
    const b = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-23', time: '19:15', items: [{ pizza_id: 6, qty: 2 }] }),
    );
    await t.put(`/api/admin/bookings/${a.body.booking_id}/confirm`, {}, admin);
    await t.put(`/api/admin/bookings/${b.body.booking_id}/cancel`, { reason: 'Test' }, admin);
    const after = (await t.get('/api/admin/stats/overview', admin)).body;
    expect(after.overview.total_bookings - before.overview.total_bookings).toBe(2);
    expect(after.overview.confirmed_bookings - before.overview.confirmed_bookings).toBe(1);
    expect(after.overview.total_pizzas - before.overview.total_pizzas).toBe(2);
    expect(Math.round((after.revenue.total_revenue - before.revenue.total_revenue) * 100)).toBe(27800);
    expect(after.today).toEqual({ bookings: before.today.bookings + 1, pizzas: before.today.pizzas + 2 });
    const top = (await t.get('/api/admin/stats/top-pizzas?period=week&limit=3', admin)).body.pizzas;
    expect(top.length).toBeLessThanOrEqual(3);
    expect(top.find((p: { name: string }) => p.name === 'Kebabpizza')).toMatchObject({
      total_ordered: 2,
      total_revenue: 278,
    });
    const peak = (await t.get('/api/admin/stats/peak-times?period=month', admin)).body.peak_hours;
    expect(peak.find((h: { hour: string }) => h.hour === '19')).toMatchObject({ bookings_count: 1 });
    const sales = (await t.get('/api/admin/stats/sales?period=year&group_by=day', admin)).body.sales;
    expect(sales.find((s: { period: string }) => s.period === '2026-11-23')).toMatchObject({
      bookings_count: 1,
      revenue: 278,
    });
  });
});

describe('reports', () => {
  const textOf = async (pdf: Buffer) => {
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  };

  it('downloads the daily report as a named PDF with the day’s bookings', async () => {
    await t.post('/api/bookings', bookingPayload({ date: '2026-11-24', time: '20:00', name: 'Rapport Rapportsson' }));
    const reply = await t.get('/api/admin/daily-report?date=2026-11-24', admin);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="palombo-rapport-2026-11-24.pdf"');
    expect(await textOf(reply.body)).toContain('Rapport Rapportsson');
  });

  it('downloads a period report as a named PDF', async () => {
    const reply = await t.get('/api/admin/bookings/report?startDate=2026-11-23&endDate=2026-11-30', admin);
    expect(reply.headers.get('content-disposition')).toBe(
      'attachment; filename="bokningsrapport-2026-11-23-2026-11-30.pdf"',
    );
    expect(await textOf(reply.body)).toContain('Bokningsrapport');
  });

  it('validates report dates with the SPEC messages', async () => {
    expect((await t.get('/api/admin/daily-report?date=24-11-2026', admin)).body.error).toBe('Välj ett giltigt datum');
    expect((await t.get('/api/admin/bookings/report?startDate=2026-11-23', admin)).body.error).toBe(
      'Välj både start- och slutdatum',
    );
    expect((await t.get('/api/admin/bookings/report?startDate=2026-11-30&endDate=2026-11-23', admin)).body.error).toBe(
      'Startdatum måste vara före slutdatum',
    );
  });
});

describe('login rate limit', () => {
  it('limits login attempts per client', async () => {
    const replies = [];
    for (let i = 0; i < 10; i++)
      replies.push(await t.post('/api/admin/login', { email: ADMIN.email, password: 'gissning' }));
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].body.error).toBe('För många inloggningsförsök. Försök igen om en stund.');
  });
});
