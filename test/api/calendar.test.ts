// GET /bookings/{id}/calendar.ics over HTTP: the booking as an iCalendar file, parsed as a
// calendar program would read it (unfolded lines, unescaped text).
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

let admin: string;
let pickup: string;
let dineIn: string;

const t = useTestServer({ now: () => MONDAY_MORNING });
beforeAll(async () => {
  admin = await t.login();
  pickup = (
    await t.post(
      '/api/bookings',
      bookingPayload({
        dine_in: false,
        items: [
          { pizza_id: 1, qty: 1 },
          { pizza_id: 2, qty: 2 },
        ],
        requested_pizzas: 3,
      }),
    )
  ).body.booking_id;
  dineIn = (
    await t.post(
      '/api/bookings',
      bookingPayload({ date: '2026-11-25', time: '18:30', dine_in: true, email: 'bord@example.se' }),
    )
  ).body.booking_id;
});

interface Component {
  name: string;
  props: Map<string, string>;
  children: Component[];
}

/** RFC 5545 text to components: lines unfolded, parameters dropped, TEXT values unescaped. */
function parseIcs(text: string): Component {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const root: Component = { name: 'ROOT', props: new Map(), children: [] };
  const stack = [root];
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0];
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') {
      const component: Component = { name: value, props: new Map(), children: [] };
      stack.at(-1)!.children.push(component);
      stack.push(component);
    } else if (name === 'END') {
      expect(stack.pop()!.name).toBe(value);
    } else {
      stack.at(-1)!.props.set(name, value.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1'));
    }
  }
  expect(stack).toHaveLength(1);
  return root;
}

async function calendarOf(id: string, email: string) {
  const reply = await t.get(`/api/bookings/${id}/calendar.ics?email=${encodeURIComponent(email)}`);
  expect(reply.status).toBe(200);
  const calendar = parseIcs((reply.body as Buffer).toString('utf8')).children;
  expect(calendar.map((c) => c.name)).toEqual(['VCALENDAR']);
  const events = calendar[0].children.filter((c) => c.name === 'VEVENT');
  expect(events).toHaveLength(1);
  return { reply, event: events[0].props };
}

