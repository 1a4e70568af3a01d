// Admin calls (SPEC 7). Login is open; every other route needs a valid session (401 otherwise).
// Every admin answer is no-store, and every call must come from the site itself (sameSite).
import './actor.js';
import cookie from '@fastify/cookie';
import { msg } from '../../../domain/messages.js';
import { loginSchema } from '../../../domain/payloads.js';
import { DomainError } from '../../../domain/shared/errors.js';
import {
  SESSION_HOURS,
  newSessionSecret,
  requestSessionId,
  sessionIdOf,
  setSessionCookie,
} from '../../auth/session.js';
import { limitedBy } from '../../http/rateLimits.js';
import { sameSiteJsonOnly } from '../../http/sameSite.js';
import { declareSessionRequired, refusals } from '../../http/routeSchema.js';
import { userAnswerSchema } from '../../../domain/answers/index.js';
import { adminView } from '../../services/admins.js';
import type { RoutePlugin } from '../../appDeps.js';
import { accountRoutes } from './account.js';
import { bookingRoutes } from './bookings.js';
import { kitchenRoutes } from './kitchen.js';
import { staffOrderRoutes } from './staffOrders.js';
import { reportRoutes } from './reports.js';
import { pizzaRoutes } from './pizzas.js';
import { extraRoutes } from './extras.js';
import { bonusCodeRoutes } from './bonusCodes.js';
import { statsRoutes } from './stats.js';
import { settingsRoutes } from './settings.js';
import { calendarRoutes } from './calendar.js';
import { closureRoutes } from './closures.js';
import { vipRoutes } from './vip.js';
import { accountingRoutes } from './accounting.js';
import { customerRoutes } from './customers.js';
import { waitlistAdminRoutes } from './waitlist.js';
import { mailRoutes } from './mails.js';
import { counterRoutes } from './counter.js';
import { smsStatsRoutes } from './smsStats.js';
import { swishRoutes } from './swish.js';
import { declareCapability, requireCapability } from './capabilities.js';
import type { Capability } from '../../../domain/admins/roles.js';

/**
 * The capability each plugin's routes need unless a route names its own (rule: admin-roles).
 * A plugin not named here is the owner's alone: a new admin route is owner-only until it says otherwise.
 */
const PLUGIN_CAPABILITY = new Map<RoutePlugin, Capability>([
  [accountRoutes, 'accounts'],
  [bookingRoutes, 'bookings'],
  [staffOrderRoutes, 'bookings'],
  [waitlistAdminRoutes, 'bookings'],
  [kitchenRoutes, 'kitchen'],
  [counterRoutes, 'counter'],
  [mailRoutes, 'mail-log'],
]);

export const adminRoutes: RoutePlugin = async (app, { deps, limiters }) => {
  const { services } = deps;
  // The session cookie lives here alone: no other route reads or sets a cookie, and every request
  // elsewhere (the availability query a booking page polls above all) would pay the plugin's
  // parse and its set-cookie hook for nothing (docs/bench.md, "The availability query").
  await app.register(cookie, { secret: app.cookieSecret });
  app.decorateRequest('admin', null);
  app.decorateRequest('sessionId', null);
  // Admin answers (bookings, customers, reports) are never kept by a browser or proxy cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Login too: signing a browser into an attacker's account is a forgery of its own.
  app.addHook('onRequest', sameSiteJsonOnly(deps.publicUrl));

  const loginRouteSchema = {
    summary: 'Logga in (sätter sessionskakan pk_session)',
    tags: ['Konto'],
    body: loginSchema,
    response: { 200: userAnswerSchema, ...refusals },
  };
  app.post('/login', { ...limitedBy(limiters.login), schema: loginRouteSchema }, async (request, reply) => {
    const { email, password } = request.body;
    const admin = await services.admins.verifyCredentials(email, password);
    const secret = newSessionSecret();
    await services.admins.startSession(admin, sessionIdOf(secret), SESSION_HOURS);
    setSessionCookie(reply, secret, deps.secureCookies);
    return { user: adminView(admin) };
  });

  await app.register(async (secured) => {
    // Every route in here needs the session cookie: the OpenAPI document says so.
    declareSessionRequired(secured);
    // The session must be one the server knows, not ended and not expired, of an admin who exists.
    // Before the request is validated: without a session, every call answers 401 whatever it sent.
    secured.addHook('preValidation', async (request) => {
      const sessionId = requestSessionId(request);
      request.admin = await services.admins.sessionAdmin(sessionId);
      if (!request.admin) throw new DomainError(msg.notSignedIn, 'unauthorized');
      request.sessionId = sessionId;
    });
    // Then the role: staff get 403 on what only the owner may do (api/routes/admin/capabilities.ts).
    secured.addHook('preValidation', requireCapability);
    for (const routes of [
      accountRoutes,
      bookingRoutes,
      kitchenRoutes,
      staffOrderRoutes,
      reportRoutes,
      pizzaRoutes,
      extraRoutes,
      bonusCodeRoutes,
      statsRoutes,
      settingsRoutes,
      calendarRoutes,
      closureRoutes,
      vipRoutes,
      waitlistAdminRoutes,
      accountingRoutes,
      customerRoutes,
      mailRoutes,
      counterRoutes,
      smsStatsRoutes,
      swishRoutes,
    ]) {
      await secured.register(async (scope) => {
        declareCapability(scope, PLUGIN_CAPABILITY.get(routes));
        await scope.register(routes, { deps, limiters });
      });
    }
  });
};
