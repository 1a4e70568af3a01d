// A process manager (emmett's workflow): a process over several streams, as one pure object. What
// happened (the request, and each step's outcome as its runner reports it) is folded into the
// process's own small state with evolve; decide answers the step that follows it. The runner (an
// application service) only runs the steps it is told and reports back, so the order of the steps,
// and what is given back when one is refused, is the domain's.
export interface Process<Input, State, Step> {
  initialState(): State;
  /** The state once this input happened. */
  evolve(state: State, input: Input): State;
  /** The step that follows this input, given the state before it. */
  decide(input: Input, state: State): Step;
}
