// The HTTP layer under every route: security headers, the cookies' secret, rate limits, the
// Swedish errors, zod validation, the OpenAPI document (registered before the routes, so it sees
// each one), and JSON bodies. The signed session cookie itself is read and set only under
// /api/admin (api/routes/admin/index.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { registerErrorHandling } from '../../http/errors.js';
import { registerSecurityHeaders } from '../../http/securityHeaders.js';
import { registerRateLimits, type Limiters } from '../../http/rateLimits.js';
import { registerOpenApi } from '../../http/openapi.js';
import { recordRoutes } from '../../http/routeSchema.js';
import { serializerCompiler, validatorCompiler } from '../../http/validate.js';
import { APP_VERSION } from '../../../domain/version.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the session cookies and keys the SMS delivery-report URLs: one per store, every process alike. */
    cookieSecret: string;
    /** The rate limits' handlers, attached to the routes of each group (api/http/rateLimits.ts). */
    limiters: Limiters;
  }
}

export const http = fp(
  async (app) => {
    const { config } = app;
    const cookieSecret = config.sessionSecret ?? sessionSecretFile(config.dataDir);
    app.decorate('cookieSecret', cookieSecret);
    await registerSecurityHeaders(app, {
      production: config.production,
      viteDev: config.serveUi ? config.uiDev : false,
    });
    app.decorate(
      'limiters',
      await registerRateLimits(
        app,
        {
          loginAttemptsPerMinute: config.loginAttemptsPerMinute,
          bookingsPerMinute: config.bookingsPerMinute,
          lookupsPerMinute: config.lookupsPerMinute,
        },
        app.docs,
      ),
    );
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
  },
  { name: 'http', dependencies: ['config', 'stores'] },
);

/** Without SESSION_SECRET, a random secret kept under DATA_DIR keeps sessions across restarts. */
function sessionSecretFile(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
