// VIP customers ('vip-customers'), VIP links and invitations ('vip-links') and what a token grants.
import { describe, expect, it } from 'vitest';
import {
  VIP_CUSTOMERS_STREAM,
  vipCustomerInputSchema,
  vipCustomersDecider,
  type VipCustomer,
  type VipCustomerEvent,
  type VipCustomerInput,
  unsubscribedAt,
} from '../../domain/vip/vipCustomers.js';
import {
  VIP_CALENDAR_LINK_HOURS,
  VIP_GUEST_NAME,
  VIP_INVITATION_HOURS,
  VIP_LINKS_STREAM,
  VIP_LINK_HOURS,
  clampLinkHours,
  customerOfInvitationToken,
  vipAccessFromLink,
  vipLinksDecider,
  type VipLinkCommand,
} from '../../domain/vip/vipLinks.js';

type SendInvitations = Extract<VipLinkCommand, { type: 'SendVipInvitations' }>;
import { given } from './givenWhenThen.js';
import { msg } from '../../domain/messages.js';
import { clock, clockAt } from './fixtures.js';

const NOW = clock.now;
const firstError = (value: unknown) => vipCustomerInputSchema.safeParse(value).error?.issues[0]?.message;
const anna: VipCustomerInput = {
  email: 'anna@example.se',
  name: 'Anna Andersson',
  phone: null,
  notes: null,
  active: true,
};
const customer = (id: number, changes: Partial<VipCustomer> = {}): VipCustomer => ({
  id,
  ...anna,
  email: `kund${id}@example.se`,
  name: `Kund ${id}`,
  created_at: '2026-11-01T10:00:00.000Z',
  ...changes,
});
const addedCustomer = (c: VipCustomer): VipCustomerEvent => ({ type: 'VipCustomerAdded', data: c });

describe('the VIP customer form (SPEC 5: e-mail and name required)', () => {
  it('lower-cases and trims the e-mail, blanks become null, active defaults to true', () => {
    expect(
      vipCustomerInputSchema.parse({ email: ' Anna@Example.SE ', name: ' Anna ', phone: '', notes: '  ' }),
    ).toEqual({
      email: 'anna@example.se',
      name: 'Anna',
      phone: null,
      notes: null,
      active: true,
    });
  });

  it("refuses a missing e-mail or name: 'E-post och namn krävs'", () => {
    expect(firstError({ name: 'Anna' })).toBe('E-post och namn krävs');
    expect(firstError({ email: '', name: 'Anna' })).toBe('E-post och namn krävs');
    expect(firstError({ email: 'anna@example.se', name: ' ' })).toBe('E-post och namn krävs');
  });

  it("refuses an invalid e-mail: 'Ogiltig e-postadress'", () => {
    expect(firstError({ email: 'anna', name: 'Anna' })).toBe('Ogiltig e-postadress');
  });
});

describe(`the VIP customers stream ('${VIP_CUSTOMERS_STREAM}')`, () => {
  it('an empty stream adds a customer with id 1 and the time it was added', () => {
    given(vipCustomersDecider)
      .when({ type: 'AddVipCustomer', input: anna, now: NOW })
      .then([{ type: 'VipCustomerAdded', data: { id: 1, ...anna, created_at: '2026-11-23T09:00:00.000Z' } }]);
  });

  describe('a stream with customers 1 and 2', () => {
    const two = () => given(vipCustomersDecider, [addedCustomer(customer(1)), addedCustomer(customer(2))]);

    it("refuses a second customer with the same e-mail: 'Det finns redan en VIP-kund med denna e-postadress'", () => {
      two()
        .when({ type: 'AddVipCustomer', input: { ...anna, email: 'kund1@example.se' }, now: NOW })
        .thenThrows('Det finns redan en VIP-kund med denna e-postadress');
    });

    it("refuses to give a customer another customer's e-mail", () => {
      two()
        .when({ type: 'UpdateVipCustomer', id: 2, input: { ...anna, email: 'kund1@example.se' } })
        .thenThrows('Det finns redan en VIP-kund med denna e-postadress');
    });

    it('updates a customer keeping their own e-mail (created_at stays)', () => {
      const input = { ...anna, email: 'kund2@example.se', name: 'Nytt Namn', active: false };
      two()
        .when({ type: 'UpdateVipCustomer', id: 2, input })
        .then([{ type: 'VipCustomerUpdated', data: { id: 2, ...input } }]);
      expect(two().when({ type: 'UpdateVipCustomer', id: 2, input }).thenState().customers.get(2)).toEqual({
        id: 2,
        ...input,
        created_at: '2026-11-01T10:00:00.000Z',
      });
    });

    it('removes a customer; ids are not reused', () => {
      two()
        .when({ type: 'RemoveVipCustomer', id: 2 })
        .then([{ type: 'VipCustomerRemoved', data: { id: 2 } }]);
      given(vipCustomersDecider, [
        addedCustomer(customer(1)),
        addedCustomer(customer(2)),
        { type: 'VipCustomerRemoved', data: { id: 2 } },
      ])
        .when({ type: 'AddVipCustomer', input: anna, now: NOW })
        .thenMatches([{ type: 'VipCustomerAdded', data: { id: 3 } }]);
    });

    it("refuses to update or remove an unknown customer: 'VIP-kunden finns inte' (not found)", () => {
      two().when({ type: 'UpdateVipCustomer', id: 9, input: anna }).thenThrows('VIP-kunden finns inte', 'not_found');
      two().when({ type: 'RemoveVipCustomer', id: 9 }).thenThrows('VIP-kunden finns inte', 'not_found');
    });
  });
});

