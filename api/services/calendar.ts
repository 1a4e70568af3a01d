// The calendar on the kiosk-day streams: a date's own hours (open or closed), VIP marks, and the
// sync-calendar report of which coming dates follow the weekday settings.
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import { dayHours, furthestBookableDate, weekdaySyncReport } from '../../domain/kioskDay/schedule.js';
import { todayIn } from '../../domain/shared/time.js';
import type { DocumentStore } from '../../read-models/documentStore.js';
import { COLLECTIONS, type DayDoc } from '../../read-models/shapes.js';
import type { Commands } from './commands.js';
import type { SettingsService } from './settings.js';
import type { ClosuresInEffect } from './closuresInEffect.js';

export class CalendarService {
  constructor(
    private readonly commands: Commands,
    private readonly settings: SettingsService,
    private readonly closures: Pick<ClosuresInEffect, 'current'>,
    private readonly docs: DocumentStore,
  ) {}

  async setDaySchedule(input: { date: string; isOpen: boolean; openTime?: string; closeTime?: string }, actor: string) {
    const [settings, day] = await Promise.all([
      this.settings.current(),
      this.commands.load(kioskDayStream(input.date), kioskDayDecider),
    ]);
    // Times left out keep the day's current hours, so toggling open/closed is one field.
    const current = dayHours(input.date, settings, day.state.entry);
    const entry = {
      isOpen: input.isOpen,
      openTime: input.openTime ?? current.openTime,
      closeTime: input.closeTime ?? current.closeTime,
    };
    const { position } = await this.commands.write(
      kioskDayStream(input.date),
      kioskDayDecider,
      { type: 'SetDaySchedule', date: input.date, entry },
      actor,
    );
    return position;
  }

  /** The day's events as stored (answers built from them: projections/asWritten.ts). */
  dayEvents(date: string) {
    return this.commands.bus.readStream(kioskDayStream(date));
  }

  async markVipDate(date: string, description: string | null, actor: string) {
    const [settings, closures] = await Promise.all([this.settings.current(), this.closures.current()]);
    await this.commands.write(
      kioskDayStream(date),
      kioskDayDecider,
      { type: 'MarkDayVip', date, description, actor, settings, closures },
      actor,
    );
  }

  async removeVipDate(date: string, actor: string) {
    await this.commands.write(kioskDayStream(date), kioskDayDecider, { type: 'RemoveDayVip', date }, actor);
  }

  /** Which coming dates follow the weekday settings and which keep their own entry (see weekdaySyncReport). */
  async weekdaySync() {
    const settings = await this.settings.current();
    const today = todayIn(this.commands.clock());
    const until = furthestBookableDate(today, settings);
    const days = await this.docs.find<DayDoc>(COLLECTIONS.days, { date: { $gte: today, $lte: until } });
    return weekdaySyncReport(today, settings, new Set(days.filter((d) => d.entry !== null).map((d) => d.date)));
  }
}
