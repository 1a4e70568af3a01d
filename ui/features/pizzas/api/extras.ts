// The admin's extras calls (issue 29), each beside the schema the server checks them with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { extraInputSchema } from '../../../../domain/menu/extras.js';
import type { ExtraAnswer } from '../../../../domain/answers/menu.js';

export { extraInputSchema };
export type ExtraBody = z.input<typeof extraInputSchema>;
export type AdminExtra = ExtraAnswer;

export const EXTRAS_PATH = '/admin/extras';

export const listExtras = () => api<AdminExtra[]>(EXTRAS_PATH);

/** POST /admin/extras (id null) or PUT /admin/extras/{id}. */
export function saveExtra(id: number | null, body: ExtraBody) {
  return id === null
    ? api(EXTRAS_PATH, { method: 'POST', body })
    : api(`${EXTRAS_PATH}/${id}`, { method: 'PUT', body });
}

export const deleteExtra = (id: number) => api(`${EXTRAS_PATH}/${id}`, { method: 'DELETE', body: {} });