describe('link validity hours (rule: vip-links)', () => {
  it('are SPEC 9: links 1-240 h default 72, invitations 1-168 h, calendar links 168 h', () => {
    expect(VIP_LINK_HOURS).toEqual({ min: 1, max: 240, default: 72 });
    expect(VIP_INVITATION_HOURS).toMatchObject({ min: 1, max: 168 });
    expect(VIP_CALENDAR_LINK_HOURS).toBe(168);
  });

  it('clampLinkHours clamps to 1-240, rounds, and takes a missing or 0 value as the default 72', () => {
    expect(clampLinkHours(undefined)).toBe(72);
    expect(clampLinkHours(null)).toBe(72);
    expect(clampLinkHours(0)).toBe(72);
    expect(clampLinkHours(Number.NaN)).toBe(72);
    expect(clampLinkHours(-5)).toBe(1);
    expect(clampLinkHours(1)).toBe(1);
    expect(clampLinkHours(240)).toBe(240);
    expect(clampLinkHours(241)).toBe(240);
    expect(clampLinkHours(12.4)).toBe(12);
  });
});

describe(`the VIP links stream ('${VIP_LINKS_STREAM}')`, () => {
  const active = customer(1, { name: 'Anna Andersson' });
  const inactive = customer(2, { active: false });

  it('issues a link for a customer and a date, expiring the given hours after now', () => {
    given(vipLinksDecider)
      .when({
        type: 'IssueVipLink',
        token: 'tok-1',
        customer: active,
        vipDate: '2026-12-05',
        expiresHours: 72,
        now: NOW,
      })
      .then([
        {
          type: 'VipLinkIssued',
          data: {
            token: 'tok-1',
            vip_customer_id: 1,
            vip_date: '2026-12-05',
            expires_at: '2026-11-26T09:00:00.000Z',
            created_at: '2026-11-23T09:00:00.000Z',
          },
        },
      ]);
  });

  it('issues a link for anyone to one VIP date (no customer), as the calendar does', () => {
    given(vipLinksDecider)
      .when({
        type: 'IssueVipLink',
        token: 'tok-2',
        customer: null,
        vipDate: '2026-12-05',
        expiresHours: VIP_CALENDAR_LINK_HOURS,
        now: NOW,
      })
      .thenMatches([
        {
          type: 'VipLinkIssued',
          data: { vip_customer_id: null, vip_date: '2026-12-05', expires_at: '2026-11-30T09:00:00.000Z' },
        },
      ]);
  });

  it("refuses a link for an inactive customer: 'VIP-kunden är inaktiv'", () => {
    given(vipLinksDecider)
      .when({ type: 'IssueVipLink', token: 't', customer: inactive, vipDate: null, expiresHours: 72, now: NOW })
      .thenThrows('VIP-kunden är inaktiv');
  });

  describe('invitations', () => {
    const send = (changes: Partial<SendInvitations> = {}): SendInvitations => ({
      type: 'SendVipInvitations',
      recipients: [{ invitation_id: 'inv-1', token: 'tok-a', customer: active }],
      subject: ' Välkommen ',
      message: 'Hej {name}!',
      vipDate: null,
      expiresHours: 168,
      now: NOW,
      ...changes,
    });

    it('sends one link per customer, all expiring together; the {name} placeholder is kept for the mail', () => {
      given(vipLinksDecider)
        .when(send())
        .then([
          {
            type: 'VipInvitationsSent',
            data: {
              subject: 'Välkommen',
              message: 'Hej {name}!',
              vip_date: null,
              expires_at: '2026-11-30T09:00:00.000Z',
              sent_at: '2026-11-23T09:00:00.000Z',
              recipients: [
                {
                  invitation_id: 'inv-1',
                  vip_customer_id: 1,
                  email: 'kund1@example.se',
                  name: 'Anna Andersson',
                  token: 'tok-a',
                },
              ],
            },
          },
        ]);
    });

    it('makes every recipient token a link', () => {
      const state = given(vipLinksDecider)
        .when(send({ vipDate: '2026-12-05' }))
        .thenState();
      expect(state.links.get('tok-a')).toEqual({
        token: 'tok-a',
        vip_customer_id: 1,
        vip_date: '2026-12-05',
        expires_at: '2026-11-30T09:00:00.000Z',
        created_at: '2026-11-23T09:00:00.000Z',
      });
    });

    it("refuses no customers: 'Välj minst en kund'", () => {
      given(vipLinksDecider)
        .when(send({ recipients: [] }))
        .thenThrows('Välj minst en kund');
    });

    it("refuses a blank subject or message: 'Ämne krävs', 'Meddelande krävs'", () => {
      given(vipLinksDecider)
        .when(send({ subject: '  ' }))
        .thenThrows('Ämne krävs');
      given(vipLinksDecider)
        .when(send({ message: '' }))
        .thenThrows('Meddelande krävs');
    });

    it("refuses validity outside 1-168 whole hours: 'Giltighetstiden måste vara mellan 1 och 168 timmar'", () => {
      for (const hours of [0, 169, 1.5]) {
        given(vipLinksDecider)
          .when(send({ expiresHours: hours }))
          .thenThrows('Giltighetstiden måste vara mellan 1 och 168 timmar');
      }
      given(vipLinksDecider)
        .when(send({ expiresHours: 1 }))
        .thenMatches([{ type: 'VipInvitationsSent' }]);
    });

    it("refuses an inactive recipient: 'VIP-kunden är inaktiv'", () => {
      given(vipLinksDecider)
        .when(
          send({
            recipients: [
              { invitation_id: 'i', token: 't', customer: active },
              { invitation_id: 'j', token: 'u', customer: inactive },
            ],
          }),
        )
        .thenThrows('VIP-kunden är inaktiv');
    });
  });
});

