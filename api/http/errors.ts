// One place that turns failures into responses: input and rule violations become 4xx with a
// Swedish {error}; anything else is logged and answered with a 500 that reveals nothing.
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type DomainErrorKind } from '../../domain/shared/errors.js';
import { msg } from '../../domain/messages.js';
import { ValidationError } from './validate.js';
import { RateLimited } from './rateLimits.js';

const STATUS: Record<DomainErrorKind, number> = {
  rejected: 400,
  not_found: 404,
  conflict: 409,
  unauthorized: 401,
  forbidden: 403,
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof DomainError) return reply.status(STATUS[error.kind]).send({ error: error.message });
    if (error instanceof ValidationError) return reply.status(400).send({ error: error.message });
    // Retry-After is already set by the limiter.
    if (error instanceof RateLimited) return reply.status(429).send({ error: error.message });
    const status = (error as FastifyError).statusCode;
    if (status === 429) return reply.status(429).send({ error: msg.tooManyRequests });
    if (status && status >= 400 && status < 500) return reply.status(status).send({ error: msg.invalidRequest });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: msg.serverError });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: msg.notFound }));
}
