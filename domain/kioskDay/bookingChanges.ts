// Which kiosk-day events change a booking (rule: booking-changes): the one list the read models
// (projections/kioskDays.ts), the staff's live view (api/http/live.ts) and its answer schema
// (domain/answers/admin.ts) follow, so a new kind of change cannot reach one and miss another.

/** The events that change where a booking stands: placed, confirmed, cancelled, moved in its day or away. */
export const BOOKING_STATUS_EVENTS = [
  'BookingPlaced',
  'BookingConfirmed',
  'BookingCancelled',
  'BookingRescheduled',
  'BookingMovedAway',
] as const;

/** Every change a staff screen shows: the status events, and each step in the kitchen (rule: kitchen-steps). */
export const BOOKING_CHANGE_EVENTS = [...BOOKING_STATUS_EVENTS, 'KitchenStepRecorded'] as const;

export type BookingChangeEvent = (typeof BOOKING_CHANGE_EVENTS)[number];

const statusEvents: ReadonlySet<string> = new Set(BOOKING_STATUS_EVENTS);
const changeEvents: ReadonlySet<string> = new Set(BOOKING_CHANGE_EVENTS);

/** Whether an event changes where a booking stands (its status, date or time). */
export const changesBookingStatus = (type: string): boolean => statusEvents.has(type);

/** Whether an event is a change to a booking a staff screen shows. */
export const isBookingChange = (type: string): type is BookingChangeEvent => changeEvents.has(type);
