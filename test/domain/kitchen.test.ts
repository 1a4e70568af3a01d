// The kitchen's steps on a confirmed booking (rule: kitchen-steps in domain/README.md).
import { describe, expect, it } from 'vitest';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import type { KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import {
  KITCHEN_STATUSES,
  canUndoKitchenStep,
  decideKitchenStep,
  nextKitchenSteps,
  type KitchenStatus,
  type KitchenStep,
} from '../../domain/kioskDay/kitchen.js';
import { bookingHistory } from '../../domain/kioskDay/history.js';
import type { RecordedEvent } from '../../domain/eventStore.js';
import { msg } from '../../domain/messages.js';
import { given } from './givenWhenThen.js';
import { cancelled, clock, confirmed, placed } from './fixtures.js';

const BOOKING = placed();
const ID = '20261124-1';
const AT = clock.now.toISOString();
const step = (s: KitchenStep) => ({ type: 'RecordKitchenStep' as const, bookingId: ID, step: s, clock });
const recorded = (s: KitchenStep, to: KitchenStatus | null, from: KitchenStatus | null): KioskDayEvent => ({
  type: 'KitchenStepRecorded',
  data: { booking_id: ID, step: s, kitchen_status: to, previous_kitchen_status: from, at: AT },
});
const day = (...events: KioskDayEvent[]) => given(kioskDayDecider, [BOOKING, ...events]);

describe('a confirmed booking not yet in the kitchen (rule: kitchen-steps)', () => {
  it('goes into the oven', () => {
    day(confirmed(ID))
      .when(step('baking'))
      .then([recorded('baking', 'baking', null)]);
  });
  it('can be marked as not collected before it is baked', () => {
    day(confirmed(ID))
      .when(step('no_show'))
      .then([recorded('no_show', 'no_show', null)]);
  });
  it('cannot be ready or collected before it is in the oven', () => {
    day(confirmed(ID)).when(step('ready')).thenThrows(msg.kitchenReadyNeedsBaking);
    day(confirmed(ID)).when(step('picked_up')).thenThrows(msg.kitchenPickupNeedsReady);
  });
  it('has no step to undo', () => {
    day(confirmed(ID)).when(step('undo')).thenThrows(msg.kitchenNothingToUndo);
  });
});

describe('an order in the oven', () => {
  const baking = [confirmed(ID), recorded('baking', 'baking', null)];
  it('becomes ready', () => {
    day(...baking)
      .when(step('ready'))
      .then([recorded('ready', 'ready', 'baking')]);
  });
  it('changes nothing when put into the oven again (a retried request)', () => {
    day(...baking)
      .when(step('baking'))
      .then([]);
  });
  it('cannot be collected before it is ready', () => {
    day(...baking)
      .when(step('picked_up'))
      .thenThrows(msg.kitchenPickupNeedsReady);
  });
  it('goes back out of the oven on undo', () => {
    day(...baking)
      .when(step('undo'))
      .then([recorded('undo', null, 'baking')]);
  });
});

describe('a ready order', () => {
  const ready = [confirmed(ID), recorded('baking', 'baking', null), recorded('ready', 'ready', 'baking')];
  it('is collected (or served)', () => {
    day(...ready)
      .when(step('picked_up'))
      .then([recorded('picked_up', 'picked_up', 'ready')]);
  });
  it('or marked as a no-show', () => {
    day(...ready)
      .when(step('no_show'))
      .then([recorded('no_show', 'no_show', 'ready')]);
  });
  it('cannot go back into the oven except by undo', () => {
    day(...ready)
      .when(step('baking'))
      .thenThrows(msg.kitchenAlreadyStarted);
    day(...ready)
      .when(step('undo'))
      .then([recorded('undo', 'baking', 'ready')]);
  });
});

describe('a collected order', () => {
  const collected = [
    confirmed(ID),
    recorded('baking', 'baking', null),
    recorded('ready', 'ready', 'baking'),
    recorded('picked_up', 'picked_up', 'ready'),
  ];
  it('cannot turn into a no-show', () => {
    day(...collected)
      .when(step('no_show'))
      .thenThrows(msg.kitchenAlreadyPickedUp);
  });
  it('goes back to ready on undo, and a retried undo changes nothing more', () => {
    day(...collected)
      .when(step('undo'))
      .then([recorded('undo', 'ready', 'picked_up')]);
    day(...collected, recorded('undo', 'ready', 'picked_up'))
      .when(step('undo'))
      .then([]);
  });
  it('can be collected again after an undo', () => {
    day(...collected, recorded('undo', 'ready', 'picked_up'))
      .when(step('picked_up'))
      .then([recorded('picked_up', 'picked_up', 'ready')]);
  });
  it('keeps its status in the day state', () => {
    const state = day(...collected).state();
    expect(state.bookings.get(ID)?.kitchen.status).toBe('picked_up');
  });
});

describe('a booking that is not confirmed', () => {
  it('does not go to the kitchen while pending', () => {
    day().when(step('baking')).thenThrows(msg.kitchenNeedsConfirmed);
  });
  it('nor once cancelled', () => {
    day(confirmed(ID), cancelled(BOOKING, 'confirmed')).when(step('baking')).thenThrows(msg.bookingAlreadyCancelled);
  });
  it('nor when it does not exist', () => {
    given(kioskDayDecider, []).when(step('baking')).thenThrows(msg.bookingNotFound, 'not_found');
  });
});

describe('the history', () => {
  it('shows each kitchen step with its actor and time', () => {
    const events = [BOOKING, confirmed(ID), recorded('baking', 'baking', null)].map(
      (e, i) =>
        ({
          ...e,
          id: String(i),
          streamName: 'kioskday-2026-11-24',
          revision: i,
          position: BigInt(i),
          metadata: { actor: 'staff@example.se', timestamp: AT },
        }) as unknown as RecordedEvent,
    );
    const entries = bookingHistory(events, ID);
    expect(entries.at(-1)).toEqual({
      type: 'KitchenStepRecorded',
      time: AT,
      actor: 'staff@example.se',
      data: { step: 'baking', kitchen_status: 'baking', previous_kitchen_status: null },
    });
  });
});

describe("the kitchen board's buttons (nextKitchenSteps)", () => {
  it('go I ugnen → Klar → Hämtad, Uteblev until collected, none once finished; undo after any step', () => {
    expect(nextKitchenSteps(null)).toEqual(['baking', 'no_show']);
    expect(nextKitchenSteps('baking')).toEqual(['ready', 'no_show']);
    expect(nextKitchenSteps('ready')).toEqual(['picked_up', 'no_show']);
    expect(nextKitchenSteps('picked_up')).toEqual([]);
    expect(nextKitchenSteps('no_show')).toEqual([]);
    expect(canUndoKitchenStep(null)).toBe(false);
    for (const status of KITCHEN_STATUSES) expect(canUndoKitchenStep(status)).toBe(true);
  });
  it('offer exactly the forward steps the decider records from each status', () => {
    for (const status of [null, ...KITCHEN_STATUSES]) {
      const track = { status, passed: status === null ? [] : [null], lastWasUndo: false };
      const recordable = KITCHEN_STATUSES.filter((s) => {
        try {
          return decideKitchenStep(ID, track, s, AT) !== null;
        } catch {
          return false;
        }
      });
      expect([...nextKitchenSteps(status)].sort(), String(status)).toEqual([...recordable].sort());
    }
  });
});
