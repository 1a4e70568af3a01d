// VIP links and invitations: one stream ('vip-links'). A link carries a random token (made by the
// api, passed in with the command) that grants VipAccess until it expires.
import { msg } from '../messages.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { reject } from '../shared/errors.js';
import type { VipAccess } from '../kioskDay/schedule.js';
import type { VipCustomer } from './vipCustomers.js';

export const VIP_LINKS_STREAM = 'vip-links';

/** SPEC 9: single links 1-240 h (default 72), invitations 1-168 h, calendar links 168 h. */
export const VIP_LINK_HOURS = { min: 1, max: 240, default: 72 } as const;
export const VIP_INVITATION_HOURS = { min: 1, max: 168, default: 72 } as const;
export const VIP_CALENDAR_LINK_HOURS = 168;

export const clampLinkHours = (hours: number | undefined | null) =>
  Math.min(
    VIP_LINK_HOURS.max,
    Math.max(VIP_LINK_HOURS.min, Math.round(hours ?? VIP_LINK_HOURS.default) || VIP_LINK_HOURS.default),
  );

export interface VipLink {
  token: string;
  vip_customer_id: number | null;
  vip_date: string | null;
  expires_at: string;
  created_at: string;
}

export interface InvitationRecipient {
  invitation_id: string;
  vip_customer_id: number;
  email: string;
  name: string;
  token: string;
}

export type VipLinkEvent =
  | DomainEvent<'VipLinkIssued', VipLink>
  | DomainEvent<
      'VipInvitationsSent',
      {
        subject: string;
        message: string;
        vip_date: string | null;
        expires_at: string;
        sent_at: string;
        recipients: InvitationRecipient[];
      }
    >;

/** The VIP links' events: their decoding point (domain/shared/events.ts). */
export const vipLinkEvents = eventsOf<VipLinkEvent>({
  VipLinkIssued: true,
  VipInvitationsSent: true,
});

export type VipLinkCommand =
  | {
      type: 'IssueVipLink';
      token: string;
      customer: VipCustomer | null;
      vipDate: string | null;
      expiresHours: number;
      now: Date;
    }
  | {
      type: 'SendVipInvitations';
      /** Each with when the customer unsubscribed from invitations, if they did (rule: vip-unsubscribe). */
      recipients: Array<{
        invitation_id: string;
        token: string;
        customer: VipCustomer;
        unsubscribedAt?: string | null;
      }>;
      subject: string;
      message: string;
      vipDate: string | null;
      expiresHours: number;
      now: Date;
    };

export interface VipLinksState {
  links: Map<string, VipLink>;
}

const expiry = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

export const vipLinksDecider: Decider<VipLinkCommand, VipLinkEvent, VipLinksState> = {
  initialState: () => ({ links: new Map() }),
  evolve(state, event) {
    switch (event.type) {
      case 'VipLinkIssued':
        state.links.set(event.data.token, event.data);
        return state;
      case 'VipInvitationsSent':
        for (const r of event.data.recipients) {
          state.links.set(r.token, {
            token: r.token,
            vip_customer_id: r.vip_customer_id,
            vip_date: event.data.vip_date,
            expires_at: event.data.expires_at,
            created_at: event.data.sent_at,
          });
        }
        return state;
      default:
        return assertNever(event);
    }
  },
  decide(command) {
    switch (command.type) {
      case 'IssueVipLink':
        if (command.customer && !command.customer.active) reject(msg.vipCustomerInactive);
        return [
          {
            type: 'VipLinkIssued',
            data: {
              token: command.token,
              vip_customer_id: command.customer?.id ?? null,
              vip_date: command.vipDate,
              expires_at: expiry(command.now, command.expiresHours),
              created_at: command.now.toISOString(),
            },
          },
        ];
      case 'SendVipInvitations': {
        if (command.recipients.length === 0) reject(msg.invitationCustomersRequired);
        if (!command.subject.trim()) reject(msg.invitationSubjectRequired);
        if (!command.message.trim()) reject(msg.invitationMessageRequired);
        const hours = command.expiresHours;
        if (!Number.isInteger(hours) || hours < VIP_INVITATION_HOURS.min || hours > VIP_INVITATION_HOURS.max)
          reject(msg.invitationHours);
        if (command.recipients.some((r) => !r.customer.active)) reject(msg.vipCustomerInactive);
        // Rule vip-unsubscribe: an invitation is direct marketing; one who said no gets none.
        const unsubscribed = command.recipients.find((r) => r.unsubscribedAt);
        if (unsubscribed) reject(msg.vipCustomerUnsubscribed(unsubscribed.customer.name));
        return [
          {
            type: 'VipInvitationsSent',
            data: {
              subject: command.subject.trim(),
              message: command.message,
              vip_date: command.vipDate,
              expires_at: expiry(command.now, hours),
              sent_at: command.now.toISOString(),
              recipients: command.recipients.map((r) => ({
                invitation_id: r.invitation_id,
                vip_customer_id: r.customer.id,
                email: r.customer.email,
                name: r.customer.name,
                token: r.token,
              })),
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

/** The access a link grants now, or the reason it grants none. Used by commands and queries alike. */
export function vipAccessFromLink(
  link: Pick<VipLink, 'vip_customer_id' | 'vip_date' | 'expires_at'> | null | undefined,
  customer: VipCustomer | null | undefined,
  now: Date,
): { access: VipAccess; customer: VipCustomer | null } | { problem: string } {
  if (!link) return { problem: msg.invalidVipToken };
  if (Date.parse(link.expires_at) <= now.getTime()) return { problem: msg.vipTokenExpired };
  if (link.vip_customer_id === null) {
    return { access: { customerId: null, customerName: VIP_GUEST_NAME, date: link.vip_date }, customer: null };
  }
  if (!customer || !customer.active) return { problem: msg.invalidVipToken };
  return { access: { customerId: customer.id, customerName: customer.name, date: link.vip_date }, customer };
}

/** The name a link made for a VIP date, not for one customer, greets with. */
export const VIP_GUEST_NAME = 'VIP-gäst';

/**
 * The VIP customer an invitation's token names (rule: vip-unsubscribe): the invitation's own
 * random token is the recipient's opaque identifier in the unsubscribe link (RFC 8058 asks for
 * one), so the link keeps working after the VIP link itself has expired. Null for a token that is
 * no invitation's or names no customer (a date link).
 */
export function customerOfInvitationToken(state: VipLinksState, token: string): number | null {
  return state.links.get(token)?.vip_customer_id ?? null;
}
