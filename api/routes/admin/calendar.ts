// The admin calendar: a week (or up to CALENDAR_RANGE_MAX_DAYS) of days, and one day's hours.
import { calendarDaySchema, calendarWeekQuerySchema } from '../../../domain/payloads.js';
import { calendarDaySavedSchema, calendarWeekSchema } from '../../../domain/answers/index.js';
import { calendarDay, calendarWeek } from '../../../read-models/queries/admin.js';
import { getClosures, getSettings } from '../../../read-models/queries/common.js';
import { dayAsWritten } from '../../../projections/asWritten.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const calendarRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Kalender');

  const weekSchema = {
    summary: 'Dagarna från start till end (standard: en vecka)',
    querystring: calendarWeekQuerySchema,
    response: { 200: calendarWeekSchema, ...refusals },
  };
  app.get('/calendar/week', { schema: weekSchema }, async (request) => calendarWeek(docs, request.query));

  const daySchema = {
    summary: 'Öppet eller stängt och öppettider för ett datum',
    body: calendarDaySchema,
    response: { 200: calendarDaySavedSchema, ...refusals },
  };
  app.post('/calendar/day', { schema: daySchema }, async (request) => {
    const { date } = request.body;
    const position = await services.calendar.setDaySchedule(request.body, actorOf(request));
    // The day as this write left it, also when the read model lags (projections/asWritten.ts).
    const [settings, closures, day] = await Promise.all([
      getSettings(docs),
      getClosures(docs),
      dayAsWritten(docs, date, position, () => services.calendar.dayEvents(date)),
    ]);
    return { success: true as const, day: calendarDay(date, settings, day, closures) };
  });
};
