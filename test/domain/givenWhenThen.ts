// given(decider, events).when(command).then(events) / .thenThrows(message): the decider's rules
// read as specifications. Given events are folded with evolve from the initial state; decide runs
// on that state; the result is compared with what is expected.
import { expect } from 'vitest';
import type { Decider, DomainEvent } from '../../domain/shared/decider.js';
import { DomainError, type DomainErrorKind } from '../../domain/shared/errors.js';

/** An event with only some of its data fields: what thenMatches compares. */
export type EventMatching<Event> =
  Event extends DomainEvent<infer Type, infer Data> ? { type: Type; data?: Partial<Data> } : never;

export interface Then<Event, State> {
  /** The command decides exactly these events. */
  then(expected: Event[]): void;
  /** The command decides events that match these (each a subset of an event's fields). */
  thenMatches(expected: Array<EventMatching<Event>>): void;
  /** The command is refused with a DomainError carrying this exact message (and kind, if given). */
  thenThrows(message: string, kind?: DomainErrorKind): void;
  /** The state after the given events and the decided ones, for rules seen only in the state. */
  thenState(): State;
}

export function given<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  events: Event[] = [],
) {
  // evolve may update the state in place, so every decision folds a fresh one.
  const fold = (more: Event[] = []) =>
    [...events, ...more].reduce((state, event) => decider.evolve(state, event), decider.initialState());
  return {
    state: () => fold(),
    when(command: Command): Then<Event, State> {
      const decide = () => decider.decide(command, fold());
      return {
        then(expected) {
          expect(decide()).toEqual(expected);
        },
        thenMatches(expected) {
          const decided = decide();
          expect(decided).toHaveLength(expected.length);
          expect(decided).toMatchObject(expected);
        },
        thenThrows(message, kind) {
          let thrown: unknown = undefined;
          let decided: Event[] | undefined;
          try {
            decided = decide();
          } catch (error) {
            thrown = error;
          }
          if (decided) expect.fail(`expected "${message}" but decided ${JSON.stringify(decided)}`);
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).message).toBe(message);
          if (kind) expect((thrown as DomainError).kind).toBe(kind);
        },
        thenState() {
          return fold(decide());
        },
      };
    },
  };
}
