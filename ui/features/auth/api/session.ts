// Signing in and out (SPEC 7), each call beside the schema the server checks it with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { loginSchema } from '../../../../domain/payloads.js';
import type { AdminUser } from '../../../../domain/answers/admin.js';

export { loginSchema };
export type { AdminUser };

/** POST /admin/login: sets the session cookie and answers who signed in. */
export const login = (body: z.output<typeof loginSchema>) => api<{ user: AdminUser }>('/admin/login', { body });

/** POST /admin/logout: ends the session on the server. */
export const logout = () => api('/admin/logout', { body: {} });

/** GET /admin/me, the path the server-side page hooks read the signed-in user from. */
export const ME_PATH = '/api/admin/me';
