// The order's count rules (SPEC 5), one home for the server's decision and the booking page's
// cart: at least one pizza, exactly the requested count, and no more than the slot still holds.
// Kept apart from decide.ts so the page's bundle takes these few lines and the customer's
// messages only (not the decider and every server message).
import { customerMsg } from '../customerMessages.js';

/** The pizzas an order's lines hold. */
export const chosenCount = (lines: ReadonlyArray<{ qty: number }>) => lines.reduce((sum, line) => sum + line.qty, 0);

/** Why `chosen` pizzas do not match the `requested` count, or null when they do (SPEC 5). */
export function countProblem(chosen: number, requested: number): string | null {
  if (chosen <= 0) return customerMsg.atLeastOnePizza;
  if (chosen < requested) return customerMsg.chooseMore(requested - chosen);
  if (chosen > requested) return customerMsg.tooManyChosen;
  return null;
}

/** Why `chosen` pizzas do not fit a slot with `remaining` places left, or null when they fit (SPEC 5). */
export const slotRoomProblem = (chosen: number, remaining: number): string | null =>
  remaining < chosen ? customerMsg.tooManyForSlot(chosen, remaining) : null;
