// POST /vip/unsubscribe/{token}: the answer to a VIP customer who asked for no more invitations
// (rule: vip-unsubscribe).
import { z } from 'zod';
import { instant } from './common.js';

export const vipUnsubscribedSchema = z
  .strictObject({
    /** When the customer unsubscribed: now, or the first time when the link is used again. */
    unsubscribed_at: instant,
    /** True when this request recorded it; false when it was recorded before. */
    recorded: z.boolean(),
    message: z.string(),
  })
  .meta({ id: 'VipUnsubscribed' });
export type VipUnsubscribed = z.infer<typeof vipUnsubscribedSchema>;
