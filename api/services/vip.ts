// The VIP streams: VIP customers, and the personal or date links and invitations that let them
// book VIP days. Link hours are clamped by the domain (domain/vip/vipLinks.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { msg } from '../../domain/messages.js';
import { DomainError, notFound, reject } from '../../domain/shared/errors.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import type { VipAccess } from '../../domain/kioskDay/schedule.js';
import {
  VIP_CUSTOMERS_STREAM,
  unsubscribedAt,
  vipCustomersDecider,
  type VipCustomer,
  type VipCustomerInput,
} from '../../domain/vip/vipCustomers.js';
import {
  VIP_LINKS_STREAM,
  customerOfInvitationToken,
  vipAccessFromLink,
  vipLinksDecider,
} from '../../domain/vip/vipLinks.js';
import type { VipUnsubscribed } from '../../domain/answers/vipUnsubscribe.js';
import type { Commands } from './commands.js';

/** A VIP customer as the admin calls answer a write: `active` as 1 or 0. */
export function vipCustomerView(customer: VipCustomer) {
  return { ...customer, active: customer.active ? (1 as const) : (0 as const) };
}

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export class VipService {
  constructor(private readonly commands: Commands) {}

  private async customers() {
    return (await this.commands.load(VIP_CUSTOMERS_STREAM, vipCustomersDecider)).state.customers;
  }

  /**
   * Rule vip-unsubscribe: the customer an invitation's token names asks for no more invitations.
   * Recorded once on the VIP customers' stream, by 'customer'; honoured from that event on (the
   * next SendVipInvitations naming them is refused). A token that names no customer is refused.
   */
  async unsubscribe(token: string): Promise<VipUnsubscribed> {
    const links = await this.commands.load(VIP_LINKS_STREAM, vipLinksDecider);
    const id = customerOfInvitationToken(links.state, token);
    if (id === null) return notFound(msg.vipUnsubscribeInvalid);
    const now = this.commands.clock().now;
    const result = await this.commands.write(
      VIP_CUSTOMERS_STREAM,
      vipCustomersDecider,
      { type: 'UnsubscribeVipCustomer', id, now },
      'customer',
    );
    return {
      // A customer removed from the list since has no invitations coming: answered as done.
      unsubscribed_at: unsubscribedAt(result.state, id) ?? now.toISOString(),
      recorded: result.events.length > 0,
      message: msg.vipUnsubscribed,
    };
  }

  /** Resolves a vip token against the event streams themselves (exact, never lagging). */
  async access(token: string): Promise<{ access: VipAccess; customer: VipCustomer | null }> {
    const [links, customers] = await Promise.all([
      this.commands.load(VIP_LINKS_STREAM, vipLinksDecider),
      this.customers(),
    ]);
    const link = links.state.links.get(token);
    const result = vipAccessFromLink(
      link,
      link?.vip_customer_id != null ? customers.get(link.vip_customer_id) : null,
      this.commands.clock().now,
    );
    if ('problem' in result) reject(result.problem);
    return result as { access: VipAccess; customer: VipCustomer | null };
  }

  async addCustomer(input: VipCustomerInput, actor: string) {
    const result = await this.commands.write(
      VIP_CUSTOMERS_STREAM,
      vipCustomersDecider,
      { type: 'AddVipCustomer', input, now: this.commands.clock().now },
      actor,
    );
    return vipCustomerView(result.state.customers.get(result.events[0].data.id)!);
  }

  async updateCustomer(id: number, input: VipCustomerInput, actor: string) {
    const result = await this.commands.write(
      VIP_CUSTOMERS_STREAM,
      vipCustomersDecider,
      { type: 'UpdateVipCustomer', id, input },
      actor,
    );
    return vipCustomerView(result.state.customers.get(id)!);
  }

  async removeCustomer(id: number, actor: string) {
    await this.commands.write(VIP_CUSTOMERS_STREAM, vipCustomersDecider, { type: 'RemoveVipCustomer', id }, actor);
  }

  private url(token: string): string {
    return `${this.commands.publicUrl}/?vip=${encodeURIComponent(token)}`;
  }

  private async requireVipDay(date: string, message: string) {
    const day = await this.commands.load(kioskDayStream(date), kioskDayDecider);
    if (!day.state.vip) reject(message);
  }

  /** A link for one customer (optionally one VIP date), or with customerId null for a VIP date. */
  async issueLink(input: { customerId: number | null; vipDate: string | null; expiresHours: number }, actor: string) {
    if (input.vipDate)
      await this.requireVipDay(input.vipDate, input.customerId === null ? msg.cannotGenerateVipLink : msg.dayNotVip);
    let customer: VipCustomer | null = null;
    if (input.customerId !== null) {
      customer = (await this.customers()).get(input.customerId) ?? null;
      if (!customer) notFound(msg.vipCustomerNotFound);
    }
    const token = newToken();
    const command = {
      type: 'IssueVipLink' as const,
      token,
      customer,
      vipDate: input.vipDate,
      expiresHours: input.expiresHours,
      now: this.commands.clock().now,
    };
    const result = await this.commands.write(VIP_LINKS_STREAM, vipLinksDecider, command, actor);
    const link = result.state.links.get(token)!;
    return { url: this.url(token), expires_at: link.expires_at, token };
  }

  /** One invitation mail per customer (the mail reactor sends them), each with a personal link. */
  async sendInvitations(
    input: { customerIds: number[]; subject: string; message: string; expiresHours: number; vipDate: string | null },
    actor: string,
  ) {
    if (input.vipDate) await this.requireVipDay(input.vipDate, msg.dayNotVip);
    const { state } = await this.commands.load(VIP_CUSTOMERS_STREAM, vipCustomersDecider);
    const recipients = [...new Set(input.customerIds)].map((id) => {
      const customer = state.customers.get(id);
      if (!customer) throw new DomainError(msg.vipCustomerNotFound, 'not_found');
      // Rule vip-unsubscribe: the decider refuses one who unsubscribed.
      return { invitation_id: randomUUID(), token: newToken(), customer, unsubscribedAt: unsubscribedAt(state, id) };
    });
    const command = {
      type: 'SendVipInvitations' as const,
      recipients,
      subject: input.subject,
      message: input.message,
      vipDate: input.vipDate,
      expiresHours: input.expiresHours,
      now: this.commands.clock().now,
    };
    const result = await this.commands.write(VIP_LINKS_STREAM, vipLinksDecider, command, actor);
    const sent = result.events[0];
    if (sent.type !== 'VipInvitationsSent') throw new Error('unexpected event');
    return sent.data.recipients.map((r) => ({
      id: r.invitation_id,
      customer_id: r.vip_customer_id,
      email: r.email,
      name: r.name,
      url: this.url(r.token),
      expires_at: sent.data.expires_at,
    }));
  }
}
