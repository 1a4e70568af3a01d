// The waitlist's offers are made exactly once however many API processes run the offer decision
// at the same time (rule: waitlist): two command buses with their own caches on one event store
// file race the decision and other customers' bookings, and the day's stream settles it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { CommandBus } from '../../api/commands/commandBus.js';
import { Commands } from '../../api/services/commands.js';
import { SettingsService } from '../../api/services/settings.js';
import { MenuService } from '../../api/services/menu.js';
import { VipService } from '../../api/services/vip.js';
import { BookingsService } from '../../api/services/bookings.js';
import { WaitlistService } from '../../api/services/waitlist.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { kioskDayStream, type KioskDayEvent } from '../../domain/kioskDay/kioskDay.js';
import type { DocumentStore } from '../../read-models/documentStore.js';

const now = new Date('2026-11-23T08:00:00Z');
const DATE = '2026-11-24';
const TIME = '18:00';

function apiProcess(file: string) {
  const store = openSqliteEventStore(file);
  const bus = new CommandBus(store);
  const commands = new Commands({
    bus,
    clock: () => ({ now, timeZone: 'Europe/Stockholm' }),
    publicUrl: 'http://kiosk.test',
    waitForReadModels: async () => true,
  });
  const settings = new SettingsService(commands);
  const menu = new MenuService(commands);
  const vip = new VipService(commands);
  // The offer decision reads no read model (only token lookups and the timer's list do).
  const closures = { current: async () => [] };
  const waitlist = new WaitlistService(commands, settings, menu, vip, closures, null as unknown as DocumentStore);
  return {
    store,
    bus,
    commands,
    settings,
    menu,
    bookings: new BookingsService(commands, settings, menu, vip, closures),
    waitlist,
  };
}

const order = (i: number, pizzas: number) => ({
  date: DATE,
  time: TIME,
  name: 'Kund Kundsson',
  email: `k${i}@example.se`,
  phone: null,
  dine_in: false,
  comment: null,
  items: [{ pizza_id: 1, qty: pizzas }],
  requested_pizzas: pizzas,
  bonus_code: null,
  vip_token: null,
});

describe('two API processes running the offer decision', () => {
  it('make each offer once, and with other customers booking meanwhile never overbook', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-waitlist-two-'));
    const file = join(dir, 'events.db');
    const a = apiProcess(file);
    await a.settings.seed('admin@kiosk.se');
    await a.menu.seed();
    const b = apiProcess(file);
    try {
      const full = await a.bookings.place(order(0, 6));
      const settings = await a.settings.current();
      for (let i = 0; i < 4; i++) {
        const command = {
          type: 'JoinWaitlist' as const,
          date: DATE,
          time: TIME,
          name: `Kö ${i}`,
          email: `q${i}@example.se`,
          requestedPizzas: 2,
          waitlistId: `w${i}`,
          token: `token-${i}`,
          vip: null,
          settings,
          closures: [],
          clock: a.commands.clock(),
        };
        await a.bus.handle(kioskDayStream(DATE), kioskDayDecider, command, a.commands.meta('customer'));
      }
      // Cancelled without the service's own offer run: the two processes' decisions race for it.
      await a.bus.handle(
        kioskDayStream(DATE),
        kioskDayDecider,
        { type: 'CancelBookingByStaff', bookingId: full.booking_id, reason: 'Test', clock: a.commands.clock() },
        a.commands.meta('staff'),
      );

      const settled = await Promise.allSettled([
        ...Array.from({ length: 15 }, () => a.waitlist.decideOffers(DATE)),
        ...Array.from({ length: 15 }, () => b.waitlist.decideOffers(DATE)),
        ...Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).bookings.place(order(i + 1, 1))),
      ]);
      // Every decision ran; the other customers found no room (the queue is owed the place).
      expect(settled.slice(0, 30).every((r) => r.status === 'fulfilled')).toBe(true);
      expect(settled.slice(30).every((r) => r.status === 'rejected')).toBe(true);

      const events = await a.store.readStream(kioskDayStream(DATE));
      const offers = events
        .filter((e) => e.type === 'WaitlistOfferMade')
        .map((e) => (e.data as { waitlist_id: string }).waitlist_id);
      expect(offers).toEqual(['w0', 'w1', 'w2']);
      let state = kioskDayDecider.initialState();
      for (const recorded of events) {
        state = kioskDayDecider.evolve(state, { type: recorded.type, data: recorded.data } as KioskDayEvent);
        expect(state.pizzasByTime[TIME] ?? 0).toBeLessThanOrEqual(settings.capacity_per_window);
      }
      expect(state.pizzasByTime[TIME]).toBe(6);
    } finally {
      await a.store.close();
      await b.store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
