// GET /api/admin/me with the visitor's cookie; a failed check means signed out (SPEC 8).
import type { PageContextServer } from 'vike/types';
import type { AdminUser } from '../../state/auth.js';

export async function currentUser(pageContext: PageContextServer): Promise<AdminUser | null> {
  try {
    return (await pageContext.apiGet<{ user: AdminUser }>('/api/admin/me')).user ?? null;
  } catch {
    return null;
  }
}
