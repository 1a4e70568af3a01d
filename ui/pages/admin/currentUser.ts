// The signed-in user for the server's page hooks (+guard, +data): GET /api/admin/me with the
// visitor's cookie, asked once per page render (api/http/ui.ts); a failed check means signed out
// (SPEC 8).
import type { PageContextServer } from 'vike/types';
import { ME_PATH, type AdminUser } from '../../features/auth/api/session.js';

export async function currentUser(pageContext: PageContextServer): Promise<AdminUser | null> {
  try {
    return (await pageContext.apiGet<{ user: AdminUser }>(ME_PATH)).user ?? null;
  } catch {
    return null;
  }
}
