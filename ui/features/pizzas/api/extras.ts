// The admin's extras calls (issue 29), each beside the schema the server checks them with.
import type { z } from 'zod';
import { crudCalls } from '../../../components/admin/adminCalls.js';
import { extraInputSchema } from '../../../../domain/menu/extras.js';
import type { ExtraAnswer } from '../../../../domain/answers/menu.js';

export { extraInputSchema };
export type ExtraBody = z.input<typeof extraInputSchema>;
export type AdminExtra = ExtraAnswer;

export const EXTRAS_PATH = '/admin/extras';

const calls = crudCalls<AdminExtra, ExtraBody>(EXTRAS_PATH);

export const listExtras = calls.list;
/** POST /admin/extras (id null) or PUT /admin/extras/{id}. */
export const saveExtra = calls.save;
export const deleteExtra = calls.remove;
