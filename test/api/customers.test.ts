// Kunddata over HTTP: everything held about one customer, found by e-mail (GDPR article 15).
import { describe, expect, it } from 'vitest';
import { MONDAY_MORNING, bookingPayload, useTestServer } from './harness.js';

const t = useTestServer({ now: () => MONDAY_MORNING });

describe('GET /api/admin/customers/export', () => {
  it('gathers the customer’s bookings with their history, queue places, push subscriptions, VIP entries and mails, whatever the e-mail’s case', async () => {
    const admin = await t.login();
    const first = await t.post('/api/bookings', bookingPayload({ email: 'Kund@Example.se', time: '12:00' }));
    const second = await t.post(
      '/api/bookings',
      bookingPayload({ email: 'kund@example.se', time: '13:00', date: '2026-11-25' }),
    );
    const other = await t.post('/api/bookings', bookingPayload({ email: 'annan@example.se', time: '14:00' }));
    for (const r of [first, second, other]) expect(r.status).toBe(201);
    expect((await t.put(`/api/admin/bookings/${first.body.booking_id}/confirm`, {}, admin)).status).toBe(200);
    // A full 18:00 (another customer's six pizzas) and this customer in its queue.
    expect(
      (
        await t.post(
          '/api/bookings',
          bookingPayload({
            email: 'annan@example.se',
            time: '18:00',
            items: [{ pizza_id: 1, qty: 6 }],
            requested_pizzas: 6,
          }),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await t.post('/api/waitlist', {
          date: '2026-11-24',
          time: '18:00',
          name: 'Kim Kund',
          email: 'KUND@example.se',
          requested_pizzas: 2,
        })
      ).status,
    ).toBe(201);
    // A browser asking for the ready notice of the first booking, and one of the other customer's.
    const keys = { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) };
    expect(
      (
        await t.post('/api/notifications/subscribe', {
          endpoint: 'https://push.example/kund',
          keys,
          booking_id: first.body.booking_id,
          email: 'kund@example.se',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await t.post('/api/notifications/subscribe', {
          endpoint: 'https://push.example/annan',
          keys,
          booking_id: other.body.booking_id,
          email: 'annan@example.se',
        })
      ).status,
    ).toBe(201);
    const vip = await t.post(
      '/api/admin/vip-customers',
      { email: 'kund@example.se', name: 'Kim Kund', phone: '070-1', notes: 'Gillar basilika' },
      admin,
    );
    expect(vip.status).toBe(201);
    expect(
      (
        await t.post(
          '/api/admin/vip-invitations/send',
          { customer_ids: [vip.body.id], subject: 'Hej {name}', message: 'Välkommen', expires_hours: 24 },
          admin,
        )
      ).status,
    ).toBe(200);

    // Mails go out from the event log: wait until the reactor has sent the booking mails.
    let answer: { status: number; body: any; headers: Headers } | undefined;
    for (let i = 0; i < 100; i++) {
      answer = await t.get('/api/admin/customers/export?email=%20KUND@example.se', admin);
      if (answer.body.mails?.length >= 5) break;
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
    expect(body.waitlist).toMatchObject([
      { date: '2026-11-24', time: '18:00', name: 'Kim Kund', requested_pizzas: 2, status: 'waiting' },
    ]);
    expect(body.waitlist[0]).not.toHaveProperty('token');
    expect(body.push_subscriptions).toEqual([
      {
        endpoint: 'https://push.example/kund',
        subscribed_at: expect.any(String),
        booking_ids: [first.body.booking_id],
      },
    ]);
    // Received, received, confirmed, the queue's receipt and the invitation: all to this customer, none of the other's.
    expect(body.mails.map((m: any) => m.event_type).sort()).toEqual([
      'BookingConfirmed',
      'BookingPlaced',
      'BookingPlaced',
      'VipInvitationsSent',
      'WaitlistJoined',
    ]);
    expect(JSON.stringify(body)).not.toContain('annan@example.se');
  });

  it('answers an unknown customer with empty lists, refuses a malformed e-mail and needs a signed-in admin', async () => {
    const admin = await t.login();
    const none = await t.get('/api/admin/customers/export?email=ingen@example.se', admin);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({
      bookings: [],
      waitlist: [],
      push_subscriptions: [],
      vip_customers: [],
      vip_invitations: [],
      mails: [],
    });
    const bad = await t.get('/api/admin/customers/export?email=inte-en-adress', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ogiltig e-postadress');
    expect((await t.get('/api/admin/customers/export?email=kund@example.se')).status).toBe(401);
  });
});
