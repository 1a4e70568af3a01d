// The kiosk's settings: read, save, reset to SPEC's defaults, and the sync-calendar report.
import { msg } from '../../../domain/messages.js';
import { settingsSchema } from '../../../domain/settings/settings.js';
import { adminSettingsSchema, calendarSyncSchema, settingsSavedSchema } from '../../../domain/answers/index.js';
import { getSettings } from '../../../read-models/queries/common.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const settingsRoutes: RoutePlugin = async (app, { deps: { services, docs } }) => {
  describeRoutes(app, 'Inställningar');
  const saved = { 200: settingsSavedSchema, ...refusals };

  app.get(
    '/settings',
    { schema: { summary: 'Inställningarna', response: { 200: adminSettingsSchema, ...refusals } } },
    async () => getSettings(docs),
  );

  app.put(
    '/settings',
    { schema: { summary: 'Spara hela inställningsobjektet', body: settingsSchema, response: saved } },
    async (request) => ({
      success: true as const,
      settings: await services.settings.update(request.body, actorOf(request)),
    }),
  );

  app.post(
    '/settings/reset',
    { schema: { summary: 'Återställ SPEC:s standardvärden (admin-e-posten behålls)', response: saved } },
    async (request) => ({
      success: true as const,
      settings: await services.settings.reset(actorOf(request)),
    }),
  );

  // Weekday hours apply live, so syncing stores nothing: it reports (see docs/api.md).
  app.post(
    '/settings/sync-calendar',
    {
      schema: {
        summary: 'Vilka kommande datum följer veckodagarna',
        response: { 200: calendarSyncSchema, ...refusals },
      },
    },
    async () => {
      const report = await services.calendar.weekdaySync();
      return {
        success: true as const,
        message: msg.calendarSynced,
        updated_days: report.updated,
        open_days: report.open,
        kept_days: report.kept,
        until: report.until,
      };
    },
  );
};
