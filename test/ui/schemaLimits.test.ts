// A form's limits read from the domain's zod schemas (ui/lib/schemaLimits.ts), through the wrappers
// the payload schemas use.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthOf, maxOf, minOf } from '../../ui/lib/schemaLimits.js';
import { optionalDescription, optionalText } from '../../domain/shared/fields.js';
import {
  bookingPayloadSchema,
  closureCancelSchema,
  mailsQuerySchema,
  vipDateSchema,
  vipInvitationSchema,
  waitlistJoinSchema,
} from '../../domain/payloads.js';
import { addAdminSchema } from '../../domain/admins/accountPayloads.js';
import { bonusCodeInputSchema } from '../../domain/bonusCodes/bonusCodes.js';
import { pauseInputSchema } from '../../domain/kioskDay/counterPayloads.js';
import { dailyStockInputSchema } from '../../domain/menu/dailyStock.js';
import { extraInputSchema } from '../../domain/menu/extras.js';
import { pizzaInputSchema } from '../../domain/menu/menu.js';
import { stockPoolInputSchema } from '../../domain/menu/stockPools.js';
import { kioskNameSchema, kioskTaglineSchema } from '../../domain/settings/kiosk.js';

describe('schemaLimits', () => {
  it("reads a text field's maximum length, also inside optional, nullish, default, transform and preprocess", () => {
    expect(maxLengthOf(z.string().trim().min(1).max(200))).toBe(200);
    expect(maxLengthOf(optionalText(40))).toBe(40);
    expect(maxLengthOf(optionalDescription())).toBe(500);
    expect(maxLengthOf(z.string().max(60).optional().default(''))).toBe(60);
    expect(maxLengthOf(z.preprocess((v) => v, z.string().max(100).optional()))).toBe(100);
    expect(maxLengthOf(vipInvitationSchema.shape.message)).toBe(5000);
    expect(maxLengthOf(bookingPayloadSchema.shape.comment)).toBe(1000);
    expect(maxLengthOf(mailsQuerySchema.shape.booking_id)).toBe(100);
  });

  it("reads a number field's least and most, also when coerced and defaulted", () => {
    const hours = vipInvitationSchema.shape.expires_hours;
    expect([minOf(hours), maxOf(hours)]).toEqual([1, 168]);
    expect([minOf(z.coerce.number().int().min(0).max(1000)), maxOf(z.number().max(5).nullable())]).toEqual([0, 5]);
  });

  it('throws for a field without the limit: the form asks for one the schema does not set', () => {
    expect(() => maxLengthOf(z.string())).toThrow('no maximum length');
    expect(() => maxOf(z.number().min(1))).toThrow('no maximum');
    expect(() => maxLengthOf(z.number().max(3))).toThrow('no maximum length');
  });

  it("gives the admin forms the limits they had written in (the schemas' own)", () => {
    expect(
      [
        vipDateSchema.shape.description,
        vipInvitationSchema.shape.subject,
        vipInvitationSchema.shape.message,
        bonusCodeInputSchema.shape.code,
        bonusCodeInputSchema.shape.description,
        mailsQuerySchema.shape.booking_id,
        kioskNameSchema,
        kioskTaglineSchema,
        pauseInputSchema.shape.reason,
        closureCancelSchema.shape.message,
        addAdminSchema.shape.name,
        pizzaInputSchema.shape.name,
        pizzaInputSchema.shape.description,
        extraInputSchema.shape.name,
      ].map(maxLengthOf),
    ).toEqual([300, 200, 5000, 40, 500, 100, 60, 120, 200, 500, 100, 100, 500, 60]);
    for (const field of [stockPoolInputSchema.shape.per_day, dailyStockInputSchema.shape.per_day])
      expect([minOf(field), maxOf(field)]).toEqual([0, 1000]);
    expect(minOf(waitlistJoinSchema.shape.requested_pizzas)).toBe(1);
  });
});
