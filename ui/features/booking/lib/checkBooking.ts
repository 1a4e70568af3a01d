// The booking form's checks are the server's: the domain's bookingPayloadSchema, then the SMS
// tick's rule (rule: sms-notices), which the server checks after the schema. This module pulls
// in zod and the payload schemas, so BookingScreen loads it lazily, after the first paint.
import type { z } from 'zod';
import { bookingPayloadSchema, type BookingPayload } from '../../../../domain/payloads.js';
import { smsTickProblem } from '../../../../domain/sms/sms.js';
import { check, type FieldErrors } from '../../../lib/formErrors.js';

/** The payload as the page builds it (the schema's input). */
type BookingInput = z.input<typeof bookingPayloadSchema> & { phone: string | null; sms_when_ready?: boolean };

export type CheckedBooking = { ok: true; data: BookingPayload } | { ok: false; errors: FieldErrors };

/**
 * POST /bookings as the booking page sends it (`sms_when_ready: true` only when ticked): the data,
 * or the first message per field; the SMS tick's message shows beside the schema's others.
 */
export function checkBooking(value: BookingInput): CheckedBooking {
  const checked = check(bookingPayloadSchema, value);
  const smsProblem = smsTickProblem(value);
  if (!smsProblem) return checked;
  const errors = checked.ok ? {} : checked.errors;
  return { ok: false, errors: { ...errors, phone: errors.phone ?? smsProblem } };
}
