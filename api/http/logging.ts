// The server's log (pino through Fastify). Errors (5xx) are always logged; request lines only
// with LOG_REQUESTS=1. Nothing secret reaches the log: no cookie or authorization header, no
// query string value (VIP tokens and e-mails travel there), no VIP token in a path, no e-mail or
// password field in a logged object. A client's IP address is personal data too: logged only
// with LOG_IPS=1 (an operator tracing abuse), never by default.
import { stdSerializers, type DestinationStream } from 'pino';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

const REDACTED = '[redacted]';

/** A URL as it may be logged: query values and path tokens replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  // VIP tokens and waitlist tokens (the page /waitlist/{token} and its /api calls) are secrets.
  const safePath = path.replace(/^(\/api\/vip\/access\/|\/api\/waitlist\/|\/waitlist\/)[^/]+/, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => (pair.includes('=') ? `${pair.slice(0, pair.indexOf('='))}=${REDACTED}` : pair))
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Anything shaped like an e-mail address, in free text (an error's message or stack). */
const EMAIL_IN_TEXT = /[^\s@"'<>(){}[\],;:]+@[^\s@"'<>(){}[\],;:]+\.[^\s@"'<>(){}[\],;:]+/g;

/** Text as it may be logged: e-mail addresses in it replaced. */
export const redactEmails = (text: string) => text.replace(EMAIL_IN_TEXT, REDACTED);

/**
 * An error as it may be logged: pino's usual fields, with e-mail addresses taken out of the
 * message and stack (a database's duplicate-key error, say, quotes the value it refused).
 */
function errorSerializer(error: Error) {
  const serialized = stdSerializers.err(error);
  // Not an Error (a thrown string or object) comes back as it was: left alone.
  if (typeof serialized?.message === 'string') serialized.message = redactEmails(serialized.message);
  if (typeof serialized?.stack === 'string') serialized.stack = redactEmails(serialized.stack);
  return serialized;
}

export function loggerOptions(options: { logRequests: boolean; logIps?: boolean; stream?: DestinationStream }) {
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
      err: errorSerializer,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        ...(options.logIps ? { remoteAddress: request.ip } : {}),
      }),
    },
  };
}

/**
 * Fastify's own request lines ("incoming request", "request completed") are info lines: without
 * LOG_REQUESTS the level is warn and pino drops them, yet Fastify built each line's object and read
 * the response time for every request (the polled availability query above all: docs/bench.md).
 * Without LOG_REQUESTS they are not asked for; a request that failed is logged as before.
 */
export class RequestLines extends LogController {
  constructor(private readonly logRequests: boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (this.logRequests) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error || this.logRequests) super.requestCompleted(error, request, reply, metadata);
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made a pino child only when something is logged. Fastify gives every
 * request a child logger with its request id; pino's child() builds the bindings' JSON and the
 * redaction for each one, about 3 % of the server's time on the availability route in a profile,
 * though at the default level (warn) almost no request ever logs.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level() {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  private write(level: Level, args: unknown[]) {
    // Below the level pino does nothing either: no child needed for that.
    if (this.made === null && !(this.parent as unknown as { isLevelEnabled(l: string): boolean }).isLevelEnabled(level))
      return;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- pino's LogFn is overloaded: tsc cannot spread unknown[] into it without this cast (the rule misreads it)
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.real.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: see LazyChildLogger. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
