// Every admin page's first HTML carries the signed-in user (for the frame); the dashboard also
// its figures. Pages with data of their own add it in their +data (one +data per page).
import type { PageContextServer } from 'vike/types';
import type { StatsOverview } from '../../features/dashboard/api/dashboard.js';
import { roleMay } from '../../../domain/admins/roles.js';
import { currentUser } from './currentUser.js';

export type AdminData = { user: Awaited<ReturnType<typeof currentUser>>; overview?: StatsOverview | null };

export async function data(pageContext: PageContextServer): Promise<AdminData> {
  const user = await currentUser(pageContext);
  // The dashboard (/admin) shows the overview; the sign-in page and pages without data of their own only the user.
  if (!user || pageContext.urlPathname !== '/admin') return { user };
  // Staff see no figures (statistics are the owner's: rule admin-roles).
  if (!roleMay(user.role, 'stats')) return { user, overview: null };
  const overview = await pageContext.apiGet<StatsOverview>('/api/admin/stats/overview').catch(() => null);
  return { user, overview };
}
