// The API's contract: every route declares its schema and appears in GET /api/openapi.json, the
// document is OpenAPI 3.1 whose schemas compile, the docs page works under the CSP, and real
// answers of every GET route match the response schema the route declares.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it, beforeAll, vi } from 'vitest';
import type { z } from 'zod';
import { ADMIN, MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });

/** Routes that are not part of the API contract: the docs page itself and the UI's pages. */
const outsideContract = (url: string) =>
  !url.startsWith('/api/') || url.startsWith('/api/docs') || url === '/api/openapi.json';

const apiRoutes = () => t.server.app.registeredRoutes.filter((r) => !outsideContract(r.url));
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

let document: any;
beforeAll(async () => {
  const reply = await t.get('/api/openapi.json');
  expect(reply.status).toBe(200);
  document = reply.body;
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document naming the API and the session cookie', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Pizzakiosken API', version: '1.1.0' });
    expect(document.components.securitySchemes.adminSession).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'pk_session',
    });
  });

  it('has every route of the app, each with a declared response, params where the path has them, and a tag', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      expect(route.schema?.response, name).toBeTruthy();
      if (route.url.includes(':')) expect(route.schema?.params, name).toBeTruthy();
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, name).toBeTruthy();
      expect(Object.keys(operation.responses).length, name).toBeGreaterThan(0);
      expect(operation.tags?.length, name).toBeGreaterThan(0);
    }
    // And nothing in the document that the app does not serve.
    const served = new Set(routes.map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`));
    for (const [path, operations] of Object.entries<Record<string, unknown>>(document.paths)) {
      for (const method of Object.keys(operations))
        expect(served.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
    }
  });

  it('lists every call of SPEC section 7', () => {
    const spec = [
      'get /api/pizzas',
      'get /api/settings',
      'get /api/open-days',
      'get /api/test-availability',
      'get /api/vip/access/{token}',
      'post /api/bookings',
      'post /api/bookings/lookup',
      'post /api/bookings/{id}/cancel-public',
      'post /api/notifications/subscribe',
      'post /api/validate-bonus-code',
      'post /api/admin/login',
      'post /api/admin/logout',
      'get /api/admin/me',
      'get /api/admin/bookings',
      'get /api/admin/bookings/{id}',
      'put /api/admin/bookings/{id}/confirm',
      'put /api/admin/bookings/{id}/cancel',
      'get /api/admin/daily-report',
      'get /api/admin/bookings/report',
      'get /api/admin/pizzas',
      'post /api/admin/pizzas',
      'put /api/admin/pizzas/{id}',
      'delete /api/admin/pizzas/{id}',
      'get /api/admin/bonus-codes',
      'post /api/admin/bonus-codes',
      'put /api/admin/bonus-codes/{id}',
      'delete /api/admin/bonus-codes/{id}',
      'get /api/admin/stats/overview',
      'get /api/admin/stats/top-pizzas',
      'get /api/admin/stats/peak-times',
      'get /api/admin/stats/sales',
      'get /api/admin/settings',
      'put /api/admin/settings',
      'post /api/admin/settings/reset',
      'post /api/admin/settings/sync-calendar',
      'get /api/admin/calendar/week',
      'post /api/admin/calendar/day',
      'get /api/admin/vip-customers',
      'post /api/admin/vip-customers',
      'put /api/admin/vip-customers/{id}',
      'delete /api/admin/vip-customers/{id}',
      'get /api/admin/vip-dates',
      'post /api/admin/vip-dates',
      'delete /api/admin/vip-dates',
      'delete /api/admin/vip-dates/{id}',
      'post /api/admin/vip-links/generate-for-date',
      'post /api/admin/vip-links/generate',
      'post /api/admin/vip-invitations/send',
      'get /api/admin/vip-invitations',
    ];
    for (const call of spec) {
      const [method, path] = call.split(' ') as [string, string];
      expect(document.paths[path]?.[method], call).toBeTruthy();
    }
  });

  it('marks every admin call but login as needing the session cookie, and no public call', () => {
    for (const [path, operations] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const needsSession = path.startsWith('/api/admin/') && path !== '/api/admin/login';
        expect(operation.security ?? [], `${method} ${path}`).toEqual(needsSession ? [{ adminSession: [] }] : []);
      }
    }
  });

  it('describes requests: the booking payload, its Idempotency-Key header and the numeric id of a pizza', () => {
    const place = document.paths['/api/bookings'].post;
    const body = place.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(
      expect.arrayContaining(['date', 'time', 'name', 'email', 'items', 'requested_pizzas']),
    );
    expect(place.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    );
    expect(document.paths['/api/admin/pizzas/{id}'].put.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    );
    expect(Object.keys(document.paths['/api/admin/daily-report'].get.responses['200'].content)).toEqual([
      'application/pdf',
    ]);
  });

  it('holds only schemas that compile as JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: document.components });
    const schemas: unknown[] = [];
    const collect = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'schema') schemas.push(value);
        else collect(value);
      }
    };
    collect(document.paths);
    expect(schemas.length).toBeGreaterThan(100);
    const fixRefs = (schema: unknown) =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
    for (const schema of schemas) expect(() => ajv.compile(fixRefs(schema))).not.toThrow();
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI pointing at the document, with no inline script and the site CSP', async () => {
    const page = await fetch(`${t.base}/api/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const initializer = await (await fetch(`${t.base}/api/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toContain('json');
  });
});

describe('real answers of every GET route match their declared response schema', () => {
  it('for the customer, the admin and operations, with data in every list', async () => {
    const admin = await t.login();
    // Data for every list: a booking, a VIP customer, a VIP date with a link and an invitation, a code.
    const booked = await t.post('/api/bookings', bookingPayload());
    expect(booked.status).toBe(201);
    const id = booked.body.booking_id as string;
    const customer = await t.post(
      '/api/admin/vip-customers',
      { email: 'vip@example.se', name: 'Vera VIP', phone: null, notes: null },
      admin,
    );
    expect(
      (await t.post('/api/admin/vip-dates', { date: '2026-11-27', description: 'Fredagsfest' }, admin)).status,
    ).toBe(201);
    const link = await t.post(
      '/api/admin/vip-links/generate',
      { vip_customer_id: customer.body.id, expires_hours: 24 },
      admin,
    );
    expect(
      (
        await t.post(
          '/api/admin/vip-invitations/send',
          { customer_ids: [customer.body.id], subject: 'Hej {name}', message: 'Välkommen', expires_hours: 24 },
          admin,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await t.post(
          '/api/admin/bonus-codes',
          {
            code: 'HOST10',
            description: 'Höst',
            discount_percentage: 10,
            usage_limit: 5,
            expires_at: null,
            is_active: true,
          },
          admin,
        )
      ).status,
    ).toBe(201);
    await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin);
    const closure = await t.post(
      '/api/admin/closures',
      { from: '2026-12-24', to: '2026-12-26', reason: 'Jul', recurring: true },
      admin,
    );
    expect(closure.status).toBe(201);
    // A waitlist offer (rule: waitlist): a full slot, an entry, a cancellation.
    const full = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-26', time: '13:00', items: [{ pizza_id: 1, qty: 6 }], requested_pizzas: 6 }),
    );
    const queued = await t.post('/api/waitlist', {
      date: '2026-11-26',
      time: '13:00',
      name: 'Karin Kö',
      email: 'ko@example.se',
      requested_pizzas: 2,
    });
    expect(queued.status).toBe(201);
    await t.put(`/api/admin/bookings/${full.body.booking_id}/cancel`, { reason: 'Test' }, admin);
    const waitlistToken = (await t.server.docs.get<{ id: string; token: string }>(
      'waitlist_v1',
      queued.body.waitlist_id,
    ))!.token;
    // The offer reactor makes the offer after the cancellation (api/waitlist/offerReactor.ts).
    await vi.waitFor(async () => expect((await t.get(`/api/waitlist/${waitlistToken}`)).status).toBe(200), {
      timeout: 30_000,
      interval: 50,
    });

    // The counter's evening (issue 29): a pizza sold out today with a booking holding it, a daily
    // stock, a delayed slot and paused web bookings.
    const today = await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-23', time: '18:00', items: [{ pizza_id: 2, qty: 1 }], requested_pizzas: 1 }),
    );
    expect(today.status).toBe(201);
    expect((await t.put('/api/admin/sold-out/2', { until: '20:00' }, admin)).status).toBe(200);
    expect((await t.put('/api/admin/pizzas/1/daily-stock', { per_day: 40 }, admin)).status).toBe(200);
    expect((await t.post('/api/admin/slot-delays', { time: '18:00', minutes: 10 }, admin)).status).toBe(200);
    expect((await t.put('/api/admin/web-pause', { minutes: null, reason: 'Fullt i ugnen' }, admin)).status).toBe(200);

    const token = encodeURIComponent(link.body.token);
    const concrete: Record<string, string[]> = {
      '/api/open-days': ['/api/open-days', `/api/open-days?vip_token=${token}`],
      '/api/availability': ['/api/availability?date=2026-11-24&pizzas=2'],
      '/api/vat-rate': ['/api/vat-rate?date=2026-11-24&dine_in=false'],
      '/api/test-availability': [
        '/api/test-availability?date=2026-11-24&pizzas=2',
        `/api/test-availability?date=2026-11-27&pizzas=1&vip_token=${token}`,
      ],
      '/api/bookings/:id/reschedule-slots': [
        `/api/bookings/${id}/reschedule-slots?email=asa@example.se&date=2026-11-24`,
        `/api/bookings/${id}/reschedule-slots?email=asa@example.se&date=2026-11-26`,
      ],
      '/api/vip/access/:token': [`/api/vip/access/${token}`],
      '/api/waitlist/:token': [`/api/waitlist/${waitlistToken}`],
      '/api/admin/waitlist': ['/api/admin/waitlist', '/api/admin/waitlist?date=2026-11-26'],
      '/api/admin/bookings': ['/api/admin/bookings', '/api/admin/bookings?status=confirmed&date=2026-11-24'],
      '/api/admin/bookings/:id': [`/api/admin/bookings/${id}`],
      '/api/admin/bookings/:id/history': [`/api/admin/bookings/${id}/history`],
      '/api/admin/calendar/week': [
        '/api/admin/calendar/week?start=2026-11-23',
        '/api/admin/calendar/week?start=2026-12-21',
      ],
      '/api/admin/closures/:id/bookings': [`/api/admin/closures/${closure.body.closure.id}/bookings`],
      '/api/admin/stats/top-pizzas': ['/api/admin/stats/top-pizzas?period=month'],
      '/api/admin/stats/sales': ['/api/admin/stats/sales?period=year&group_by=week'],
      '/api/admin/customers/export': ['/api/admin/customers/export?email=vip@example.se'],
      '/api/admin/customers/orders': ['/api/admin/customers/orders?name=as&date=2026-11-24'],
      '/api/admin/reports/accounting': ['/api/admin/reports/accounting?startDate=2026-11-24&endDate=2026-11-30'],
      '/api/admin/sold-out/:id/bookings': ['/api/admin/sold-out/2/bookings'],
      '/api/day-status': ['/api/day-status', '/api/day-status?date=2026-11-24'],
    };
    // Answers that are files or streams, not JSON.
    const notJson = new Set([
      '/api/bookings/:id/calendar.ics',
      '/api/admin/daily-report',
      '/api/admin/bookings/report',
      '/api/admin/live',
      '/api/order-status/live',
      '/api/live',
      '/api/admin/reports/accounting.csv',
      '/api/admin/reports/accounting.se',
      '/api/admin/reports/accounting.si',
      '/api/admin/bookings/:id/confirmation.pdf',
      // rule kiosk-identity: the logo's image (test/api/kioskIdentity.test.ts)
      '/api/kiosk/logo',
      // rule swish-payment: the payment request's QR code, an SVG (test/api/swishPaying.test.ts)
      '/api/swish/qr.svg',
    ]);

    const gets = apiRoutes().filter((r) => r.method === 'GET' && !notJson.has(r.url));
    expect(gets.length).toBeGreaterThan(20);
    for (const route of gets) {
      const declared = (route.schema!.response as Record<string, z.ZodType>)['200'];
      for (const path of concrete[route.url] ?? [route.url]) {
        const reply = await t.get(path, route.url.startsWith('/api/admin/') ? admin : undefined);
        expect(reply.status, path).toBe(200);
        const checked = declared.safeParse(reply.body);
        expect(checked.success ? null : checked.error.issues, path).toBeNull();
      }
    }
  });

  it('the checks can fail: an answer with a field the schema does not declare is refused', () => {
    const pizzas = apiRoutes().find((r) => r.method === 'GET' && r.url === '/api/pizzas')!;
    const declared = (pizzas.schema!.response as Record<string, z.ZodType>)['200'];
    const pizza = {
      id: 1,
      name: 'M',
      description: '',
      price_cents: 1,
      active: 1,
      allergens: [],
      allergens_declared: true,
      removable: [],
    };
    expect(declared.safeParse([pizza]).success).toBe(true);
    expect(declared.safeParse([{ ...pizza, secret: 'x' }]).success).toBe(false);
  });
});

describe('validation still answers SPEC section 8 texts', () => {
  it('a schema refusal is a 400 with the first issue in Swedish', async () => {
    const reply = await t.post('/api/bookings', bookingPayload({ name: 'A' }));
    expect(reply).toMatchObject({ status: 400, body: { error: 'Namn måste vara minst 2 tecken' } });
    const login = await t.post('/api/admin/login', { email: ADMIN.email });
    expect(login).toMatchObject({ status: 400, body: { error: 'Lösenord krävs' } });
  });
});
