// The first HTML of /admin/swish: what is set up and the prepay rule (the owner's screen: +guard
// sends staff to /admin).
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { SWISH_PATH, type SwishStatusAnswer } from '../../../features/swish/api/swish.js';

export type SwishData = AdminData & { swish: SwishStatusAnswer | null };

export async function data(pageContext: PageContextServer): Promise<SwishData> {
  const [user, swish] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<SwishStatusAnswer>(`/api${SWISH_PATH}`).catch(() => null),
  ]);
  return { user, swish };
}
