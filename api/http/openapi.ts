// The API's contract: an OpenAPI 3.1 document generated from the zod schemas every route
// declares (GET /api/openapi.json), and Swagger UI to read it (/api/docs). Registered before the
// routes, so @fastify/swagger sees each one as it is added.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ADMIN_SESSION_SECURITY } from './routeSchema.js';

// zod → JSON Schema: the domain's request schemas coerce and transform; the document shows what
// a client sends (input) and what it gets back (output), and a part JSON Schema cannot express
// (a custom check) becomes `{}` instead of failing the document.
const zodToJsonConfig = { unrepresentable: 'any' as const };

export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pizzakiosken API',
        version,
        description:
          'Förbeställ pizza till en tid köket hinner med. Priser i hela ören (`*_cents`), datum `yyyy-MM-dd`, tider `HH:mm` i kioskens tidszon. ' +
          'Ett fel svarar `{"error": "<svensk text>"}`. Varje `/api/admin`-anrop utom inloggning kräver sessionskakan `pk_session`. ' +
          'Roller: ägaren (`owner`) får allt, personalen (`staff`) bokningar, köket, disken och e-postloggen; `x-roles` på varje admin-anrop säger vilka, och personalen får 403 på resten.',
      },
      servers: [],
      components: {
        securitySchemes: { [ADMIN_SESSION_SECURITY]: { type: 'apiKey', in: 'cookie', name: 'pk_session' } },
      },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig, skipList: [] }),
    transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
  });

  // The docs page: Swagger UI's own files under our CSP (no inline script; no validator badge,
  // which would load an image from elsewhere).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: false },
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
