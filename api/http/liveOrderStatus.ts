// The order status screen's live stream (rule: order-status-screen): server-sent events, public,
// so it carries the board only: order numbers under I ugnen and Klar att hämta, never a name,
// e-mail or phone (unlike the staff's /admin/live). A screen receives the board as it opens and
// again whenever it changes, told once the read models show the change. One listener on the
// projection runner per process serves every open screen, and the board is read once per change
// for all of them.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { OrderStatusBoardAnswer } from '../../domain/answers/orderStatus.js';
import { KEEP_ALIVE_MS, eventMessage, eventStreams, type AppliedSource } from './eventStream.js';

export function liveOrderStatus(
  app: FastifyInstance,
  applied: AppliedSource,
  read: () => Promise<OrderStatusBoardAnswer>,
) {
  /** Screens opened since the last read: they get the next board even when it did not change. */
  const fresh = new Set<ServerResponse>();
  let last = '';
  let reading: Promise<void> | null = null;
  let again = false;

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
          for (const stream of changed ? streams.open : waiting)
            if (streams.open.has(stream)) stream.write(eventMessage('board', board));
        } catch (error) {
          // The next change or keep-alive reads again: a screen shows the last board meanwhile.
          app.log.error({ err: error }, 'order status board could not be read');
        }
      } while (again);
      reading = null;
    })();
    return reading;
  }

  const streams = eventStreams(app, {
    // One subscription for all screens, while any is open.
    whileOpen: () => {
      const stop = applied((events) => {
        if (events.some((event) => event.streamName.startsWith('kioskday-'))) void refresh();
      });
      // The board is read again at every keep-alive too: the day's turn changes it without any event.
      const poll = setInterval(() => void refresh(), KEEP_ALIVE_MS);
      return () => {
        stop();
        clearInterval(poll);
      };
    },
    opened: (stream) => {
      fresh.add(stream);
      // The screen's first board comes through the same reads as the changes, so no change applied
      // while it opened is missed and none arrives out of order.
      void refresh();
      return () => fresh.delete(stream);
    },
  });
  return streams.handler;
}
