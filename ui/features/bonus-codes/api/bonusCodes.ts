// The admin's bonus code calls (SPEC 7), each beside the schema the server checks them with.
import type { z } from 'zod';
import { api } from '../../../lib/api.js';
import { bonusCodeInputSchema } from '../../../../domain/bonusCodes/bonusCodes.js';

export { bonusCodeInputSchema };
/** The body of a save or a toggle, as sent. */
export type BonusCodeBody = z.input<typeof bonusCodeInputSchema>;

/** GET /admin/bonus-codes: one code (is_active as SPEC stores it, 1 or 0). */
export interface BonusCode {
  id: number;
  code: string;
  description: string;
  discount_percentage: number;
  usage_limit: number | null;
  used_count: number;
  /** ISO instant; null = never expires. */
  expires_at: string | null;
  is_active: number | boolean;
}

export const BONUS_CODES_PATH = '/admin/bonus-codes';

/** What the page shows of a code (the first HTML carries no more). */
export const bonusCodeShown = ({ id, code, description, discount_percentage, usage_limit, used_count, expires_at, is_active }: BonusCode): BonusCode => ({
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
  return id === null ? api(BONUS_CODES_PATH, { method: 'POST', body }) : api(`${BONUS_CODES_PATH}/${id}`, { method: 'PUT', body });
}

/** PUT /admin/bonus-codes/{id} with the code as it is but active or not. */
export function setBonusCodeActive(code: BonusCode, is_active: boolean) {
  const { code: text, description, discount_percentage, usage_limit, expires_at } = code;
  return saveBonusCode(code.id, { code: text, description, discount_percentage, usage_limit, expires_at, is_active });
}

export const deleteBonusCode = (id: number) => api(`${BONUS_CODES_PATH}/${id}`, { method: 'DELETE', body: {} });
