// The accounts' calls (rule: admin-accounts), each beside the domain schema the server checks it with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import {
  addAdminSchema,
  changeOwnPasswordSchema,
  resetPasswordSchema,
} from '../../../../domain/admins/accountPayloads.js';
import type { AdminUser } from '../../../../domain/answers/admin.js';
import type { AdminRole } from '../../../../domain/admins/roles.js';

export { addAdminSchema, changeOwnPasswordSchema, resetPasswordSchema };
export type { AdminUser as Account, AdminRole };

export const ACCOUNTS_PATH = '/admin/admins';

/** GET /admin/admins: every account with its role (the owner's). */
export const listAccounts = () => api<AdminUser[]>(ACCOUNTS_PATH);

/** POST /admin/admins */
export const addAccount = (body: z.input<typeof addAdminSchema>) =>
  api<AdminUser>(ACCOUNTS_PATH, { method: 'POST', body });

/** PUT /admin/admins/{id}/password: the owner sets a colleague's password. */
export const resetPassword = (id: number, body: z.input<typeof resetPasswordSchema>) =>
  api(`${ACCOUNTS_PATH}/${id}/password`, { method: 'PUT', body });

/** PUT /admin/admins/{id}/role */
export const setRole = (id: number, role: AdminRole) =>
  api<AdminUser>(`${ACCOUNTS_PATH}/${id}/role`, { method: 'PUT', body: { role } });

/** DELETE /admin/admins/{id}: the account's sessions end at once. */
export const removeAccount = (id: number) => api(`${ACCOUNTS_PATH}/${id}`, { method: 'DELETE', body: {} });

/** PUT /admin/me/password: everyone's own password. */
export const changeOwnPassword = (body: z.input<typeof changeOwnPasswordSchema>) =>
  api('/admin/me/password', { method: 'PUT', body });
