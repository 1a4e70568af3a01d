// Bonus (discount) codes: one stream ('bonus-codes') holding every code and every use, so that
// "a code is never used more than usage_limit times" and "codes are unique" are both decided in a
// single stream under optimistic concurrency.
import { z } from 'zod';
import { msg } from '../messages.js';
import { flag, optionalDescription } from '../shared/fields.js';
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';
import { notFound, reject } from '../shared/errors.js';
import { addDays, instantOf, isValidDate, isValidTime, type Clock } from '../shared/time.js';
import { outcomeKnown, type Redemption } from './settlement.js';

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
  /** Bookings holding a use, so releasing one is idempotent; each with what settling it needs. */
  redemptions: Map<string, Redemption>;
}

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const LOCAL_EXPIRY = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * An expiry as an admin enters it. With a zone ('Z', '+01:00') it is that instant, as ISO text.
 * Without one (what a datetime-local input sends) it is the kiosk's wall-clock time, kept as
 * 'yyyy-MM-ddTHH:mm' until a command resolves it in KIOSK_TZ (resolveExpiry); a bare date means
 * the end of that day. Null when it is not a date at all.
 */
export function parseExpiry(text: string): string | null {
  const value = text.trim();
  const local = LOCAL_EXPIRY.exec(value);
  if (local) {
    const [, date, time] = local;
    if (!isValidDate(date) || (time !== undefined && !isValidTime(time))) return null;
    return time === undefined ? `${addDays(date, 1)}T00:00` : `${date}T${time}`;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The instant of a parsed expiry: local wall-clock times are read in the kiosk's time zone. */
export function resolveExpiry(expiry: string | null, timeZone: string): string | null {
  const local = expiry === null ? null : LOCAL_EXPIRY.exec(expiry);
  if (!local || local[2] === undefined) return expiry;
  return instantOf(local[1], local[2], timeZone).toISOString();
}

/** POST /admin/bonus-codes and PUT /admin/bonus-codes/{id} (SPEC 5: bonus code rules). */
export const bonusCodeInputSchema = z.object({
  code: z
    .string({ error: msg.bonusCodeRequired })
    .trim()
    .min(1, { error: msg.bonusCodeRequired })
    .max(40, { error: msg.bonusCodeInvalid })
    .transform((c) => c.toUpperCase()),
  description: optionalDescription(),
  discount_percentage: z.coerce
    .number({ error: msg.bonusCodeDiscount })
    .min(0, { error: msg.bonusCodeDiscount })
    .max(100, { error: msg.bonusCodeDiscount })
    // step 0.1: one decimal, stored exactly
    .transform((p) => Math.round(p * 10) / 10),
  usage_limit: z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: msg.bonusCodeUsageLimit })
      .int({ error: msg.bonusCodeUsageLimit })
      .min(1, { error: msg.bonusCodeUsageLimit })
      .nullable(),
  ),
  expires_at: z.preprocess(
    blankToNull,
    z
      .string({ error: msg.bonusCodeExpiry })
      .transform((s, ctx) => {
        const expiry = parseExpiry(s);
        if (expiry === null) {
          ctx.addIssue({ code: 'custom', message: msg.bonusCodeExpiry });
          return z.NEVER;
        }
        return expiry;
      })
      .nullable(),
  ),
  is_active: flag()
    .optional()
    .transform((a) => a ?? true),
});
export type BonusCodeInput = z.infer<typeof bonusCodeInputSchema>;

export type BonusCodeEvent =
  | DomainEvent<'BonusCodeCreated', { id: number } & BonusCodeFields>
  | DomainEvent<'BonusCodeUpdated', { id: number } & BonusCodeFields>
  | DomainEvent<'BonusCodeDeleted', { id: number }>
  | DomainEvent<'BonusCodeRedeemed', BonusCodeRedeemedData>
  | DomainEvent<'BonusCodeReleased', BonusCodeReleasedData>
  /**
   * A retry of a keyed booking took over a use its earlier request left held (rule:
   * bonus-code-settlement): the use counts as redeemed now, by this retry. Counts nothing more.
   */
  | DomainEvent<'BonusCodeUseRenewed', { id: number; code: string; booking_ref: string; redeemed_at: string }>
  /** The use's booking is in its day's log: the use stays, and the sweep never looks at it again. */
  | DomainEvent<'BonusCodeUseKept', { id: number; code: string; booking_ref: string }>;

/** The bonus codes' events: their decoding point (domain/shared/events.ts). */
export const bonusCodeEvents = eventsOf<BonusCodeEvent>({
  BonusCodeCreated: true,
  BonusCodeUpdated: true,
  BonusCodeDeleted: true,
  BonusCodeRedeemed: true,
  BonusCodeReleased: true,
  BonusCodeUseRenewed: true,
  BonusCodeUseKept: true,
});

export interface BonusCodeRedeemedData {
  id: number;
  code: string;
  booking_ref: string;
  /** The booking's date, whose log says whether it was placed (absent in events before settling). */
  date?: string;
  /** When the use was redeemed (absent in events before settling: read as long ago). */
  redeemed_at?: string;
}

export interface BonusCodeReleasedData {
  id: number;
  code: string;
  booking_ref: string;
  /** 'not_placed': the settlement sweep found no booking for the use (absent: refused or cancelled). */
  reason?: 'not_placed';
}

