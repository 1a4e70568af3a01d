// /admin/counter's first HTML: the signed-in user and the address's ?date= (none: today).
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';

export type CounterData = AdminData & { requested: string | null };

export async function data(pageContext: PageContextServer): Promise<CounterData> {
  return { user: await currentUser(pageContext), requested: pageContext.urlParsed.search.date || null };
}
