// The Fastify instance, with what its constructor settles (logging, body and parameter limits,
// proxies, timeouts, the framework's own errors). The composition root (api/server.ts) registers
// the plugins on it: the external ones, then the application's, then the routes.
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.js';
import { MAX_PARAM_LENGTH, clientErrorHandler, frameworkErrors } from './http/errors.js';
import { RequestLines, lazyChildLogger, loggerOptions } from './http/logging.js';

export type AppConfig = Pick<
  Config,
  'logRequests' | 'logIps' | 'trustProxy' | 'requestTimeoutMs' | 'connectionTimeoutMs'
>;

/** @param logStream where the log goes (tests); standard output otherwise. */
export function createApp(config: AppConfig, logStream?: DestinationStream): FastifyInstance {
  // A client that trickles or stalls its request holds a connection and its memory: the whole
  // request must arrive within requestTimeoutMs, and a silent connection closes after
  // connectionTimeoutMs (ms; 0 = no limit).
  const requestTimeout = config.requestTimeoutMs;
  return Fastify({
    // Request lines are logged at info level: without LOG_REQUESTS the level is warn.
    logger: loggerOptions({ logRequests: config.logRequests, logIps: config.logIps, stream: logStream }),
    childLoggerFactory: lazyChildLogger,
    logController: new RequestLines(config.logRequests),
    bodyLimit: 256 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // Ids, booking numbers and VIP tokens are far shorter; longer answers 414 with a Swedish error.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    requestTimeout,
    connectionTimeout: config.connectionTimeoutMs,
    // Node watches request deadlines only when the server is created with one (Fastify sets it
    // afterwards), and checks every 30 s by default: far too coarse for a 30 s limit.
    http:
      requestTimeout > 0
        ? { requestTimeout, connectionsCheckingInterval: Math.min(1000, Math.max(100, requestTimeout / 4)) }
        : {},
    frameworkErrors,
    clientErrorHandler,
    // Opening the stores and catching the read models up (plugins) take as long as they take.
    pluginTimeout: 0,
  });
}

/** Fastify's trustProxy: a hop count as the function Fastify builds from one (its types take no number). */
function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}
