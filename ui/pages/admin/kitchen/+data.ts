// The first HTML of /admin/kitchen shows the board of the address's ?date= (none: today in the
// kiosk's time zone, which the server knows), trimmed to what the board shows.
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { kitchenDayView, kitchenPath, type KitchenDayView } from '../../../features/kitchen/api/kitchen.js';
import type { KitchenDay } from '../../../../domain/answers/admin.js';

export type KitchenData = AdminData & { day: KitchenDayView | null; requested: string | null };

export async function data(pageContext: PageContextServer): Promise<KitchenData> {
  const requested = pageContext.urlParsed.search.date || null;
  const [user, day] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<KitchenDay>(`/api${kitchenPath(requested)}`).then(kitchenDayView, () => null),
  ]);
  return { user, day, requested };
}
