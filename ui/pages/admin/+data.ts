// Every admin page's first HTML carries the signed-in user (for the frame); the dashboard also
// its figures. Pages with data of their own add it in their +data (one +data per page).
import type { PageContextServer } from 'vike/types';
import type { StatsOverview } from '../../features/dashboard/api/dashboard.js';
import { SETTINGS_PATH, type Settings } from '../../features/settings/api/settings.js';
import { missingRequiredSellerFields, type RequiredSellerField } from '../../../domain/settings/seller.js';
import { roleMay } from '../../../domain/admins/roles.js';
import { currentUser } from './currentUser.js';
import type { GoLiveAnswer } from '../../../domain/answers/kiosk.js';
import type { SwishStatusAnswer } from '../../../domain/answers/swish.js';
import type { SwishCertificateEnd } from '../../features/dashboard/components/SwishCertificateBanner.js';

export type AdminData = {
  user: Awaited<ReturnType<typeof currentUser>>;
  overview?: StatsOverview | null;
  /** The dashboard: the seller's required details still blank (rule: seller-first); null when unread. */
  sellerMissing?: RequiredSellerField[] | null;
  /** The dashboard: the checklist before the first web order (rule: go-live); null when unread. */
  goLive?: GoLiveAnswer | null;
  /** The dashboard: the Swish certificate's end while it is within 30 days (rule: swish-certificate); null otherwise. */
  swishCertificate?: SwishCertificateEnd | null;
};

export async function data(pageContext: PageContextServer): Promise<AdminData> {
  const user = await currentUser(pageContext);
  // The dashboard (/admin) shows the overview; the sign-in page and pages without data of their own only the user.
  if (!user || pageContext.urlPathname !== '/admin') return { user };
  // Staff see no figures (statistics are the owner's: rule admin-roles).
  if (!roleMay(user.role, 'stats')) return { user, overview: null };
  const [overview, settings, swish] = await Promise.all([
    pageContext.apiGet<StatsOverview>('/api/admin/stats/overview').catch(() => null),
    pageContext.apiGet<Settings>(`/api${SETTINGS_PATH}`).catch(() => null),
    pageContext.apiGet<SwishStatusAnswer>('/api/admin/swish').catch(() => null),
  ]);
  // rule go-live: the owner's checklist (settings are the owner's: a staff session reads none).
  const goLive = await pageContext.apiGet<GoLiveAnswer>('/api/admin/go-live').catch(() => null);
  // Only what the dashboard shows: which required details are blank, not the settings.
  // rule swish-certificate: only its end, and only while it is within the warning.
  const cert = swish?.certificate;
  const swishCertificate = cert?.expires_soon ? { valid_to: cert.valid_to, days_left: cert.days_left } : null;
  return {
    user,
    overview,
    sellerMissing: settings ? missingRequiredSellerFields(settings.seller) : null,
    goLive,
    swishCertificate,
  };
}
