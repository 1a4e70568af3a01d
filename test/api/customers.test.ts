// Kunddata over HTTP: everything held about one customer, found by e-mail (GDPR article 15).
import { describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });

describe('GET /api/admin/customers/export', () => {
  it('gathers the customer’s bookings with their history, VIP entries and mails, whatever the e-mail’s case', async () => {
    const admin = await t.login();
    const first = await t.post('/api/bookings', bookingPayload({ email: 'Kund@Example.se', time: '12:00' }));
    const second = await t.post('/api/bookings', bookingPayload({ email: 'kund@example.se', time: '13:00', date: '2026-11-25' }));
    const other = await t.post('/api/bookings', bookingPayload({ email: 'annan@example.se', time: '14:00' }));
    for (const r of [first, second, other]) expect(r.status).toBe(201);
    expect((await t.put(`/api/admin/bookings/${first.body.booking_id}/confirm`, {}, admin)).status).toBe(200);
    const vip = await t.post('/api/admin/vip-customers', { email: 'kund@example.se', name: 'Kim Kund', phone: '070-1', notes: 'Gillar basilika' }, admin);
    expect(vip.status).toBe(201);
    expect((await t.post('/api/admin/vip-invitations/send', { customer_ids: [vip.body.id], subject: 'Hej {name}', message: 'Välkommen', expires_hours: 24 }, admin)).status).toBe(200);

    // Mails go out from the event log: wait until the reactor has sent the booking mails.
    let answer: { status: number; body: any; headers: Headers } | undefined;
    for (let i = 0; i < 100; i++) {
      answer = await t.get('/api/admin/customers/export?email=%20KUND@example.se', admin);
      if (answer.body.mails?.length >= 4) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const body = answer!.body;
    expect(answer!.status).toBe(200);
    expect(answer!.headers.get('cache-control')).toBe('no-store');
    expect(body.email).toBe('KUND@example.se');
    expect(body.bookings.map((b: any) => b.booking.id)).toEqual([first.body.booking_id, second.body.booking_id]);
    expect(body.bookings[0].history.map((h: any) => h.type)).toEqual(['BookingPlaced', 'BookingConfirmed']);
    expect(body.bookings[0].booking.phone).toBe('070-123 45 67');
    expect(body.vip_customers).toMatchObject([{ name: 'Kim Kund', notes: 'Gillar basilika' }]);
    expect(body.vip_invitations).toMatchObject([{ subject: 'Hej {name}' }]);
    expect(body.vip_invitations[0]).not.toHaveProperty('token');
    // Received, received, confirmed and the invitation: all to this customer, none of the other's.
    expect(body.mails.map((m: any) => m.event_type).sort()).toEqual(['BookingConfirmed', 'BookingPlaced', 'BookingPlaced', 'VipInvitationsSent']);
    expect(JSON.stringify(body)).not.toContain('annan@example.se');
  });

  it('answers an unknown customer with empty lists, refuses a malformed e-mail and needs a signed-in admin', async () => {
    const admin = await t.login();
    const none = await t.get('/api/admin/customers/export?email=ingen@example.se', admin);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ bookings: [], vip_customers: [], vip_invitations: [], mails: [] });
    const bad = await t.get('/api/admin/customers/export?email=inte-en-adress', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ogiltig e-postadress');
    expect((await t.get('/api/admin/customers/export?email=kund@example.se')).status).toBe(401);
  });
});
