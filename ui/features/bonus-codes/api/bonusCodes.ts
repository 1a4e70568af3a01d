// The admin's bonus code calls (SPEC 7), each beside the schema the server checks them with.
import type { z } from 'zod';
import { crudCalls, pickFields } from '../../../components/admin/adminCalls.js';
import { bonusCodeInputSchema } from '../../../../domain/bonusCodes/bonusCodes.js';
import type { BonusCode } from '../../../../domain/answers/admin.js';

export { bonusCodeInputSchema };
/** The body of a save or a toggle, as sent. */
export type BonusCodeBody = z.input<typeof bonusCodeInputSchema>;

/** GET /admin/bonus-codes: one code (is_active as SPEC stores it, 1 or 0; expires_at an ISO instant or null). */
export type { BonusCode };

export const BONUS_CODES_PATH = '/admin/bonus-codes';

const calls = crudCalls<BonusCode, BonusCodeBody>(BONUS_CODES_PATH);

/** What the page shows of a code (the first HTML carries no more). */
export const bonusCodeShown: (code: BonusCode) => BonusCode = pickFields<BonusCode, keyof BonusCode>([
  'id',
  'code',
  'description',
  'discount_percentage',
  'usage_limit',
  'used_count',
  'expires_at',
  'is_active',
]);

export const listBonusCodes = calls.list;
/** POST /admin/bonus-codes (id null) or PUT /admin/bonus-codes/{id}, with a body bonusCodeInputSchema accepted. */
export const saveBonusCode = calls.save;

/** PUT /admin/bonus-codes/{id} with the code as it is but active or not. */
export function setBonusCodeActive(code: BonusCode, is_active: boolean) {
  const { code: text, description, discount_percentage, usage_limit, expires_at } = code;
  return saveBonusCode(code.id, { code: text, description, discount_percentage, usage_limit, expires_at, is_active });
}

export const deleteBonusCode = calls.remove;
