// Bonus (discount) codes: one stream ('bonus-codes') holding every code and every use, so that
// "a code is never used more than usage_limit times" and "codes are unique" are both decided in a
// single stream under optimistic concurrency.
import { z } from 'zod';
import { msg } from '../messages.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { notFound, reject } from '../shared/errors.js';
import type { Clock } from '../shared/time.js';

export const BONUS_CODES_STREAM = 'bonus-codes';

export interface BonusCodeFields {
  code: string;
  description: string;
  discount_percentage: number;
  /** null = unlimited */
  usage_limit: number | null;
  /** ISO instant; null = never expires */
  expires_at: string | null;
  is_active: boolean;
}

export interface BonusCode extends BonusCodeFields {
  id: number;
  used_count: number;
  /** Bookings holding a use, so releasing one is idempotent. */
  redemptions: Set<string>;
}

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** POST /admin/bonus-codes and PUT /admin/bonus-codes/{id} (SPEC 5: bonus code rules). */
export const bonusCodeInputSchema = z.object({
  code: z
    .string({ error: msg.bonusCodeRequired })
    .trim()
    .min(1, { error: msg.bonusCodeRequired })
    .max(40, { error: msg.bonusCodeInvalid })
    .transform((c) => c.toUpperCase()),
  description: z.string().trim().max(500).nullish().transform((d) => d ?? ''),
  discount_percentage: z.coerce
    .number({ error: msg.bonusCodeDiscount })
    .min(0, { error: msg.bonusCodeDiscount })
    .max(100, { error: msg.bonusCodeDiscount })
    // step 0.1: one decimal, stored exactly
    .transform((p) => Math.round(p * 10) / 10),
  usage_limit: z.preprocess(
    blankToNull,
    z.coerce.number({ error: msg.bonusCodeUsageLimit }).int({ error: msg.bonusCodeUsageLimit }).min(1, { error: msg.bonusCodeUsageLimit }).nullable(),
  ),
  expires_at: z.preprocess(
    blankToNull,
    z
      .string({ error: msg.bonusCodeExpiry })
      .refine((s) => !Number.isNaN(Date.parse(s)), { error: msg.bonusCodeExpiry })
      .transform((s) => new Date(s).toISOString())
      .nullable(),
  ),
  is_active: z.union([z.boolean(), z.literal(1), z.literal(0)]).optional().transform((a) => a === undefined || a === true || a === 1),
});
export type BonusCodeInput = z.infer<typeof bonusCodeInputSchema>;

export type BonusCodeEvent =
  | DomainEvent<'BonusCodeCreated', { id: number } & BonusCodeFields>
  | DomainEvent<'BonusCodeUpdated', { id: number } & BonusCodeFields>
  | DomainEvent<'BonusCodeDeleted', { id: number }>
  | DomainEvent<'BonusCodeRedeemed', { id: number; code: string; booking_ref: string }>
  | DomainEvent<'BonusCodeReleased', { id: number; code: string; booking_ref: string }>;

export type BonusCodeCommand =
  | { type: 'CreateBonusCode'; input: BonusCodeInput }
  | { type: 'UpdateBonusCode'; id: number; input: BonusCodeInput }
  | { type: 'DeleteBonusCode'; id: number }
  /** booking_ref ties the use to one booking attempt; redeeming twice for it counts once. */
  | { type: 'RedeemBonusCode'; code: string; booking_ref: string; clock: Clock }
  | { type: 'ReleaseBonusCode'; code: string; booking_ref: string };

export interface BonusCodesState {
  codes: Map<number, BonusCode>;
  lastId: number;
}

export const findByCode = (state: BonusCodesState, code: string): BonusCode | undefined => {
  const wanted = code.trim().toUpperCase();
  for (const c of state.codes.values()) if (c.code === wanted) return c;
  return undefined;
};

/** Why a code cannot be used now, or null when it can (also answers POST /validate-bonus-code). */
export function bonusCodeProblem(code: BonusCode | undefined, clock: Clock): string | null {
  if (!code) return msg.bonusCodeInvalid;
  if (!code.is_active) return msg.bonusCodeInactive;
  if (code.expires_at !== null && Date.parse(code.expires_at) <= clock.now.getTime()) return msg.bonusCodeExpired;
  if (code.usage_limit !== null && code.used_count >= code.usage_limit) return msg.bonusCodeUsedUp;
  return null;
}

export const bonusCodesDecider: Decider<BonusCodeCommand, BonusCodeEvent, BonusCodesState> = {
  initialState: () => ({ codes: new Map(), lastId: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'BonusCodeCreated': {
        const { id, ...fields } = event.data;
        state.lastId = Math.max(state.lastId, id);
        state.codes.set(id, { id, ...fields, used_count: 0, redemptions: new Set() });
        return state;
      }
      case 'BonusCodeUpdated': {
        const existing = state.codes.get(event.data.id);
        if (existing) state.codes.set(existing.id, { ...existing, ...event.data });
        return state;
      }
      case 'BonusCodeDeleted':
        state.codes.delete(event.data.id);
        return state;
      case 'BonusCodeRedeemed': {
        const code = state.codes.get(event.data.id);
        if (code && !code.redemptions.has(event.data.booking_ref)) {
          code.redemptions.add(event.data.booking_ref);
          code.used_count += 1;
        }
        return state;
      }
      case 'BonusCodeReleased': {
        const code = state.codes.get(event.data.id);
        if (code?.redemptions.delete(event.data.booking_ref)) code.used_count -= 1;
        return state;
      }
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateBonusCode':
        if (findByCode(state, command.input.code)) reject(msg.bonusCodeExists);
        return [{ type: 'BonusCodeCreated', data: { id: state.lastId + 1, ...command.input } }];
      case 'UpdateBonusCode': {
        if (!state.codes.has(command.id)) notFound(msg.bonusCodeNotFound);
        const clash = findByCode(state, command.input.code);
        if (clash && clash.id !== command.id) reject(msg.bonusCodeExists);
        return [{ type: 'BonusCodeUpdated', data: { id: command.id, ...command.input } }];
      }
      case 'DeleteBonusCode':
        if (!state.codes.has(command.id)) notFound(msg.bonusCodeNotFound);
        return [{ type: 'BonusCodeDeleted', data: { id: command.id } }];
      case 'RedeemBonusCode': {
        const code = findByCode(state, command.code);
        if (code?.redemptions.has(command.booking_ref)) return [];
        const problem = bonusCodeProblem(code, command.clock);
        if (problem) reject(problem);
        return [{ type: 'BonusCodeRedeemed', data: { id: code!.id, code: code!.code, booking_ref: command.booking_ref } }];
      }
      case 'ReleaseBonusCode': {
        const code = findByCode(state, command.code);
        if (!code || !code.redemptions.has(command.booking_ref)) return [];
        return [{ type: 'BonusCodeReleased', data: { id: code.id, code: code.code, booking_ref: command.booking_ref } }];
      }
      default:
        return assertNever(command);
    }
  },
};
