// SMS to the customer (rule: sms-notices): which number an SMS goes to, and which way the ready
// notice takes. Pure; the api's SMS sender (api/sms) sends through 46elks.
import { customerMsg } from '../customerMessages.js';
import { reject } from '../shared/errors.js';

/**
 * The customer's number in E.164 when it is a mobile number an SMS can reach, else null. A Swedish
 * number written nationally (07…, ten digits) becomes +467…; one written internationally (+ or 00)
 * is kept when it has 8 to 15 digits (E.164 allows at most 15, ITU-T E.164 section 6.1), and a
 * Swedish one only when it is a mobile number (+467…; Swedish mobile numbers are 07x, PTS's
 * numbering plan). Spaces, dashes, dots and brackets are how people write numbers, not part of them.
 */
export function mobileE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const compact = phone.trim().replace(/[\s\-.()/]/g, '');
  let international: string;
  if (/^\+\d+$/.test(compact)) international = compact;
  else if (/^00\d+$/.test(compact)) international = '+' + compact.slice(2);
  else if (/^07\d{8}$/.test(compact)) international = '+46' + compact.slice(1);
  else return null;
  if (!/^\+[1-9]\d{7,14}$/.test(international)) return null;
  if (international.startsWith('+46') && !/^\+467\d{8}$/.test(international)) return null;
  return international;
}

/** The tick "SMS när pizzan är klar" needs a number an SMS can reach; refused in Swedish otherwise. */
export function checkSmsTick(booking: { phone: string | null; sms_when_ready?: boolean }): void {
  const problem = smsTickProblem(booking);
  if (problem) reject(problem);
}

/** Why the tick cannot be kept (the booking form shows it at the phone field), or null. */
export const smsTickProblem = (booking: { phone: string | null; sms_when_ready?: boolean }): string | null =>
  booking.sms_when_ready && mobileE164(booking.phone) === null ? customerMsg.smsNeedsMobile : null;

/** The ready notice as an SMS: one segment's worth, the order number and where to collect it. */
export function readySms(booking: { booking_id: string; dine_in: boolean }, kiosk: string): string {
  return booking.dine_in
    ? `${kiosk}: Din pizza (order ${booking.booking_id}) är klar och serveras strax.`
    : `${kiosk}: Din pizza (order ${booking.booking_id}) är klar att hämta i luckan.`;
}

/** The reminder as an SMS (rule: reminder): the order, the time, collect or eat in. */
export function reminderSms(booking: { booking_id: string; booking_time: string; dine_in: boolean }, kiosk: string) {
  return booking.dine_in
    ? `${kiosk}: Påminnelse: vi väntar på dig kl. ${booking.booking_time} (order ${booking.booking_id}).`
    : `${kiosk}: Påminnelse: din beställning (order ${booking.booking_id}) är klar att hämta kl. ${booking.booking_time}.`;
}

/** A slot delayed (rule: slot-delay): the new time instead of the booked one. */
export function delayedSms(
  booking: { booking_id: string; booking_time: string },
  delay: { minutes: number; delayed_to: string },
  kiosk: string,
): string {
  return `${kiosk}: Vi ligger efter i köket. Din beställning (order ${booking.booking_id}) blir klar kl. ${delay.delayed_to} i stället för kl. ${booking.booking_time}. Förlåt för väntan!`;
}

/** A delay undone (rule: slot-delay): the booked time stands again. */
export function delayUndoneSms(booking: { booking_id: string; booking_time: string }, kiosk: string): string {
  return `${kiosk}: Vi hann ikapp: din beställning (order ${booking.booking_id}) blir klar kl. ${booking.booking_time} som du bokade.`;
}
