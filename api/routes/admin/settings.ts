// The kiosk's settings: read, save, reset to SPEC's defaults, and the sync-calendar report.
import { msg } from '../../../domain/messages.js';
import { settingsSchema } from '../../../domain/settings/settings.js';
import { adminSettingsSchema, calendarSyncSchema, settingsSavedSchema } from '../../../domain/answers/index.js';
import { getSettings } from '../../../read-models/queries/common.js';
import { goLiveAnswerSchema, logoUploadSchema, testMailAnswerSchema } from '../../../domain/answers/kiosk.js';
import { z } from 'zod';
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

  // rule: kiosk-identity. The logo: PNG or SVG, checked by its content, at most 256 kB.
  app.put(
    '/settings/logo',
    {
      schema: {
        summary: 'Ladda upp kioskens logotyp (PNG eller SVG, högst 256 kB)',
        body: logoUploadSchema,
        response: { 200: z.strictObject({ success: z.literal(true), logo_url: z.string() }), ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      logo_url: await services.kiosk.upload(request.body.data_base64, actorOf(request)),
    }),
  );

  app.delete(
    '/settings/logo',
    {
      schema: {
        summary: 'Ta bort kioskens logotyp',
        response: { 200: z.strictObject({ success: z.literal(true) }), ...refusals },
      },
    },
    async (request) => {
      await services.kiosk.remove(actorOf(request));
      return { success: true as const };
    },
  );

  // rule: go-live. The checklist before the first web order, and its test mail.
  app.get(
    '/go-live',
    {
      schema: {
        summary: 'Checklistan innan kiosken tar emot beställningar på webben',
        response: { 200: goLiveAnswerSchema, ...refusals },
      },
    },
    async () => {
      const { missing: _missing, ...status } = await services.goLive.status();
      return status;
    },
  );

  app.post(
    '/settings/test-mail',
    {
      schema: {
        summary: 'Skicka ett testmejl till admin-e-posten',
        response: { 200: testMailAnswerSchema, ...refusals },
      },
    },
    async (request) => ({ success: true as const, to: await services.goLive.requestTestMail(actorOf(request)) }),
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
