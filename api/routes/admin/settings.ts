// The kiosk's settings: read, save, reset to SPEC's defaults, and the sync-calendar report.
import { msg } from '../../../domain/messages.js';
import { settingsSchema } from '../../../domain/settings/settings.js';
import { getSettings } from '../../../read-models/queries/common.js';
import { parse } from '../../http/validate.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const settingsRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  app.get('/settings', async () => getSettings(docs));

  app.put('/settings', async (request) => {
    const settings = await services.settings.update(parse(settingsSchema, request.body), actorOf(request));
    return { success: true, settings };
  });

  app.post('/settings/reset', async (request) => ({ success: true, settings: await services.settings.reset(actorOf(request)) }));

  // Weekday hours apply live, so syncing stores nothing: it reports (see README, API section).
  app.post('/settings/sync-calendar', async () => {
    const report = await services.calendar.weekdaySync();
    return { success: true, message: msg.calendarSynced, updated_days: report.updated, open_days: report.open, kept_days: report.kept, until: report.until };
  });
};