describe('a pick-up booking tomorrow at 12:00', () => {
  it('is a text/calendar attachment named after the booking', async () => {
    const { reply } = await calendarOf(pickup, 'asa@example.se');
    expect(reply.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="pizzakiosken-${pickup}.ics"`);
  });

  it("starts at 12:00 kiosk time (11:00 UTC in November), lasts one 15-minute slot, says 'hämta din beställning'", async () => {
    const { event } = await calendarOf(pickup, 'asa@example.se');
    expect(event.get('DTSTART')).toBe('20261124T110000Z');
    expect(event.get('DTEND')).toBe('20261124T111500Z');
    expect(event.get('SUMMARY')).toBe('Pizzakiosken: hämta din beställning');
    expect(event.get('STATUS')).toBe('TENTATIVE');
  });

  it('describes the booking number, every line and the total in kronor', async () => {
    const { event } = await calendarOf(pickup, 'asa@example.se');
    const description = event.get('DESCRIPTION')!.split('\n');
    expect(description).toContain(`Bokningsnummer: ${pickup}`);
    expect(description).toContain('1 × Margherita');
    expect(description).toContain('2 × Vesuvio');
    expect(description).toContain('Totalt: 317 kr');
  });

  it('has a UID made from the booking number, the same on every download', async () => {
    const first = (await calendarOf(pickup, 'asa@example.se')).event.get('UID');
    const again = (await calendarOf(pickup, 'ASA@Example.se ')).event.get('UID');
    expect(first).toBe(`bokning-${pickup}@pizzakiosken`);
    expect(again).toBe(first);
    expect((await calendarOf(dineIn, 'bord@example.se')).event.get('UID')).not.toBe(first);
  });
});

describe('a dine-in booking', () => {
  it("says 'äta på plats' and lasts slot_length_minutes", async () => {
    const settings = (await t.get('/api/admin/settings', admin)).body;
    await t.put('/api/admin/settings', { ...settings, slot_length_minutes: 30 }, admin);
    const { event } = await calendarOf(dineIn, 'bord@example.se');
    await t.put('/api/admin/settings', settings, admin);
    expect(event.get('SUMMARY')).toBe('Pizzakiosken: äta på plats');
    expect(event.get('DTSTART')).toBe('20261125T173000Z');
    expect(event.get('DTEND')).toBe('20261125T180000Z');
  });

  it('once cancelled, is a cancelled event with a higher sequence, so an imported copy is updated', async () => {
    const before = (await calendarOf(dineIn, 'bord@example.se')).event;
    await t.put(`/api/admin/bookings/${dineIn}/cancel`, { reason: 'Stängt för privat fest' }, admin);
    const after = (await calendarOf(dineIn, 'bord@example.se')).event;
    expect(after.get('STATUS')).toBe('CANCELLED');
    expect(Number(after.get('SEQUENCE'))).toBeGreaterThan(Number(before.get('SEQUENCE') ?? 0));
    expect(after.get('UID')).toBe(before.get('UID'));
  });
});

describe('a booking moved (rule: reschedule)', () => {
  it('keeps its UID and gets a higher SEQUENCE on every change: a same-day move back to pending, then a move to another date under a new number', async () => {
    const id = (
      await t.post('/api/bookings', bookingPayload({ date: '2026-11-26', time: '17:00', email: 'flytt@example.se' }))
    ).body.booking_id as string;
    const first = (await calendarOf(id, 'flytt@example.se')).event;
    expect(first.get('UID')).toBe(`bokning-${id}@pizzakiosken`);
    expect(first.get('SEQUENCE') ?? '0').toBe('0');
    await t.put(`/api/admin/bookings/${id}/confirm`, {}, admin);
    const confirmed = (await calendarOf(id, 'flytt@example.se')).event;

    // Confirmed, then moved the same day: pending again (TENTATIVE), yet a newer revision.
    expect(
      (await t.post(`/api/bookings/${id}/reschedule`, { email: 'flytt@example.se', date: '2026-11-26', time: '18:00' }))
        .status,
    ).toBe(200);
    const sameDay = (await calendarOf(id, 'flytt@example.se')).event;
    expect(sameDay.get('STATUS')).toBe('TENTATIVE');
    expect(sameDay.get('DTSTART')).toBe('20261126T170000Z');
    expect(Number(sameDay.get('SEQUENCE'))).toBeGreaterThan(Number(confirmed.get('SEQUENCE')));

    // Another date: a new number, the same calendar event.
    const moved = await t.post(`/api/bookings/${id}/reschedule`, {
      email: 'flytt@example.se',
      date: '2026-11-27',
      time: '12:00',
    });
    expect(moved.status).toBe(200);
    const newId = moved.body.booking.id as string;
    expect(newId).not.toBe(id);
    const atNew = (await calendarOf(newId, 'flytt@example.se')).event;
    const atOld = (await calendarOf(id, 'flytt@example.se')).event;
    expect(atNew.get('UID')).toBe(`bokning-${id}@pizzakiosken`);
    expect(atNew.get('DTSTART')).toBe('20261127T110000Z');
    expect(Number(atNew.get('SEQUENCE'))).toBeGreaterThan(Number(sameDay.get('SEQUENCE')));
    expect([...atOld]).toEqual([...atNew]);
    expect(atNew.get('DESCRIPTION')).toContain(`Bokningsnummer: ${newId}`);
  });
});

describe('without the right e-mail', () => {
  it.each([
    ['a wrong e-mail', () => `/api/bookings/${pickup}/calendar.ics?email=someone@else.se`],
    ['an unknown booking', () => '/api/bookings/20261124-99/calendar.ics?email=asa@example.se'],
    ['no booking number at all', () => '/api/bookings/abc/calendar.ics?email=asa@example.se'],
  ])("answers 404 'Kunde inte hitta bokningen' (%s), as lookup does", async (_what, path) => {
    const reply = await t.get(path());
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'Kunde inte hitta bokningen' });
  });

  it("answers 400 'Ange e-postadress och bokningsnummer' when the e-mail is left out", async () => {
    const reply = await t.get(`/api/bookings/${pickup}/calendar.ics`);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'Ange e-postadress och bokningsnummer' });
  });
});
