// The VIP calls (SPEC 7), each beside the schema the server checks it with; the limits are the
// domain's own.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { vipCustomerInputSchema } from '../../../../domain/vip/vipCustomers.js';
import { VIP_INVITATION_HOURS, VIP_LINK_HOURS, clampLinkHours } from '../../../../domain/vip/vipLinks.js';
import { vipDateSchema, vipInvitationSchema, type vipLinkSchema } from '../../../../domain/payloads.js';
import type {
  VipCustomer,
  VipDate,
  VipInvitation,
  VipInvitationSent,
  VipLink,
} from '../../../../domain/answers/admin.js';

export type { VipCustomer, VipDate, VipInvitation, VipLink };
export {
  VIP_INVITATION_HOURS,
  VIP_LINK_HOURS,
  clampLinkHours,
  vipCustomerInputSchema,
  vipDateSchema,
  vipInvitationSchema,
};

/** The screen's tabs, in order (?tab= in the address). */
export const VIP_TABS = ['customers', 'dates', 'invitations'] as const;
export type VipTab = (typeof VIP_TABS)[number];

/** What the screen reads: null where reading failed. */
export interface VipLists {
  customers: VipCustomer[] | null;
  dates: VipDate[] | null;
  invitations: VipInvitation[] | null;
}

export const VIP_PATHS = {
  customers: '/admin/vip-customers',
  dates: '/admin/vip-dates',
  invitations: '/admin/vip-invitations',
} as const;

export const listCustomers = () => api<VipCustomer[]>(VIP_PATHS.customers);
export const listDates = () => api<VipDate[]>(VIP_PATHS.dates);
export const listInvitations = () => api<VipInvitation[]>(VIP_PATHS.invitations);

export type VipCustomerBody = z.input<typeof vipCustomerInputSchema>;
/** POST /admin/vip-customers (id null) or PUT /admin/vip-customers/{id}. */
export function saveCustomer(id: number | null, body: VipCustomerBody) {
  return id === null
    ? api<VipCustomer>(VIP_PATHS.customers, { body })
    : api<VipCustomer>(`${VIP_PATHS.customers}/${id}`, { method: 'PUT', body });
}
export const deleteCustomer = (id: number) => api(`${VIP_PATHS.customers}/${id}`, { method: 'DELETE', body: {} });

export const addDate = (body: z.input<typeof vipDateSchema>) => api(VIP_PATHS.dates, { body });
export const deleteDate = (date: string) =>
  api(`${VIP_PATHS.dates}/${encodeURIComponent(date)}`, { method: 'DELETE', body: {} });

export const createCustomerLink = (body: z.input<typeof vipLinkSchema>) =>
  api<VipLink>('/admin/vip-links/generate', { body });

export const sendInvitations = (body: z.output<typeof vipInvitationSchema>) =>
  api<VipInvitationSent>('/admin/vip-invitations/send', { body });
