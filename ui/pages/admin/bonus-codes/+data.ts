// The first HTML of /admin/bonus-codes shows the codes and their summary.
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { BONUS_CODES_PATH, bonusCodeShown, type BonusCode } from '../../../features/bonus-codes/api/bonusCodes.js';

export type BonusCodesData = AdminData & { codes: BonusCode[] | null };

export async function data(pageContext: PageContextServer): Promise<BonusCodesData> {
  const [user, codes] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<BonusCode[]>(`/api${BONUS_CODES_PATH}`).then(
      (all) => all.map(bonusCodeShown),
      () => null,
    ),
  ]);
  return { user, codes };
}
