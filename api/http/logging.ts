// The server's log (pino through Fastify). Errors (5xx) are always logged; request lines only
// with LOG_REQUESTS=1. Nothing secret reaches the log: no cookie or authorization header, no
// query string value (VIP tokens travel there), no VIP token in a path, no e-mail or password
// field in a logged object.
import type { DestinationStream } from 'pino';
import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

/** A URL as it may be logged: query values and path tokens replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/^(\/api\/vip\/access\/)[^/]+/, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${REDACTED}` : pair))
    .join('&');
  return `${safePath}?${safeQuery}`;
}

export function loggerOptions(options: { logRequests: boolean; stream?: DestinationStream }) {
  return {
    // Without request logging the log still carries warnings and errors.
    level: options.logRequests ? 'info' : 'warn',
    ...(options.stream ? { stream: options.stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'email',
        '*.email',
        'password',
        '*.password',
        'token',
        '*.token',
        'vip_token',
        '*.vip_token',
      ],
      censor: REDACTED,
    },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  };
}
