// The first HTML of /admin/vip shows its lists (customers, dates, invitations sent) and the tab
// the address asks for (?tab=, and ?date= for an invitation to a VIP date).
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { VIP_PATHS, VIP_TABS, type VipLists, type VipTab } from '../../../features/vip/api/vip.js';

export type VipData = AdminData & { lists: VipLists; tab: VipTab; presetDate: string };

export async function data(pageContext: PageContextServer): Promise<VipData> {
  const { search } = pageContext.urlParsed;
  const tab = VIP_TABS.find((t) => t === search.tab) ?? 'customers';
  const read = <T>(path: string) => pageContext.apiGet<T>(`/api${path}`).catch(() => null);
  const [user, customers, dates, invitations] = await Promise.all([
    currentUser(pageContext),
    read<VipLists['customers']>(VIP_PATHS.customers),
    read<VipLists['dates']>(VIP_PATHS.dates),
    read<VipLists['invitations']>(VIP_PATHS.invitations),
  ]);
  return { user, lists: { customers, dates, invitations }, tab, presetDate: search.date ?? '' };
}
