// The decider shape (thinkbeforecoding's "Functional Event Sourcing Decider", as in emmett):
// decide(command, state) -> events, or a thrown DomainError; evolve(state, event) -> state.
//
// evolve may update the state object in place and return it: a kiosk day can hold thousands of
// bookings and copying them per event would make loading a stream quadratic. The command handler
// owns each state exclusively and discards it whenever an append fails.

export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
  /**
   * How many records the state holds (a kiosk day: its bookings), for the command bus's memory
   * bound; without it a state weighs as many as the events folded into it.
   */
  weight?(state: State): number;
}

/** Compile-time exhaustiveness: a command or event nobody handles fails to type-check. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
