// The admin calendar: a week (or up to CALENDAR_RANGE_MAX_DAYS) of days, and one day's hours.
import { calendarDaySchema, calendarWeekQuerySchema } from '../../../domain/payloads.js';
import { calendarDayView, calendarWeek } from '../../../read-models/queries/admin.js';
import { parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const calendarRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  app.get('/calendar/week', async (request) => calendarWeek(docs, parse(calendarWeekQuerySchema, request.query)));

  app.post('/calendar/day', async (request) => {
    const input = parse(calendarDaySchema, request.body);
    await services.calendar.setDaySchedule(input, actorOf(request));
    return { success: true, day: await calendarDayView(docs, input.date) };
  });
};
