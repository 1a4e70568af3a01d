// Rule vip-unsubscribe (issue 45): a VIP invitation is direct marketing, so every invitation mail
// carries a link that stops further invitations (GDPR art. 21.2-3; marknadsföringslagen 2008:486
// 19 §). Read from a real invitation mail through the tests' SMTP server: the link opens a page,
// one POST records VipCustomerUnsubscribed on the VIP customers' stream (once; asked again it
// answers the first time), the VIP screen's list shows it, and no further invitation reaches the
// customer: staff's send is refused with a Swedish 400, also after editing the entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../../domain/messages.js';
import { VIP_CUSTOMERS_STREAM } from '../../domain/vip/vipCustomers.js';
import { startSmtpServer } from '../mail/smtp.js';
import { MONDAY_MORNING, startTestServer, type TestServer } from './harness.js';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestServer({ now: () => MONDAY_MORNING, config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const invite = (admin: string, ids: number[]) =>
  t.post(
    '/api/admin/vip-invitations/send',
    { customer_ids: ids, subject: 'Julpizza för stamkunder', message: 'Hej {name}!', expires_hours: 24 },
    admin,
  );

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

describe('the unsubscribe link in a VIP invitation', () => {
  it('works from the mail, once, is recorded on the VIP stream, shows on the VIP screen, and no more invitations go out', async () => {
    const admin = await t.login();
    const sara = await t.post('/api/admin/vip-customers', { email: 'sara@example.se', name: 'Sara Stamkund' }, admin);
    const olle = await t.post('/api/admin/vip-customers', { email: 'olle@example.se', name: 'Olle Ordinarie' }, admin);
    expect(sara.status).toBe(201);
    expect((await invite(admin, [sara.body.id])).status).toBe(200);
    await expect.poll(() => mailsTo('sara@example.se').length, { timeout: 10_000 }).toBe(1);

    // The link as the mail holds it: the kiosk's public address, the page, the invitation's token.
    const mail = mailsTo('sara@example.se')[0].text;
    expect(mail).toContain('Vill du inte få fler VIP-inbjudningar? Avregistrera dig med ett klick:');
    const link = /http:\/\/kiosk\.test(\/vip\/avregistrera\/([A-Za-z0-9_-]+))/.exec(mail);
    expect(link).not.toBeNull();
    const [, path, token] = link!;

    // The page opens (GET changes nothing: a mail scanner following it unsubscribes no one).
    const page = await fetch(t.base + path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Avregistrera mig');
    expect((await t.get('/api/admin/vip-customers', admin)).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: sara.body.id, unsubscribed_at: null })]),
    );

    // One press: recorded once, by the customer; again: the same answer, nothing more recorded.
    const first = await t.post(`/api/vip/unsubscribe/${token}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ recorded: true, message: msg.vipUnsubscribed });
    const again = await t.post(`/api/vip/unsubscribe/${token}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, recorded: false });
    const events = (await t.server.events.readStream(VIP_CUSTOMERS_STREAM)).filter(
      (e) => e.type === 'VipCustomerUnsubscribed',
    );
    expect(events.map((e) => [e.data, e.metadata.actor])).toEqual([
      [{ id: sara.body.id, unsubscribed_at: first.body.unsubscribed_at }, 'customer'],
    ]);

    // The VIP screen's list shows it.
    expect((await t.get('/api/admin/vip-customers', admin)).body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: sara.body.id, unsubscribed_at: first.body.unsubscribed_at }),
        expect.objectContaining({ id: olle.body.id, unsubscribed_at: null }),
      ]),
    );

    // Honoured at once: an invitation naming her is refused and writes nothing, alone or with another.
    for (const ids of [[sara.body.id], [olle.body.id, sara.body.id]]) {
      const refused = await invite(admin, ids);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(msg.vipCustomerUnsubscribed('Sara Stamkund'));
    }
    // Staff editing her entry does not take it back.
    const edited = await t.put(
      `/api/admin/vip-customers/${sara.body.id}`,
      { email: 'sara@example.se', name: 'Sara Stamkund', notes: 'Gillar vesuvio' },
      admin,
    );
    expect(edited.status).toBe(200);
    expect((await invite(admin, [sara.body.id])).status).toBe(400);
    // Another customer is still invited; she gets nothing more.
    expect((await invite(admin, [olle.body.id])).status).toBe(200);
    await expect.poll(() => mailsTo('olle@example.se').length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo('sara@example.se')).toHaveLength(1);
  });

  it('refuses a token that is no invitation with a Swedish 404, and records nothing', async () => {
    const before = (await t.server.events.readStream(VIP_CUSTOMERS_STREAM)).length;
    const refused = await t.post('/api/vip/unsubscribe/inte-en-riktig-token');
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(msg.vipUnsubscribeInvalid);
    expect(await t.server.events.readStream(VIP_CUSTOMERS_STREAM)).toHaveLength(before);
  });
});
