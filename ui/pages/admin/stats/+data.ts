// The first HTML of /admin/stats shows the week's figures (the four calls the page makes).
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { readPeriodStats, type PeriodStats } from '../../../features/stats/api/stats.js';

export type StatsData = AdminData & { stats: PeriodStats | null };

export async function data(pageContext: PageContextServer): Promise<StatsData> {
  const [user, stats] = await Promise.all([
    currentUser(pageContext),
    readPeriodStats('week', (path) => pageContext.apiGet(`/api${path}`)).catch(() => null),
  ]);
  return { user, stats };
}
