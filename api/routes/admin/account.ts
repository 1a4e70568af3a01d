// The signed-in admin: logout, me, the admins and their live sessions.
import { msg } from '../../../domain/messages.js';
import { idParams, numericIdParams } from '../../../domain/payloads.js';
import {
  adminListSchema,
  adminSessionListSchema,
  successAnswerSchema,
  userAnswerSchema,
} from '../../../domain/answers/index.js';
import { clearSession } from '../../auth/session.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import { adminView } from '../../services/admins.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const accountRoutes: RoutePlugin = async (app, { deps: { services, secureCookies } }) => {
  describeRoutes(app, 'Konto');
  const success = { 200: successAnswerSchema, ...refusals };

  app.post(
    '/logout',
    { schema: { summary: 'Logga ut (sessionen avslutas på servern)', response: success } },
    async (request, reply) => {
      await services.admins.endSession(request.sessionId!, 'logout', actorOf(request));
      clearSession(reply, secureCookies);
      return { success: true as const };
    },
  );

  app.get(
    '/me',
    { schema: { summary: 'Den inloggade', response: { 200: userAnswerSchema, ...refusals } } },
    async (request) => ({ user: adminView(request.admin!) }),
  );

  app.get(
    '/admins',
    { schema: { summary: 'Alla administratörer', response: { 200: adminListSchema, ...refusals } } },
    async () => (await services.admins.list()).map(adminView),
  );

  app.delete(
    '/admins/:id',
    {
      schema: {
        summary: 'Ta bort en annan administratör',
        params: numericIdParams(msg.adminNotFound),
        response: success,
      },
    },
    async (request) => {
      await services.admins.remove(request.params.id, request.admin!);
      return { success: true as const };
    },
  );

  app.get(
    '/sessions',
    { schema: { summary: 'Levande sessioner, nyaste först', response: { 200: adminSessionListSchema, ...refusals } } },
    async (request) => services.admins.liveSessions(request.sessionId),
  );

  app.delete(
    '/sessions/:id',
    { schema: { summary: 'Avsluta en session i alla processer', params: idParams, response: success } },
    async (request) => {
      await services.admins.endSession(request.params.id, 'ended_by_admin', actorOf(request));
      return { success: true as const };
    },
  );
};
