// rule: go-live. "Stängt tills allt är klart": the facts the checklist is decided from, read from
// the log (the settings and menu streams with who wrote each event, the calendar's entries) and
// the mail log (whether the newest test mail was sent); the decision is domain/goLive/goLive.ts.
// Once every step is done the completion is recorded, and web orders stay open for good.
import {
  GO_LIVE_STREAM,
  goLiveChecklist,
  goLiveDecider,
  goLiveEvents,
  menuDeclaredByStaff,
  missingSteps,
  settingsSavedByStaff,
  webOrdersClosed,
  type GoLiveFacts,
  type GoLiveState,
  type GoLiveStep,
} from '../../domain/goLive/goLive.js';
import { MENU_STREAM } from '../../domain/menu/menu.js';
import { msg } from '../../domain/messages.js';
import { DomainError } from '../../domain/shared/errors.js';
import { SETTINGS_STREAM } from '../../domain/settings/settings.js';
import { missingRequiredSellerFields } from '../../domain/settings/seller.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { COLLECTIONS, type DayDoc } from '../../read-models/shapes.js';
import { MAIL_LOG, type MailItem } from '../mail/outbox.js';
import type { Commands } from './commands.js';
import type { SettingsService } from './settings.js';

export interface GoLiveStatus {
  applies: boolean;
  web_orders_open: boolean;
  steps: { step: GoLiveStep; done: boolean }[];
  missing: GoLiveStep[];
  test_mail: { to: string; state: string; relay: boolean } | null;
}

export class GoLiveService {
  /** Set once web orders are open for good (completed, or never closed): no read per order after. */
  private openForGood = false;
  /**
   * Whether mail goes to a relay (SMTP_URL). Without one, mail is written to files in DATA_DIR and
   * marked sent: a test mail then proves nothing, and the step stays open (api/server.ts sets it).
   */
  private relayConfigured = true;

  useMailRelay(configured: boolean): void {
    this.relayConfigured = configured;
  }

  constructor(
    private readonly commands: Commands,
    private readonly settings: SettingsService,
    private readonly docs: DocumentStore,
  ) {}

  private async state(): Promise<{ state: GoLiveState; events: { id: string; type: string; data: unknown }[] }> {
    const events = await this.commands.bus.readStream(GO_LIVE_STREAM);
    const state = goLiveEvents
      .decodeAll(events)
      .reduce((s, e) => goLiveDecider.evolve(s, e), goLiveDecider.initialState());
    return { state, events };
  }

  /**
   * The first start: on an empty log at a public address, web orders wait for the checklist. Call
   * before anything else is written (api/server.ts), with whether the log held anything.
   */
  async recordStart(publicUrl: string, logEmpty: boolean): Promise<void> {
    await this.commands.bus.handle(
      GO_LIVE_STREAM,
      goLiveDecider,
      { type: 'StartClosed', public_url: publicUrl, log_empty: logEmpty },
      this.commands.meta('system'),
    );
  }

  /** The newest test mail's outbox item, by the reactor's id (event id × key). */
  private async testMail(events: { id: string; type: string; data: unknown }[]) {
    const asked = events.filter((e) => e.type === 'TestMailRequested').at(-1);
    if (!asked) return null;
    const item = await this.docs.get<MailItem>(MAIL_LOG, `${asked.id}-test`);
    return { to: (asked.data as { to: string }).to, state: item?.status ?? 'pending', relay: this.relayConfigured };
  }

  /** The facts, read from the log and the mail log. */
  async facts(events?: { id: string; type: string; data: unknown }[]): Promise<GoLiveFacts> {
    const [settingsEvents, menuEvents, settings, days, mail] = await Promise.all([
      this.commands.bus.readStream(SETTINGS_STREAM),
      this.commands.bus.readStream(MENU_STREAM),
      this.settings.current(),
      this.docs.find<DayDoc>(COLLECTIONS.days),
      this.testMail(events ?? (await this.state()).events),
    ]);
    const savedByStaff = settingsSavedByStaff(settingsEvents);
    return {
      seller_complete: missingRequiredSellerFields(settings.seller).length === 0,
      menu_declared_by_staff: menuDeclaredByStaff(menuEvents),
      // A calendar entry is only ever made by staff (SetDaySchedule).
      opening_hours_set: savedByStaff || days.some((d) => d.entry !== null && d.entry !== undefined),
      test_mail_sent: mail?.state === 'sent' && this.relayConfigured,
      retention_chosen: savedByStaff,
    };
  }

  /** The checklist as the dashboard and /api/ready show it; records the completion once all is done. */
  async status(): Promise<GoLiveStatus> {
    const { state, events } = await this.state();
    const applies = state.closed_at_start && !state.completed;
    const facts = await this.facts(events);
    const closed = webOrdersClosed(state, this.commands.publicUrl, facts);
    if (applies && missingSteps(facts).length === 0) await this.complete();
    return {
      applies,
      web_orders_open: !closed,
      steps: goLiveChecklist(facts),
      missing: applies ? missingSteps(facts) : [],
      test_mail: await this.testMail(events),
    };
  }

  private async complete() {
    await this.commands.write(GO_LIVE_STREAM, goLiveDecider, { type: 'CompleteGoLive' }, 'system');
    this.openForGood = true;
  }

  /** Whether web orders are open now (rule: go-live). */
  async webOrdersOpen(): Promise<boolean> {
    if (this.openForGood) return true;
    const { state, events } = await this.state();
    if (!state.closed_at_start || state.completed) {
      // Never closed, or completed: nothing can close it again.
      this.openForGood = true;
      return true;
    }
    const facts = await this.facts(events);
    if (!webOrdersClosed(state, this.commands.publicUrl, facts)) {
      if (missingSteps(facts).length === 0) await this.complete();
      return true;
    }
    return false;
  }

  /** Refuses a web order while the checklist is not done: nothing is written. */
  async assertWebOrdersOpen(): Promise<void> {
    if (!(await this.webOrdersOpen())) throw new DomainError(msg.webOrdersNotOpenYet, 'conflict');
  }

  /** "Skicka testmejl": to the admin e-mail, through the outbox (the mail reactor writes the item). */
  async requestTestMail(actor: string): Promise<string> {
    const to = (await this.settings.current()).admin_email;
    if (!to) throw new DomainError(msg.testMailNoAdminEmail, 'rejected');
    await this.commands.write(GO_LIVE_STREAM, goLiveDecider, { type: 'RequestTestMail', to }, actor);
    return to;
  }
}
