// Default settings the customer's pages also need before the kiosk's own settings have loaded,
// in a module without zod so the booking page's first bundle stays small (SPEC 9 defaults).

/** SPEC 9: pizzas per time window until the kiosk sets its own. */
export const DEFAULT_CAPACITY_PER_WINDOW = 6;