describe('what a token grants: vipAccessFromLink (rule: vip-links)', () => {
  const link = (
    changes: Partial<{ vip_customer_id: number | null; vip_date: string | null; expires_at: string }> = {},
  ) => ({
    vip_customer_id: 1,
    vip_date: null,
    expires_at: '2026-11-26T09:00:00.000Z',
    ...changes,
  });
  const anna1 = customer(1, { name: 'Anna Andersson' });

  it("an unknown token grants nothing: 'Ogiltig VIP-token'", () => {
    expect(vipAccessFromLink(undefined, null, NOW)).toEqual({ problem: 'Ogiltig VIP-token' });
  });

  it("an expired link grants nothing from its expiry instant on: 'VIP-länken har gått ut'", () => {
    expect(vipAccessFromLink(link({ expires_at: '2026-11-23T09:00:00.000Z' }), anna1, NOW)).toEqual({
      problem: 'VIP-länken har gått ut',
    });
    expect(
      vipAccessFromLink(link({ expires_at: '2026-11-23T09:00:00.000Z' }), anna1, clockAt('2026-11-23T08:59:59Z').now),
    ).toMatchObject({
      access: { customerId: 1 },
    });
  });

  it("a customer's link grants access in their name, to every VIP date or to its one date", () => {
    expect(vipAccessFromLink(link(), anna1, NOW)).toEqual({
      access: { customerId: 1, customerName: 'Anna Andersson', date: null },
      customer: anna1,
    });
    expect(vipAccessFromLink(link({ vip_date: '2026-12-05' }), anna1, NOW)).toMatchObject({
      access: { date: '2026-12-05' },
    });
  });

  it(`a link for anyone greets as '${VIP_GUEST_NAME}'`, () => {
    expect(vipAccessFromLink(link({ vip_customer_id: null, vip_date: '2026-12-05' }), null, NOW)).toEqual({
      access: { customerId: null, customerName: 'VIP-gäst', date: '2026-12-05' },
      customer: null,
    });
  });

  it('the link of a removed or deactivated customer grants nothing', () => {
    expect(vipAccessFromLink(link(), undefined, NOW)).toEqual({ problem: 'Ogiltig VIP-token' });
    expect(vipAccessFromLink(link(), { ...anna1, active: false }, NOW)).toEqual({ problem: 'Ogiltig VIP-token' });
  });
});

