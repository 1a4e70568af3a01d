// The longest texts an order takes: the booking's and the staff order's payload schemas
// (domain/payloads.ts) refuse longer ones, and the forms' maxLength stops the typing there. Kept
// apart from the schemas so that a page's first bundle can carry them without zod.
export const ORDER_TEXT_MAX = { name: 100, phone: 40, comment: 1000 } as const;
