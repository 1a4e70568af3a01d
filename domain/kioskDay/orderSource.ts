// Where an order came from (rule: staff-orders): booked online by the customer, or taken by staff
// at the counter or on the phone. Every booking answer, the statistics and the reports name it.

export const ORDER_SOURCES = ['online', 'counter', 'phone'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
/** The sources staff enter orders from. */
export const STAFF_ORDER_SOURCES = ['counter', 'phone'] as const;
export type StaffOrderSource = (typeof STAFF_ORDER_SOURCES)[number];

/** An order's source: BookingPlaced events and documents from before staff orders have none, and were online. */
export const sourceOf = (placed: { source?: OrderSource | null }): OrderSource => placed.source ?? 'online';
