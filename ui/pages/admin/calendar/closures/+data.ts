// The first HTML of /admin/calendar/closures shows the closures in effect.
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../../currentUser.js';
import type { AdminData } from '../../+data.js';
import { CLOSURES_PATH, type Closure } from '../../../../features/closures/api/closures.js';
import type { ClosureList } from '../../../../../domain/answers/admin.js';

export type ClosuresData = AdminData & { closures: Closure[] | null };

export async function data(pageContext: PageContextServer): Promise<ClosuresData> {
  const [user, closures] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<ClosureList>(`/api${CLOSURES_PATH}`).then(
      (list) => list.closures,
      () => null,
    ),
  ]);
  return { user, closures };
}
