// POST /vip/unsubscribe/{token} (rule: vip-unsubscribe): no more VIP invitations to the customer
// the invitation's token names. Once; asked again it answers the first time's moment.
import { api } from '../../../lib/api.js';
import type { VipUnsubscribed } from '../../../../domain/answers/index.js';

export type { VipUnsubscribed };

export const unsubscribeFromInvitations = (token: string) =>
  api<VipUnsubscribed>(`/vip/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' });
