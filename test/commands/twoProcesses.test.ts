// "Never more pizzas in a window than capacity_per_window" and "a retried booking is placed
// once" hold across API processes: two command buses with their own caches and their own
// connections to one event store file compete, and optimistic concurrency on the day's stream
// settles every race.
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
import { CLOSURES_STREAM, closuresDecider, closuresOf } from '../../domain/closures/closures.js';
import { BookingsService } from '../../api/services/bookings.js';
import { BonusCodesService } from '../../api/services/bonusCodes.js';
import { kioskDayDecider } from '../../domain/kioskDay/decide.js';
import { kioskDayStream } from '../../domain/kioskDay/kioskDay.js';
import { BONUS_CODES_STREAM, bonusCodesDecider } from '../../domain/bonusCodes/bonusCodes.js';

const now = new Date('2026-11-23T08:00:00Z');

function apiProcess(file: string, at = now) {
  const store = openSqliteEventStore(file);
  const bus = new CommandBus(store);
  const commands = new Commands({
    bus,
    clock: () => ({ now: at, timeZone: 'Europe/Stockholm' }),
    publicUrl: 'http://kiosk.test',
    waitForReadModels: async () => true,
  });
  const settings = new SettingsService(commands);
  const menu = new MenuService(commands);
  // The closures stream (rule: closures) as bookings read it; cancelling is not used here.
  const closures = {
    current: () => commands.load(CLOSURES_STREAM, closuresDecider).then((loaded) => closuresOf(loaded.state)),
  };
  const bookings = new BookingsService(commands, settings, menu, new VipService(commands), closures);
  return { store, bus, settings, menu, bookings, bonusCodes: new BonusCodesService(commands) };
}

/** A first start: default settings and the demo menu. */
async function seed(api: ReturnType<typeof apiProcess>) {
  await api.settings.seed('admin@kiosk.se');
  await api.menu.seed();
}

describe('two API processes on one event store', () => {
  it('accept at most capacity_per_window pizzas in a window between them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-two-'));
    const file = join(dir, 'events.db');
    const a = apiProcess(file);
    await seed(a);
    const b = apiProcess(file);

    const book = (bookings: BookingsService, i: number) =>
      bookings.place({
        date: '2026-11-24',
        time: '18:00',
        name: 'Kund',
        email: `k${i}@example.se`,
        phone: null,
        dine_in: true,
        comment: null,
        items: [{ pizza_id: 1, qty: 1 + (i % 2) }],
        requested_pizzas: 1 + (i % 2),
        bonus_code: null,
        vip_token: null,
      });
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => book(i % 2 ? a.bookings : b.bookings, i)),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled');
    expect(accepted.length).toBeGreaterThan(0);

    // The stream itself, read fresh: the truth both processes agreed on.
    const day = (await new CommandBus(a.store).load(kioskDayStream('2026-11-24'), kioskDayDecider)).state;
    const pizzas = [...day.bookings.values()].reduce((n, booking) => n + booking.total_pizzas, 0);
    expect(pizzas).toBeLessThanOrEqual(6);
    expect(pizzas).toBeGreaterThanOrEqual(5);
    expect(day.bookings.size).toBe(accepted.length);
    expect(new Set([...day.bookings.keys()]).size).toBe(accepted.length);

    await a.store.close();
    await b.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('place a booking retried with one idempotency key once between them, using its bonus code once (rule: idempotent-booking)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-two-'));
    const file = join(dir, 'events.db');
    const a = apiProcess(file);
    await seed(a);
    await a.bonusCodes.create(
      { code: 'EN', description: '', discount_percentage: 10, usage_limit: 1, expires_at: null, is_active: true },
      'admin@kiosk.se',
    );
    const b = apiProcess(file);

    const payload = {
      date: '2026-11-24',
      time: '12:00',
      name: 'Kund',
      email: 'kund@example.se',
      phone: null,
      dine_in: true,
      comment: null,
      items: [{ pizza_id: 1, qty: 2 }],
      requested_pizzas: 2,
      bonus_code: 'EN',
      vip_token: null,
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a.bookings : b.bookings).place(payload, 'samma-nyckel')),
    );
    expect(new Set(answers.map((answer) => answer.booking_id))).toEqual(new Set(['20261124-1']));
    expect(new Set(answers.map((answer) => answer.discount_cents))).toEqual(new Set([1980]));

    const fresh = new CommandBus(a.store);
    expect((await fresh.load(kioskDayStream('2026-11-24'), kioskDayDecider)).state.bookings.size).toBe(1);
    expect((await fresh.load(BONUS_CODES_STREAM, bonusCodesDecider)).state.codes.get(1)!.used_count).toBe(1);

    await a.store.close();
    await b.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('expire a pending booking and remind a confirmed one once between them, giving the bonus-code use back once (rules: pending-expiry, reminder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-two-'));
    const file = join(dir, 'events.db');
    const a = apiProcess(file);
    await seed(a);
    await a.settings.update(
      { ...(await a.settings.current()), pending_expiry_minutes: 30, reminder_minutes_before: 60 },
      'admin@kiosk.se',
    );
    await a.bonusCodes.create(
      { code: 'EN', description: '', discount_percentage: 10, usage_limit: 1, expires_at: null, is_active: true },
      'admin@kiosk.se',
    );
    const order = (time: string, bonus_code: string | null) =>
      a.bookings.place({
        date: '2026-11-24',
        time,
        name: 'Kund',
        email: 'kund@example.se',
        phone: null,
        dine_in: true,
        comment: null,
        items: [{ pizza_id: 1, qty: 1 }],
        requested_pizzas: 1,
        bonus_code,
        vip_token: null,
      });
    const pending = await order('14:00', 'EN');
    const confirmed = await order('13:00', null);
    await a.bookings.confirm(confirmed.booking_id, 'admin@kiosk.se');

    // Tuesday 11:30 UTC: the pending one has waited a day, the confirmed one's window is open.
    const at = new Date('2026-11-24T11:30:00Z');
    const b = apiProcess(file, at);
    const c = apiProcess(file, at);
    const expired = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? b : c).bookings.expirePending(pending.booking_id)),
    );
    const reminded = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? b : c).bookings.remind(confirmed.booking_id)),
    );
    expect(expired.filter(Boolean)).toHaveLength(1);
    expect(reminded.filter(Boolean)).toHaveLength(1);

    const stream = await a.store.readStream(kioskDayStream('2026-11-24'));
    expect(stream.filter((e) => e.type === 'BookingCancelled')).toHaveLength(1);
    expect(stream.filter((e) => e.type === 'BookingReminded')).toHaveLength(1);
    const fresh = new CommandBus(a.store);
    expect((await fresh.load(BONUS_CODES_STREAM, bonusCodesDecider)).state.codes.get(1)!.used_count).toBe(0);
    expect((await a.store.readStream(BONUS_CODES_STREAM)).filter((e) => e.type === 'BonusCodeReleased')).toHaveLength(
      1,
    );

    for (const p of [a, b, c]) await p.store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
