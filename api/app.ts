// The Fastify application: external plugins first, then error handling, then the routes of
// SPEC section 7 under /api. The composition root (server.ts) builds the dependencies.
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import type { AppDeps } from './appDeps.js';
import { MAX_PARAM_LENGTH, clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.js';
import { registerSecurityHeaders } from './http/securityHeaders.js';
import { lazyChildLogger, loggerOptions } from './http/logging.js';
import { registerRateLimits, type Limiters } from './http/rateLimits.js';
import { publicRoutes } from './routes/public/index.js';
import { adminRoutes } from './routes/admin/index.js';
import { registerUi } from './http/ui.js';
import { registerOpenApi } from './http/openapi.js';
import { recordRoutes } from './http/routeSchema.js';
import { serializerCompiler, validatorCompiler } from './http/validate.js';
import { APP_VERSION } from '../domain/version.js';

export type { AppDeps, Limiters };

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const requestTimeout = deps.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    // Request lines are logged at info level: without LOG_REQUESTS the level is warn.
    logger: loggerOptions({ logRequests: deps.logger ?? false, logIps: deps.logIps ?? false, stream: deps.logStream }),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: 256 * 1024,
    trustProxy: trustProxyOption(deps.trustProxy),
    // Ids, booking numbers and VIP tokens are far shorter; longer answers 414 with a Swedish error.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    requestTimeout,
    connectionTimeout: deps.connectionTimeoutMs ?? 10_000,
    // Node watches request deadlines only when the server is created with one (Fastify sets it
    // afterwards), and checks every 30 s by default: far too coarse for a 30 s limit.
    http:
      requestTimeout > 0
        ? { requestTimeout, connectionsCheckingInterval: Math.min(1000, Math.max(100, requestTimeout / 4)) }
        : {},
    frameworkErrors,
    clientErrorHandler,
  });
  await registerSecurityHeaders(app, {
    production: deps.secureCookies,
    viteDev: deps.ui ? deps.ui.dev === true : false,
  });
  await app.register(cookie, { secret: deps.cookieSecret });
  const limiters = await registerRateLimits(app, deps.limits, deps.docs);
  registerErrorHandling(app);
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app, APP_VERSION);
  // An empty body with a JSON content type (POST .../sync-calendar, logout) is an empty object.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('invalid json'), { statusCode: 400 });
      done(error, undefined);
    }
  });
  await app.register(publicRoutes, { prefix: '/api', deps, limiters });
  await app.register(adminRoutes, { prefix: '/api/admin', deps, limiters });
  if (deps.ui) await registerUi(app, deps.ui);
  return app;
}

/** Fastify's trustProxy: a hop count as the function Fastify builds from one (its types take no number). */
function trustProxyOption(trust: AppDeps['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust ?? false;
}
