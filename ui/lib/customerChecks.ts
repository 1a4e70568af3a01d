// The customer's forms on the booking page, checked in the browser without zod: the same rules,
// in the same order, with the same messages as the domain's bookingPayloadSchema and
// waitlistJoinSchema, which the server checks with (test/ui/customerChecks.test.ts holds them
// equal, message for message). The full zod is a quarter of the page's JavaScript and zod/mini
// still a tenth (measured), for a form a phone checks once; the staff's forms keep the schemas.
import { customerMsg } from '../../domain/customerMessages.js';
import { normaliseDate, normaliseTime } from '../../domain/shared/time.js';
import { mobileE164 } from '../../domain/sms/sms.js';
import type { BookingPayload, WaitlistJoinPayload } from '../../domain/payloads.js';
import type { FieldErrors } from './formErrors.js';

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** zod's e-mail pattern (z.email()), which the server checks with. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** One check at a time: the first message of each field, in the schema's field order. */
class Checker {
  readonly errors: FieldErrors = {};
  refuse(path: string, message: string): null {
    if (!(path in this.errors)) this.errors[path] = message;
    return null;
  }
  result<T>(data: T): Checked<T> {
    return Object.keys(this.errors).length ? { ok: false, errors: this.errors } : { ok: true, data };
  }

  /** dateField / timeField: required, then normalised. */
  normalised(path: string, value: unknown, required: string, invalid: string, normalise: (v: string) => string | null) {
    if (typeof value !== 'string' || value.length === 0) return this.refuse(path, required);
    return normalise(value) ?? this.refuse(path, invalid);
  }
  /** A trimmed string of min..max characters, refused with one text. */
  text(path: string, value: unknown, min: number, max: number, message: string) {
    if (typeof value !== 'string') return this.refuse(path, message);
    const trimmed = value.trim();
    return trimmed.length < min || trimmed.length > max ? this.refuse(path, message) : trimmed;
  }
  email(path: string, value: unknown) {
    const trimmed = typeof value === 'string' ? value.trim() : null;
    return trimmed !== null && EMAIL.test(trimmed) ? trimmed : this.refuse(path, customerMsg.invalidEmail);
  }
  /** optionalText(max): a trimmed string or null. */
  optional(path: string, value: unknown, max: number) {
    if (value === null || value === undefined) return null;
    if (typeof value !== 'string')
      return this.refuse(path, `Invalid input: expected string, received ${value === null ? 'null' : typeof value}`);
    const trimmed = value.trim();
    if (trimmed.length > max) return this.refuse(path, `Too big: expected string to have <=${max} characters`);
    return trimmed || null;
  }
  /** A coerced whole number from `min` (to `max`), refused with one text. */
  count(path: string, value: unknown, message: string, min = -Infinity, max = Infinity) {
    const n = Number(value);
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : this.refuse(path, message);
  }
}

/** What a booking and a queue place both begin with, checked in the schemas' order: the slot, then who. */
function slotAndCustomer(c: Checker, value: Record<string, unknown>) {
  return {
    date: c.normalised('date', value.date, customerMsg.dateRequired, customerMsg.invalidDate, normaliseDate),
    time: c.normalised('time', value.time, customerMsg.timeRequired, customerMsg.invalidTime, normaliseTime),
    name: c.text('name', value.name, 2, 100, customerMsg.nameTooShort),
    email: c.email('email', value.email),
  };
}

/** POST /bookings as the booking page sends it (bookingPayloadSchema). */
export function checkBooking(value: Record<string, unknown>): Checked<BookingPayload> {
  const c = new Checker();
  const { date, time, name, email } = slotAndCustomer(c, value);
  const phone = c.optional('phone', value.phone, 40);
  const smsWanted = value.sms_when_ready;
  const sms_when_ready =
    smsWanted === undefined
      ? undefined
      : [true, false, 1, 0, 'true', 'false'].includes(smsWanted as never)
        ? smsWanted === true || smsWanted === 1 || smsWanted === 'true'
        : c.refuse('sms_when_ready', 'Invalid input');
  const dineIn = value.dine_in;
  const dine_in =
    dineIn === undefined
      ? true
      : [true, false, 1, 0, 'true', 'false'].includes(dineIn as never)
        ? dineIn === true || dineIn === 1 || dineIn === 'true'
        : c.refuse('dine_in', 'Invalid input');
  const comment = c.optional('comment', value.comment, 1000);
  const items: { pizza_id: number; qty: number }[] = [];
  if (!Array.isArray(value.items) || value.items.length > 100) c.refuse('items', customerMsg.atLeastOnePizza);
  else
    value.items.forEach((item: unknown, i) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item))
        return c.refuse(
          `items.${i}`,
          'Invalid input: expected object, received ' +
            (item === null ? 'null' : Array.isArray(item) ? 'array' : typeof item),
        );
      const { pizza_id, qty } = item as Record<string, unknown>;
      items.push({
        pizza_id: c.count(`items.${i}.pizza_id`, pizza_id, customerMsg.unknownPizza)!,
        qty: c.count(`items.${i}.qty`, qty, customerMsg.atLeastOnePizza, 0, 1000)!,
      });
    });
  const requested_pizzas = c.count('requested_pizzas', value.requested_pizzas, customerMsg.pizzaCountMin, 1);
  const bonus_code = c.optional('bonus_code', value.bonus_code, 40);
  const vip_token = c.optional('vip_token', value.vip_token, 200);
  // rule: sms-notices (domain/sms/sms.ts checkSmsTick, which the server checks after the schema).
  if (sms_when_ready && phone !== undefined && mobileE164(phone) === null)
    c.refuse('phone', customerMsg.smsNeedsMobile);
  return c.result({
    date: date!,
    time: time!,
    name: name!,
    email: email!,
    phone,
    ...(sms_when_ready === undefined ? {} : { sms_when_ready: sms_when_ready! }),
    dine_in: dine_in!,
    comment,
    items,
    requested_pizzas: requested_pizzas!,
    bonus_code,
    vip_token,
  });
}

/** POST /waitlist as the queue prompt under the slots sends it (waitlistJoinSchema). */
export function checkWaitlistJoin(value: Record<string, unknown>): Checked<WaitlistJoinPayload> {
  const c = new Checker();
  const { date, time, name, email } = slotAndCustomer(c, value);
  const requested_pizzas = c.count('requested_pizzas', value.requested_pizzas, customerMsg.pizzaCountMin, 1);
  const vip_token = c.optional('vip_token', value.vip_token, 200);
  return c.result({
    date: date!,
    time: time!,
    name: name!,
    email: email!,
    requested_pizzas: requested_pizzas!,
    vip_token,
  });
}
