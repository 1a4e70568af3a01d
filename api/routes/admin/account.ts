// The signed-in admin: logout, me and one's own password (everyone); the accounts and their live
// sessions (the owner: this plugin's capability is 'accounts', index.ts).
import { msg } from '../../../domain/messages.js';
import { idParams, numericIdParams } from '../../../domain/payloads.js';
import {
  adminListSchema,
  adminSessionListSchema,
  adminUserSchema,
  successAnswerSchema,
  userAnswerSchema,
} from '../../../domain/answers/index.js';
import { clearSession } from '../../auth/session.js';
import { limitedBy } from '../../http/rateLimits.js';
import {
  addAdminSchema,
  changeOwnPasswordSchema,
  resetPasswordSchema,
  setRoleSchema,
} from '../../../domain/admins/accountPayloads.js';
import { describeRoutes, refusals } from '../../http/routeSchema.js';
import { adminView } from '../../services/admins.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const accountRoutes: RoutePlugin = async (app, { deps: { services, secureCookies }, limiters }) => {
  describeRoutes(app, 'Konto');
  const success = { 200: successAnswerSchema, ...refusals };

  app.post(
    '/logout',
    {
      config: { capability: 'own-account' },
      schema: { summary: 'Logga ut (sessionen avslutas på servern)', response: success },
    },
    async (request, reply) => {
      await services.admins.endSession(request.sessionId!, 'logout', actorOf(request));
      clearSession(reply, secureCookies);
      return { success: true as const };
    },
  );

  app.get(
    '/me',
    {
      config: { capability: 'own-account' },
      schema: { summary: 'Den inloggade', response: { 200: userAnswerSchema, ...refusals } },
    },
    async (request) => ({ user: adminView(request.admin!) }),
  );

  app.put(
    '/me/password',
    {
      // Guessing the current password counts as sign-in attempts (LOGIN_ATTEMPTS_PER_MINUTE).
      ...limitedBy(limiters.login),
      config: { capability: 'own-account' },
      schema: {
        summary: 'Byt sitt eget lösenord (nuvarande och nytt); ens andra sessioner avslutas',
        body: changeOwnPasswordSchema,
        response: success,
      },
    },
    async (request) => {
      const { current_password, new_password } = request.body;
      await services.admins.changeOwnPassword(request.admin!, request.sessionId, current_password, new_password);
      return { success: true as const };
    },
  );

  app.post(
    '/admins',
    {
      schema: {
        summary: 'Lägg till ett konto (namn, e-post, roll, första lösenord)',
        body: addAdminSchema,
        response: { 201: adminUserSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const added = await services.admins.add(request.body, request.admin!);
      return reply.status(201).send(adminView(added));
    },
  );

  app.put(
    '/admins/:id/password',
    {
      schema: {
        summary: 'Sätt ett nytt lösenord åt en kollega; kontots sessioner avslutas',
        params: numericIdParams(msg.adminNotFound),
        body: resetPasswordSchema,
        response: success,
      },
    },
    async (request) => {
      await services.admins.resetPassword(request.params.id, request.body.password, request.admin!);
      return { success: true as const };
    },
  );

  app.put(
    '/admins/:id/role',
    {
      schema: {
        summary: 'Ändra ett kontos roll (den sista ägaren förblir ägare)',
        params: numericIdParams(msg.adminNotFound),
        body: setRoleSchema,
        response: { 200: adminUserSchema, ...refusals },
      },
    },
    async (request) => adminView(await services.admins.setRole(request.params.id, request.body.role, request.admin!)),
  );

  app.get(
    '/admins',
    { schema: { summary: 'Alla konton med roll', response: { 200: adminListSchema, ...refusals } } },
    async () => (await services.admins.list()).map(adminView),
  );

  app.delete(
    '/admins/:id',
    {
      schema: {
        summary: 'Ta bort ett annat konto (den sista ägaren kan inte tas bort); dess sessioner avslutas',
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
