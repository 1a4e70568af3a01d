// rule: go-live. "Stängt tills allt är klart" (issue 46): a new install served at its public address
// takes no web orders until the owner has done the checklist. One stream ('go-live') holds what the
// log does not say elsewhere: that this install started closed, the test mails asked for, and that
// the checklist was completed (after which it stays open, whatever is changed later).
import { assertNever, type Decider, type DomainEvent } from '../shared/decider.js';
import { eventsOf } from '../shared/events.js';

export const GO_LIVE_STREAM = 'go-live';

/** The checklist's steps, in the order the dashboard lists them. */
export const GO_LIVE_STEPS = ['seller', 'menu', 'opening_hours', 'test_mail', 'retention'] as const;
export type GoLiveStep = (typeof GO_LIVE_STEPS)[number];

/**
 * Whether PUBLIC_URL is a public address: anything but localhost, 127.0.0.1 (any 127.x), ::1 and
 * the names reserved for tests and examples, which never resolve on the internet (.test,
 * .example, .invalid, .localhost: RFC 2606 and RFC 6761, https://www.rfc-editor.org/rfc/rfc6761).
 * The README's local start and the tests have none, a localhost or a .test one, and stay open.
 */
export function isPublicUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host === '[::1]' || /^127\./.test(host)) return false;
  return !/\.(test|example|invalid|localhost)$/.test(host);
}

export type GoLiveEvent =
  /** Recorded at the first start on an empty log, when PUBLIC_URL was public: web orders wait for the checklist. */
  | DomainEvent<'ClosedUntilReady', { public_url: string }>
  /** Staff asked for a test mail to the admin e-mail (sent through the outbox, like every mail). */
  | DomainEvent<'TestMailRequested', { to: string }>
  /** Every step was done once: web orders are open for good. */
  | DomainEvent<'GoLiveCompleted', Record<string, never>>;

/** The go-live events: their decoding point (domain/shared/events.ts). */
export const goLiveEvents = eventsOf<GoLiveEvent>({
  ClosedUntilReady: true,
  TestMailRequested: true,
  GoLiveCompleted: true,
});

export type GoLiveCommand =
  | { type: 'StartClosed'; public_url: string; log_empty: boolean }
  | { type: 'RequestTestMail'; to: string }
  | { type: 'CompleteGoLive' };

export interface GoLiveState {
  closed_at_start: boolean;
  completed: boolean;
  test_mails: number;
}

export const goLiveDecider: Decider<GoLiveCommand, GoLiveEvent, GoLiveState> = {
  initialState: () => ({ closed_at_start: false, completed: false, test_mails: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case 'ClosedUntilReady':
        return { ...state, closed_at_start: true };
      case 'TestMailRequested':
        return { ...state, test_mails: state.test_mails + 1 };
      case 'GoLiveCompleted':
        return { ...state, completed: true };
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      // Only a first start (an empty log) at a public address closes: a kiosk that upgrades, or a
      // local install later moved, is never closed by this release.
      case 'StartClosed':
        return command.log_empty && isPublicUrl(command.public_url) && !state.closed_at_start
          ? [{ type: 'ClosedUntilReady', data: { public_url: command.public_url } }]
          : [];
      case 'RequestTestMail':
        return [{ type: 'TestMailRequested', data: { to: command.to } }];
      case 'CompleteGoLive':
        return state.closed_at_start && !state.completed ? [{ type: 'GoLiveCompleted', data: {} }] : [];
      default:
        return assertNever(command);
    }
  },
};

/** What the checklist is decided from: facts read from the log (and the mail log for the test mail). */
export interface GoLiveFacts {
  /** The seller's required details are filled in (rule: seller-first). */
  seller_complete: boolean;
  /** Every active pizza's allergens were declared by a person (an event of staff, not the seed). */
  menu_declared_by_staff: boolean;
  /** A settings save or a calendar change by staff after the first start. */
  opening_hours_set: boolean;
  /** A test mail asked for by staff was sent (the mail log says sent). */
  test_mail_sent: boolean;
  /** The retention was saved by a person (personal_data_retention_months in a settings save). */
  retention_chosen: boolean;
}

export interface ChecklistStep {
  step: GoLiveStep;
  done: boolean;
}

export const FACT_OF: Record<GoLiveStep, keyof GoLiveFacts> = {
  seller: 'seller_complete',
  menu: 'menu_declared_by_staff',
  opening_hours: 'opening_hours_set',
  test_mail: 'test_mail_sent',
  retention: 'retention_chosen',
};

/** The checklist: each step, done or not. */
export const goLiveChecklist = (facts: GoLiveFacts): ChecklistStep[] =>
  GO_LIVE_STEPS.map((step) => ({ step, done: facts[FACT_OF[step]] }));

/** The steps still to do, in the checklist's order. */
export const missingSteps = (facts: GoLiveFacts): GoLiveStep[] =>
  goLiveChecklist(facts)
    .filter((s) => !s.done)
    .map((s) => s.step);

/**
 * Whether web orders are closed: only on an install that started closed, not completed yet, and
 * served at a public address now (a copy run locally, say to try a restore, takes orders).
 */
export const webOrdersClosed = (state: GoLiveState, publicUrl: string, facts: GoLiveFacts | null): boolean =>
  state.closed_at_start &&
  !state.completed &&
  isPublicUrl(publicUrl) &&
  (facts === null || missingSteps(facts).length > 0);

/**
 * Every active pizza's allergens declared by a person: for each active pizza, the newest event
 * that set its declaration (non-null allergens) was written by someone other than 'system' (the
 * seed). No active pizza at all is not a menu: not done.
 */
export function menuDeclaredByStaff(
  events: ReadonlyArray<{ type: string; data: unknown; metadata: { actor: string } }>,
): boolean {
  const pizzas = new Map<number, { active: boolean; byStaff: boolean }>();
  for (const e of events) {
    const data = e.data as { id: number; active?: boolean; allergens?: unknown };
    if (e.type === 'PizzaAdded' || e.type === 'PizzaUpdated') {
      const declared = data.allergens != null;
      pizzas.set(data.id, { active: data.active !== false, byStaff: declared && e.metadata.actor !== 'system' });
    } else if (e.type === 'PizzaRemoved') pizzas.delete(data.id);
  }
  const active = [...pizzas.values()].filter((p) => p.active);
  return active.length > 0 && active.every((p) => p.byStaff);
}

/** A settings save by a person: a SettingsUpdated event (the seed and a reset are SettingsReset). */
export const settingsSavedByStaff = (events: ReadonlyArray<{ type: string; metadata: { actor: string } }>): boolean =>
  events.some((e) => e.type === 'SettingsUpdated' && e.metadata.actor !== 'system');
