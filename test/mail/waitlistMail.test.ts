// The waitlist's mails (rule: waitlist): the receipt on joining and the offer with the personal
// link and the hold's end in the kiosk's time zone. Sent once per event: test/api/waitlist.test.ts.
import { describe, expect, it } from 'vitest';
import { waitlistJoinedMail, waitlistOfferMail } from '../../api/mail/templates.js';

const entry = { name: 'Karin <Kö>', email: 'karin@example.se', date: '2026-11-25', time: '12:00', requested_pizzas: 2 };

describe('the waitlist offer mail', () => {
  const mail = waitlistOfferMail(entry, {
    url: 'http://kiosk.test/waitlist/abc_DEF-1',
    pizzas: 2,
    holdExpiresAt: '2026-11-23T08:30:00.000Z',
    timeZone: 'Europe/Stockholm',
  });

  it("says 'Det finns plats för dig {date} kl {time}' to the entry's address", () => {
    expect(mail.to).toBe('karin@example.se');
    expect(mail.subject).toBe('Det finns plats för dig onsdag 25 november 2026 kl 12:00');
  });

  it('carries the personal link and the hold’s end on the kiosk’s clock', () => {
    expect(mail.text).toContain('Välj pizzor och boka här: http://kiosk.test/waitlist/abc_DEF-1');
    expect(mail.text).toContain('Platsen hålls åt dig till kl 09:30.');
    expect(mail.text).toContain('2 pizzor');
    expect(mail.html).toContain('<a href="http://kiosk.test/waitlist/abc_DEF-1">');
    expect(mail.html).toContain('Karin &lt;Kö&gt;');
  });
});

describe('the waitlist receipt', () => {
  it('names the time and the count, and links to the page where the customer may leave the queue', () => {
    const mail = waitlistJoinedMail({ ...entry, requested_pizzas: 1 }, 'http://kiosk.test/waitlist/xyz');
    expect(mail.subject).toBe('Du står i kö för onsdag 25 november 2026 kl 12:00');
    expect(mail.text).toContain('Du står i kö för 1 pizza onsdag 25 november 2026 kl 12:00.');
    expect(mail.text).toContain('http://kiosk.test/waitlist/xyz');
  });
});
