// The Swish page's calls (issue 49), each beside the domain schema the server checks it with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { swishPrepaySchema } from '../../../../domain/settings/swishPrepay.js';
import type { SwishConnectionAnswer, SwishStatusAnswer } from '../../../../domain/answers/swish.js';

export { swishPrepaySchema };
export type { SwishConnectionAnswer, SwishStatusAnswer };

export const SWISH_PATH = '/admin/swish';

/** GET /admin/swish: what the environment set (never the key) and the prepay rule. */
export const getSwish = () => api<SwishStatusAnswer>(SWISH_PATH);

/** PUT /admin/swish/prepay (rule: swish-prepay) */
export const savePrepay = (body: z.input<typeof swishPrepaySchema>) =>
  api<{ success: true; prepay: SwishStatusAnswer['prepay'] }>(`${SWISH_PATH}/prepay`, { method: 'PUT', body });

/** POST /admin/swish/test-connection: a real call to Swish with the client certificate. */
export const testConnection = () =>
  api<SwishConnectionAnswer>(`${SWISH_PATH}/test-connection`, { method: 'POST', body: {} });
