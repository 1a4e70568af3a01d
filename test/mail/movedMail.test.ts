// The mails of a completed move (rule: reschedule): the customer's with the new time and number,
// the staff's asking to confirm the new time. Pure templates: the same content when resent.
import { describe, expect, it } from 'vitest';
import { bookingMovedMail, movedBookingToStaffMail, orderReadyMail } from '../../api/mail/templates.js';

const booking = {
  id: '20261127-3',
  name: 'Åsa Öberg',
  email: 'asa@example.se',
  phone: null,
  booking_date: '2026-11-27',
  booking_time: '18:00',
  dine_in: false,
  items: [{ pizza_name: 'Margherita', qty: 2, price_cents: 9900 }],
  original_total_cents: 19800,
  discount_cents: 0,
  final_total_cents: 19800,
};

describe('the mails of a moved booking', () => {
  it('tell the customer the new time, the new number and that it waits for confirmation, with a link to it', () => {
    const mail = bookingMovedMail(booking, '20261126-1', 'https://kiosk.test/');
    expect(mail.to).toBe('asa@example.se');
    expect(mail.subject).toBe('Bokningen är flyttad: 20261127-3');
    expect(mail.text).toContain('Din bokning är flyttad till fredag 27 november 2026 kl. 18:00.');
    expect(mail.text).toContain('Ditt nya bokningsnummer är 20261127-3 (tidigare 20261126-1).');
    expect(mail.text).toContain('Väntar på bekräftelse');
    expect(mail.text).toContain('https://kiosk.test/my-booking?id=20261127-3&email=asa%40example.se');
  });

  it('say nothing of a new number when the date stayed the same', () => {
    expect(bookingMovedMail(booking, null, 'https://kiosk.test').text).not.toContain('nya bokningsnummer');
  });

  it('ask staff to confirm the new time', () => {
    const mail = movedBookingToStaffMail(
      booking,
      '20261126-1',
      '2026-11-26 12:00',
      'admin@kiosk.test',
      'https://kiosk.test/admin/bookings?status=pending',
    );
    expect(mail.to).toBe('admin@kiosk.test');
    expect(mail.subject).toBe('Flyttad bokning att bekräfta: 20261127-3');
    expect(mail.text).toContain(
      'En bokning har flyttats (tidigare 20261126-1) från 2026-11-26 12:00 och väntar på bekräftelse av den nya tiden.',
    );
    expect(mail.text).toContain('E-post: asa@example.se');
  });
});

describe('the ready mail (rule: ready-notice) with the seller’s address (rule: seller-details)', () => {
  const seller = {
    legal_name: 'Pizzakiosken i Malmö AB',
    org_number: '556036-0793',
    address: 'Storgatan 1, 211 34 Malmö',
    phone: '',
    email: '',
    vat_number: '',
  };

  it('says where to pick the order up: the address, not just the kiosk', () => {
    const mail = orderReadyMail(booking, seller);
    expect(mail.subject).toBe('Din beställning 20261127-3 är klar – hämta den i kiosken, Storgatan 1, 211 34 Malmö');
    expect(mail.text).toContain('Hämta den i kiosken, Storgatan 1, 211 34 Malmö och ta med den.');
    expect(mail.text).toContain('Pizzakiosken i Malmö AB\nOrg.nr 556036-0793\nStorgatan 1, 211 34 Malmö');
  });

  it('says the kiosk alone while no address is filled in', () => {
    expect(orderReadyMail(booking).text).toContain('Hämta den i kiosken och ta med den.');
  });
});