// Rule vip-unsubscribe (issue 45): a VIP invitation is direct marketing; the customer stops it
// through the link in any invitation (GDPR art. 21.2-3, https://eur-lex.europa.eu/eli/reg/2016/679/oj;
// marknadsföringslagen 2008:486 19 §), recorded on the VIP customers' stream and honoured at once.
describe('unsubscribing from VIP invitations (rule: vip-unsubscribe)', () => {
  const added: VipCustomerEvent = { type: 'VipCustomerAdded', data: customer(1) };
  const unsubscribed: VipCustomerEvent = {
    type: 'VipCustomerUnsubscribed',
    data: { id: 1, unsubscribed_at: '2026-11-23T08:00:00.000Z' },
  };

  it('given a VIP customer, when they unsubscribe, then it is recorded with when', () => {
    given(vipCustomersDecider, [added])
      .when({ type: 'UnsubscribeVipCustomer', id: 1, now: NOW })
      .then([{ type: 'VipCustomerUnsubscribed', data: { id: 1, unsubscribed_at: NOW.toISOString() } }]);
  });

  it('given one who already unsubscribed, when the link is used again, then nothing more is recorded', () => {
    given(vipCustomersDecider, [added, unsubscribed])
      .when({ type: 'UnsubscribeVipCustomer', id: 1, now: NOW })
      .then([]);
  });

  it('given a customer removed from the list, when their old link is used, then nothing is recorded', () => {
    given(vipCustomersDecider, [added, { type: 'VipCustomerRemoved', data: { id: 1 } }])
      .when({ type: 'UnsubscribeVipCustomer', id: 1, now: NOW })
      .then([]);
  });

  it('given staff edit the entry afterwards, then the unsubscription stands', () => {
    const state = given(vipCustomersDecider, [
      added,
      unsubscribed,
      { type: 'VipCustomerUpdated', data: { id: 1, ...anna, email: 'kund1@example.se', notes: 'Ny' } },
    ]).state();
    expect(unsubscribedAt(state, 1)).toBe('2026-11-23T08:00:00.000Z');
  });

  it('given one who unsubscribed, when staff send invitations naming them, then it is refused by name', () => {
    given(vipLinksDecider)
      .when({
        type: 'SendVipInvitations',
        recipients: [
          { invitation_id: 'inv-1', token: 'tok-a', customer: customer(2), unsubscribedAt: null },
          { invitation_id: 'inv-2', token: 'tok-b', customer: customer(1), unsubscribedAt: '2026-11-23T08:00:00.000Z' },
        ],
        subject: 'Välkommen',
        message: 'Hej {name}!',
        vipDate: null,
        expiresHours: 24,
        now: NOW,
      })
      .thenThrows(msg.vipCustomerUnsubscribed('Kund 1'));
  });

  it("finds the customer an invitation's token names, also after the link expired; none for a date link or an unknown token", () => {
    const state = given(vipLinksDecider, [
      {
        type: 'VipInvitationsSent',
        data: {
          subject: 's',
          message: 'm',
          vip_date: null,
          expires_at: '2026-11-01T00:00:00.000Z',
          sent_at: '2026-10-31T00:00:00.000Z',
          recipients: [{ invitation_id: 'i', vip_customer_id: 7, email: 'a@example.se', name: 'A', token: 'tok-7' }],
        },
      },
      {
        type: 'VipLinkIssued',
        data: {
          token: 'tok-date',
          vip_customer_id: null,
          vip_date: '2026-12-24',
          expires_at: '2026-12-01T00:00:00.000Z',
          created_at: '2026-11-01T00:00:00.000Z',
        },
      },
    ]).state();
    expect(customerOfInvitationToken(state, 'tok-7')).toBe(7);
    expect(customerOfInvitationToken(state, 'tok-date')).toBeNull();
    expect(customerOfInvitationToken(state, 'nope')).toBeNull();
  });
});