export type BonusCodeCommand =
  /** timeZone: the kiosk's, in which an expiry without a zone is read. */
  | { type: 'CreateBonusCode'; input: BonusCodeInput; timeZone: string }
  | { type: 'UpdateBonusCode'; id: number; input: BonusCodeInput; timeZone: string }
  | { type: 'DeleteBonusCode'; id: number }
  /** booking_ref ties the use to one booking attempt; redeeming twice for it counts once. */
  | { type: 'RedeemBonusCode'; code: string; booking_ref: string; clock: Clock; date?: string }
  /** Gives a use back: a refused booking, or a cancelled one (once: a released use is gone). */
  | { type: 'ReleaseBonusCode'; code: string; booking_ref: string }
  /**
   * Settles a use once its booking's outcome is known (rule: bonus-code-settlement): `landed`
   * says whether the booking is in its day's log, as read right before this command.
   */
  | { type: 'SettleBonusCodeUse'; booking_ref: string; landed: boolean; clock: Clock };

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

/** What an event stores of an input: every expiry as an instant. */
const fieldsOf = (input: BonusCodeInput, timeZone: string): BonusCodeFields => ({
  ...input,
  expires_at: resolveExpiry(input.expires_at, timeZone),
});

export const bonusCodesDecider: Decider<BonusCodeCommand, BonusCodeEvent, BonusCodesState> = {
  initialState: () => ({ codes: new Map(), lastId: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'BonusCodeCreated': {
        const { id, ...fields } = event.data;
        state.lastId = Math.max(state.lastId, id);
        state.codes.set(id, { id, ...fields, used_count: 0, redemptions: new Map() });
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
          code.redemptions.set(event.data.booking_ref, {
            date: event.data.date ?? null,
            redeemed_at: event.data.redeemed_at ?? null,
            settled: false,
          });
          code.used_count += 1;
        }
        return state;
      }
      case 'BonusCodeUseRenewed': {
        const redemption = state.codes.get(event.data.id)?.redemptions.get(event.data.booking_ref);
        if (redemption) redemption.redeemed_at = event.data.redeemed_at;
        return state;
      }
      case 'BonusCodeUseKept': {
        const redemption = state.codes.get(event.data.id)?.redemptions.get(event.data.booking_ref);
        if (redemption) redemption.settled = true;
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
        return [
          { type: 'BonusCodeCreated', data: { id: state.lastId + 1, ...fieldsOf(command.input, command.timeZone) } },
        ];
      case 'UpdateBonusCode': {
        if (!state.codes.has(command.id)) notFound(msg.bonusCodeNotFound);
        const clash = findByCode(state, command.input.code);
        if (clash && clash.id !== command.id) reject(msg.bonusCodeExists);
        return [{ type: 'BonusCodeUpdated', data: { id: command.id, ...fieldsOf(command.input, command.timeZone) } }];
      }
      case 'DeleteBonusCode':
        if (!state.codes.has(command.id)) notFound(msg.bonusCodeNotFound);
        return [{ type: 'BonusCodeDeleted', data: { id: command.id } }];
      case 'RedeemBonusCode': {
        const code = findByCode(state, command.code);
        const held = code?.redemptions.get(command.booking_ref);
        if (held) {
          // A racing retry, or one whose booking landed: the use is the other request's.
          if (held.settled || !outcomeKnown(held, command.clock.now)) return [];
          // Held by a request long over whose booking never landed (its retry found the key not in
          // the day): this retry takes the use over, so that only it gives it back.
          const renewed = { id: code!.id, code: code!.code, booking_ref: command.booking_ref };
          return [{ type: 'BonusCodeUseRenewed', data: { ...renewed, redeemed_at: command.clock.now.toISOString() } }];
        }
        const problem = bonusCodeProblem(code, command.clock);
        if (problem) reject(problem);
        const redeemed: BonusCodeRedeemedData = { id: code!.id, code: code!.code, booking_ref: command.booking_ref };
        if (command.date !== undefined) redeemed.date = command.date;
        redeemed.redeemed_at = command.clock.now.toISOString();
        return [{ type: 'BonusCodeRedeemed', data: redeemed }];
      }
      case 'ReleaseBonusCode': {
        // The code holding the use, also when it has been renamed since.
        const code =
          [...state.codes.values()].find((c) => c.redemptions.has(command.booking_ref)) ??
          findByCode(state, command.code);
        if (!code || !code.redemptions.has(command.booking_ref)) return [];
        return [
          { type: 'BonusCodeReleased', data: { id: code.id, code: code.code, booking_ref: command.booking_ref } },
        ];
      }
      case 'SettleBonusCodeUse': {
        const code = [...state.codes.values()].find((c) => c.redemptions.has(command.booking_ref));
        const redemption = code?.redemptions.get(command.booking_ref);
        // Released since (refused, cancelled, settled by another sweep) or kept before: once.
        if (!code || !redemption || redemption.settled) return [];
        const ref = { id: code.id, code: code.code, booking_ref: command.booking_ref };
        if (command.landed) return [{ type: 'BonusCodeUseKept', data: ref }];
        // Not in the log yet, but its request may still be on its way: wait until it cannot be.
        if (!outcomeKnown(redemption, command.clock.now)) return [];
        return [{ type: 'BonusCodeReleased', data: { ...ref, reason: 'not_placed' } }];
      }
      default:
        return assertNever(command);
    }
  },
};
