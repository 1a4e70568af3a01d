// The order status screen's live stream (rule: order-status-screen): server-sent events, public,
// so it carries the board only: order numbers under I ugnen and Klar att hämta, never a name,
// e-mail or phone (unlike the staff's /admin/live). A screen receives the board as it opens and
// again whenever it changes, told once the read models show the change. One listener on the
// projection runner per process serves every open screen, and the board is read once per change
// for all of them.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OrderStatusBoardAnswer } from '../../domain/answers/orderStatus.js';
import type { AppliedSource } from './live.js';

const KEEP_ALIVE_MS = 25_000;

export function liveOrderStatus(
  app: FastifyInstance,
  applied: AppliedSource,
  read: () => Promise<OrderStatusBoardAnswer>,
) {
  const open = new Set<FastifyReply>();
  /** Screens opened since the last read: they get the next board even when it did not change. */
  const fresh = new Set<FastifyReply>();
  let last = '';
  let reading: Promise<void> | null = null;
  let again = false;

  const message = (board: string) => `event: board\ndata: ${board}\n\n`;

  /**
   * Reads the board and sends it to every screen when it changed (to new screens anyway). One read
   * at a time and a change during a read reads again, so the screens get the boards in order and
   * miss none.
   */
  function refresh(): Promise<void> {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          const waiting = [...fresh];
          fresh.clear();
          const board = JSON.stringify(await read());
          const changed = board !== last;
          last = board;
          for (const reply of changed ? open : waiting) if (open.has(reply)) reply.raw.write(message(board));
        } catch (error) {
          // The next change or keep-alive reads again: a screen shows the last board meanwhile.
          app.log.error({ err: error }, 'order status board could not be read');
        }
      } while (again);
      reading = null;
    })();
    return reading;
  }

  // One subscription for all screens, while any is open.
  let stop: (() => void) | null = null;
  let keepAlive: NodeJS.Timeout | null = null;
  function start() {
    stop = applied((events) => {
      if (events.some((event) => event.streamName.startsWith('kioskday-'))) void refresh();
    });
    // The keep-alive reads the board too: the day's turn changes it without any event.
    keepAlive = setInterval(() => {
      for (const reply of open) reply.raw.write(': keep-alive\n\n');
      void refresh();
    }, KEEP_ALIVE_MS);
  }
  function end() {
    stop?.();
    if (keepAlive) clearInterval(keepAlive);
    stop = null;
    keepAlive = null;
  }

  app.addHook('onClose', async () => {
    for (const reply of open) reply.raw.end();
    open.clear();
    end();
  });

  return (request: FastifyRequest, reply: FastifyReply) => {
    // Quiet between changes and keep-alives: the idle-connection timeout is for requests.
    request.raw.socket.setTimeout(0);
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 3000\n\n');
    if (open.size === 0) start();
    open.add(reply);
    fresh.add(reply);
    // The screen's first board comes through the same reads as the changes, so no change applied
    // while it opened is missed and none arrives out of order.
    void refresh();
    request.raw.once('close', () => {
      open.delete(reply);
      fresh.delete(reply);
      if (open.size === 0) end();
    });
  };
}
