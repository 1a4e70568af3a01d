// The admin's bonus code calls (SPEC 7), each beside the schema the server checks them with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { bonusCodeInputSchema } from '../../../../domain/bonusCodes/bonusCodes.js';
import type { BonusCode } from '../../../../domain/answers/admin.js';

export { bonusCodeInputSchema };
/** The body of a save or a toggle, as sent. */
export type BonusCodeBody = z.input<typeof bonusCodeInputSchema>;

/** GET /admin/bonus-codes: one code (is_active as SPEC stores it, 1 or 0; expires_at an ISO instant or null). */
export type { BonusCode };

export const BONUS_CODES_PATH = '/admin/bonus-codes';

/** What the page shows of a code (the first HTML carries no more). */
export const bonusCodeShown = ({
  id,
  code,
  description,
  discount_percentage,
  usage_limit,
  used_count,
  expires_at,
  is_active,
}: BonusCode): BonusCode => ({
  id,
  code,
  description,
  discount_percentage,
  usage_limit,
  used_count,
  expires_at,
  is_active,
});

export const listBonusCodes = () => api<BonusCode[]>(BONUS_CODES_PATH);

/** POST /admin/bonus-codes (id null) or PUT /admin/bonus-codes/{id}, with a body bonusCodeInputSchema accepted. */
export function saveBonusCode(id: number | null, body: BonusCodeBody) {
  return id === null
    ? api(BONUS_CODES_PATH, { method: 'POST', body })
    : api(`${BONUS_CODES_PATH}/${id}`, { method: 'PUT', body });
}

/** PUT /admin/bonus-codes/{id} with the code as it is but active or not. */
export function setBonusCodeActive(code: BonusCode, is_active: boolean) {
  const { code: text, description, discount_percentage, usage_limit, expires_at } = code;
  return saveBonusCode(code.id, { code: text, description, discount_percentage, usage_limit, expires_at, is_active });
}

export const deleteBonusCode = (id: number) => api(`${BONUS_CODES_PATH}/${id}`, { method: 'DELETE', body: {} });
