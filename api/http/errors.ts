// One place that turns failures into responses: input and rule violations become 4xx with a
// Swedish {error}; anything else is logged and answered with a 500 that reveals nothing. The
// framework's own refusals (a URL it cannot decode, an over-long parameter, a malformed request
// line, an unsupported content type, a method a path does not take) answer the same way.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type DomainErrorKind } from '../../domain/shared/errors.js';
import { msg } from '../../domain/messages.js';
import { ValidationError } from './validate.js';
import { RateLimited } from './rateLimits.js';

/** Longest route parameter (ids, booking numbers, VIP tokens are far shorter): longer is a 414. */
export const MAX_PARAM_LENGTH = 128;

const STATUS: Record<DomainErrorKind, number> = {
  rejected: 400,
  not_found: 404,
  conflict: 409,
  unauthorized: 401,
  forbidden: 403,
};

/** The Swedish text for a 4xx the framework raised itself. */
function frameworkMessage(status: number): string {
  if (status === 413) return msg.requestTooLarge;
  if (status === 415) return msg.unsupportedMediaType;
  if (status === 408) return msg.requestTimeout;
  return msg.invalidRequest;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof DomainError) return reply.status(STATUS[error.kind]).send({ error: error.message });
    if (error instanceof ValidationError) return reply.status(400).send({ error: error.message });
    // Retry-After is already set by the limiter.
    if (error instanceof RateLimited) return reply.status(429).send({ error: error.message });
    const status = (error as FastifyError).statusCode;
    if (status === 429) return reply.status(429).send({ error: msg.tooManyRequests });
    if (status && status >= 400 && status < 500) return reply.status(status).send({ error: frameworkMessage(status) });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: msg.serverError });
  });

  // Routes by path pattern, so that a known /api path asked with another method answers 405.
  const routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const pattern = new RegExp(
      `^${route.url
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/:[^/]+/g, '[^/]+')
        .replace(/\*/g, '.*')}$`,
    );
    const existing = routes.find((r) => r.pattern.source === pattern.source);
    const methods = [route.method].flat().map((m) => m.toUpperCase());
    if (existing) methods.forEach((m) => existing.methods.add(m));
    else routes.push({ pattern, methods: new Set(methods) });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = new Set<string>();
    if (path.startsWith('/api/'))
      for (const r of routes) if (r.pattern.test(path)) r.methods.forEach((m) => allowed.add(m));
    // The path fits a route of this very method that the router passed by (the UI's catch-all
    // GET hands such requests here): a parameter over maxParamLength.
    if (allowed.has(request.method)) {
      const tooLong = path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH);
      return reply.status(tooLong ? 414 : 404).send({ error: tooLong ? msg.invalidRequest : msg.notFound });
    }
    if (allowed.size > 0)
      return reply
        .status(405)
        .header('allow', [...allowed].sort().join(', '))
        .send({ error: msg.methodNotAllowed });
    return reply.status(404).send({ error: msg.notFound });
  });
}

/**
 * Fastify's frameworkErrors: a URL it cannot decode (400) or a route parameter over
 * maxParamLength (414). These answers skip the hooks, so the one header that matters for a JSON
 * error body is set here.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send({ error: frameworkMessage(status) });
}

/** Requests Node's HTTP parser refuses (a malformed request line, headers too large, a timeout). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way (or a socket that cannot take more) gets no second one.
  const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || response?.headersSent) {
    socket.destroy(error);
    return;
  }
  const [status, reason, text] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', msg.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', msg.requestTooLarge]
        : [400, 'Bad Request', msg.invalidRequest];
  const body = JSON.stringify({ error: text });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
