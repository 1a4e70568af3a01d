// What the server-sent event streams share (the staff's live view live.ts, the public live stream
// publicLive.ts, the order status screen liveOrderStatus.ts): the stream's headers, its keep-alives,
// and closing it when the screen goes away or the server closes. Each stream says only what it
// sends: per stream (opened) and, where one reader serves them all, while any is open (whileOpen).
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RecordedEvent } from '../../domain/eventStore.js';

/** The projection runner's pages of applied events (projections/runner.ts onApplied). */
export type AppliedSource = (listener: (events: readonly RecordedEvent[]) => void) => () => void;

export const KEEP_ALIVE_MS = 25_000;

/** One message of a stream: its event name and its data (JSON). */
export const eventMessage = (event: string, data: string) => `event: ${event}\ndata: ${data}\n\n`;

export interface EventStreamRoute {
  /** Before a stream starts, with the count open now: throws to refuse it (an ordinary answer). */
  admit?(open: number): void;
  /** When the first stream opens: what all of them share until the last closes; returns its end. */
  whileOpen?(): () => void;
  /** A stream has started: what it alone needs; returns what to undo when it closes. */
  opened(stream: ServerResponse): () => void;
}

export interface EventStreams {
  /** The streams open now. */
  readonly open: ReadonlySet<ServerResponse>;
  /** The route's handler. */
  readonly handler: (request: FastifyRequest, reply: FastifyReply) => void;
}

export function eventStreams(app: FastifyInstance, route: EventStreamRoute): EventStreams {
  const open = new Set<ServerResponse>();
  let endShared: (() => void) | undefined;
  function closed() {
    if (open.size > 0) return;
    endShared?.();
    endShared = undefined;
  }
  // Streams never end by themselves: close them when the server closes (SIGTERM).
  app.addHook('onClose', async () => {
    for (const stream of open) stream.end();
    open.clear();
    closed();
  });

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    route.admit?.(open.size);
    // A stream is quiet between changes and keep-alives: the server's idle-connection timeout
    // (CONNECTION_TIMEOUT_SECONDS) is for requests, not for this one.
    request.raw.socket.setTimeout(0);
    reply.hijack();
    // A hijacked reply sends none of Fastify's headers by itself: the security headers set in
    // onRequest go out with the stream's own.
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 3000\n\n');
    const stream = reply.raw;
    if (open.size === 0) endShared = route.whileOpen?.();
    open.add(stream);
    const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const undo = route.opened(stream);
    request.raw.once('close', () => {
      clearInterval(keepAlive);
      undo();
      open.delete(stream);
      closed();
    });
  };
  return { open, handler };
}
