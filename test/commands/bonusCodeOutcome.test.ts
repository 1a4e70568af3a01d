// A bonus code's use is given back only when the booking was refused. When the booking's append
// may have been stored (its answer was lost: a timeout, a dropped connection) and no
// Idempotency-Key was sent, the use stays held: giving it back would let the code be used once
// beyond its limit. The stores are the real embedded ones; the lost answer is a wrapper around
// the real event store that stores the append and then fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { EventStore } from '../../domain/eventStore.js';
import { CommandBus } from '../../api/commands/commandBus.js';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { sealedEventStore } from '../../api/eventStore/sealed.js';
import { openSqliteKeyStore } from '../../api/keys/keyStore.js';
import { createServices, type Services } from '../../api/services/index.js';
import type { BonusCodeInput } from '../../domain/bonusCodes/bonusCodes.js';
import type { BookingPayload } from '../../domain/payloads.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { allProjections } from '../../projections/index.js';
import { msg } from '../../domain/messages.js';
import { MONDAY_MORNING, bookingPayload } from '../api/harness.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Services on real embedded stores in a temp dir; wrap puts something around the event store. */
async function kiosk(wrap: (events: EventStore) => EventStore = (events) => events) {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-outcome-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const keys = openSqliteKeyStore(join(dir, 'keys.db'));
  const stored = sealedEventStore(openSqliteEventStore(join(dir, 'events.db')), keys);
  cleanups.push(() => stored.close());
  const events = wrap(stored);
  const docs = openSqliteDocumentStore(join(dir, 'read-models.db'));
  cleanups.push(() => docs.close());
  const projections = new ProjectionRunner(events, docs, allProjections, { log: () => {} });
  await projections.start();
  cleanups.push(() => projections.stop());
  const bus = new CommandBus(events);
  bus.onAppend(() => projections.wake());
  const clock = () => ({ now: MONDAY_MORNING, timeZone: 'Europe/Stockholm' });
  const services = createServices(
    { bus, clock, publicUrl: 'http://kiosk.test', waitForReadModels: (p) => projections.waitFor(p) },
    docs,
    { keys, forgetMail: async () => {} },
  );
  await services.settings.seed('admin@pizzakiosken.test');
  await services.menu.seed();
  await services.bonusCodes.create(
    { code: 'ENGANG', discount_percentage: 20, usage_limit: 1, is_active: true } as BonusCodeInput,
    'admin@pizzakiosken.test',
  );
  return { bus, services };
}

const place = (services: Services, overrides: Record<string, unknown>) =>
  services.bookings.place(bookingPayload({ date: '2026-11-28', ...overrides }) as BookingPayload);

it('keeps the use when the booking append may have been stored (its answer lost)', async () => {
  let loseAnswers = false;
  const { bus, services } = await kiosk(
    (events) =>
      new Proxy(events, {
        get(target, property) {
          if (property === 'append') {
            return async (...args: Parameters<EventStore['append']>) => {
              const result = await target.append(...args);
              if (loseAnswers && args[0].startsWith('kioskday-')) throw new Error('connection reset by peer');
              return result;
            };
          }
          const value = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
  );
  loseAnswers = true;
  await expect(place(services, { bonus_code: 'ENGANG' })).rejects.toThrow('connection reset');
  loseAnswers = false;
  // The booking is stored, with the code: the code's one use is spent.
  const day = await bus.readStream('kioskday-2026-11-28');
  expect(
    day.filter((e) => e.type === 'BookingPlaced').map((e) => (e.data as { bonus_code: string }).bonus_code),
  ).toEqual(['ENGANG']);
  await expect(place(services, { time: '13:00', email: 'nasta@example.se', bonus_code: 'ENGANG' })).rejects.toThrow(
    msg.bonusCodeUsedUp,
  );
});

it('gives the use back when the booking was refused', async () => {
  const { services } = await kiosk();
  // More pizzas than a slot takes: refused after the code was redeemed.
  await expect(
    place(services, { items: [{ pizza_id: 1, qty: 40 }], requested_pizzas: 40, bonus_code: 'ENGANG' }),
  ).rejects.toThrow();
  expect((await place(services, { bonus_code: 'ENGANG' })).bonus_code).toBe('ENGANG');
});
