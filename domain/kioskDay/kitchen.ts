// The kitchen's evening (rule: kitchen-steps): a confirmed booking moves through
// I ugnen (baking) → Klar (ready) → Hämtad/Serverad (picked_up), or Uteblev (no_show), and the
// last step can be undone. Each step is an event on the booking's kiosk-day stream, so history
// and replay show who moved the order and when.
import { msg } from '../messages.js';
import { reject } from '../shared/errors.js';

export type KitchenStatus = 'baking' | 'ready' | 'picked_up' | 'no_show';
export type KitchenStep = KitchenStatus | 'undo';

export const KITCHEN_STEPS = [
  'baking',
  'ready',
  'picked_up',
  'no_show',
  'undo',
] as const satisfies readonly KitchenStep[];
export const KITCHEN_STATUSES = ['baking', 'ready', 'picked_up', 'no_show'] as const satisfies readonly KitchenStatus[];

export interface KitchenStepRecordedData {
  booking_id: string;
  step: KitchenStep;
  /** The order's kitchen status after the step (null: back before the oven). */
  kitchen_status: KitchenStatus | null;
  previous_kitchen_status: KitchenStatus | null;
  at: string;
}

/**
 * What the day remembers of an order's way through the kitchen: its status, the statuses it
 * passed (so an undo knows where to go back to), and whether the last event was an undo (so a
 * retried undo changes nothing instead of undoing one step more).
 */
export interface KitchenTrack {
  status: KitchenStatus | null;
  passed: ReadonlyArray<KitchenStatus | null>;
  lastWasUndo: boolean;
}

/** A track with no step yet: one object for every such booking (tracks are never changed in place). */
export const NO_KITCHEN_STEPS: KitchenTrack = Object.freeze({
  status: null,
  passed: Object.freeze([]),
  lastWasUndo: false,
});

/** The status each forward step may start from. no_show: any time before the order is collected. */
const allowedFrom: Record<KitchenStatus, ReadonlyArray<KitchenStatus | null>> = {
  baking: [null],
  ready: ['baking'],
  picked_up: ['ready'],
  no_show: [null, 'baking', 'ready'],
};

/**
 * The forward steps an order can take from `status`, the main one first (the kitchen board's
 * buttons): I ugnen from no status, Klar from the oven, Hämtad/Serverad once ready, and Uteblev
 * any time before it is collected; none once finished. Read from `allowedFrom`, which decides them.
 */
export const nextKitchenSteps = (status: KitchenStatus | null): KitchenStatus[] =>
  KITCHEN_STATUSES.filter((step) => allowedFrom[step].includes(status));

/** Whether an order has a step to take back (the decider picks which one). */
export const canUndoKitchenStep = (status: KitchenStatus | null) => status !== null;

const outOfOrder: Record<KitchenStatus, string> = {
  baking: msg.kitchenAlreadyStarted,
  ready: msg.kitchenReadyNeedsBaking,
  picked_up: msg.kitchenPickupNeedsReady,
  no_show: msg.kitchenAlreadyPickedUp,
};

/**
 * Decides a kitchen step for an order already known to be confirmed: the event data to record,
 * or null when the step is a retry that changes nothing (the same step again, or an undo right
 * after an undo). Steps out of order are refused with a Swedish message.
 */
export function decideKitchenStep(
  bookingId: string,
  track: KitchenTrack,
  step: KitchenStep,
  at: string,
): KitchenStepRecordedData | null {
  if (step === 'undo') {
    if (track.lastWasUndo) return null;
    if (track.status === null || track.passed.length === 0) reject(msg.kitchenNothingToUndo);
    const back = track.passed[track.passed.length - 1]!;
    return { booking_id: bookingId, step, kitchen_status: back, previous_kitchen_status: track.status, at };
  }
  if (track.status === step) return null;
  if (!allowedFrom[step].includes(track.status)) reject(outOfOrder[step]);
  return { booking_id: bookingId, step, kitchen_status: step, previous_kitchen_status: track.status, at };
}

/** The track after a recorded step (evolve). */
export function evolveKitchenTrack(track: KitchenTrack, event: KitchenStepRecordedData): KitchenTrack {
  if (event.step === 'undo') {
    return { status: event.kitchen_status, passed: track.passed.slice(0, -1), lastWasUndo: true };
  }
  return { status: event.kitchen_status, passed: [...track.passed, track.status], lastWasUndo: false };
}
