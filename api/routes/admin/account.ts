// The signed-in admin: logout, me, the admins and their live sessions.
import { msg } from '../../../domain/messages.js';
import { clearSession } from '../../auth/session.js';
import { numericId } from '../../http/validate.js';
import { adminView } from '../../services/admins.js';
import type { RoutePlugin } from '../../appDeps.js';
import { actorOf } from './actor.js';

export const accountRoutes: RoutePlugin = async (app, { deps: { services, secureCookies } }) => {
  app.post('/logout', async (request, reply) => {
    await services.admins.endSession(request.sessionId!, 'logout', actorOf(request));
    clearSession(reply, secureCookies);
    return { success: true };
  });

  app.get('/me', async (request) => ({ user: adminView(request.admin!) }));

  app.get('/admins', async () => (await services.admins.list()).map(adminView));

  app.delete<{ Params: { id: string } }>('/admins/:id', async (request) => {
    await services.admins.remove(numericId(request.params.id, msg.adminNotFound), request.admin!);
    return { success: true };
  });

  app.get('/sessions', async (request) => services.admins.liveSessions(request.sessionId));

  app.delete<{ Params: { id: string } }>('/sessions/:id', async (request) => {
    await services.admins.endSession(request.params.id, 'ended_by_admin', actorOf(request));
    return { success: true };
  });
};
