// The first HTML of /admin/settings shows the settings form filled in.
import type { PageContextServer } from 'vike/types';
import { currentUser } from '../currentUser.js';
import type { AdminData } from '../+data.js';
import { SETTINGS_PATH, type Settings } from '../../../features/settings/api/settings.js';

export type SettingsData = AdminData & { settings: Settings | null };

export async function data(pageContext: PageContextServer): Promise<SettingsData> {
  const [user, settings] = await Promise.all([
    currentUser(pageContext),
    pageContext.apiGet<Settings>(`/api${SETTINGS_PATH}`).catch(() => null),
  ]);
  return { user, settings };
}
