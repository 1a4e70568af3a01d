// Two API processes on one DATA_DIR: only the one holding the projections' lease writes the read
// models; the other follows its head, so its read-your-writes, caches and live listeners still
// see its own writes at once. When the writer stops, the other takes over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '../../domain/eventStore.js';
import { COLLECTIONS } from '../../read-models/shapes.js';
import { MAIL_LOG, MAIL_RELAY } from '../../api/mail/outbox.js';
import { MONDAY_MORNING, bookingPayload, startTestServer, type TestServer } from '../api/harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-projector-'));
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers.reverse()) await server.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

const DAY = '2026-11-24';
const noonLeft = async (t: TestServer) =>
  (
    await t.get<{ slots: Array<{ time: string; capacity_remaining: number }> }>(
      `/api/availability?date=${DAY}&pizzas=1`,
    )
  ).body.slots.find((slot) => slot.time === '12:00')!.capacity_remaining;
const dayOf = async (t: TestServer, admin: string) =>
  (await t.get<{ schedule: Record<string, { bookings: number }> }>(`/api/admin/calendar/week?start=${DAY}`, admin)).body
    .schedule[DAY];

describe('projections with two processes on one store', () => {
  it('are written by one process; the other answers its own writes at once and takes over when the writer stops', async () => {
    const a = await startTestServer({ dataDir, now: () => MONDAY_MORNING });
    servers.push(a);
    await expect.poll(() => a.server.projections.isLeading).toBe(true);
    const b = await startTestServer({ dataDir, now: () => MONDAY_MORNING });
    servers.push(b);
    expect(b.server.projections.isLeading).toBe(false);
    const commits = vi.spyOn(b.server.docs, 'commit');
    const told: RecordedEvent[] = [];
    b.server.projections.onApplied((page) => told.push(...page));

    const admin = await b.login();
    // The day is now in b's cache; b must drop it when a writes the booking.
    const before = await noonLeft(b);
    expect((await dayOf(b, admin)).bookings).toBe(0);
    const pageVersion = b.server.projections.changesOf([COLLECTIONS.days]);

    const placed = await b.post<{ booking_id: string }>('/api/bookings', bookingPayload({ date: DAY, time: '12:00' }));
    expect(placed.status).toBe(201);
    const id = placed.body.booking_id;
    expect((await b.get<{ status: string }>(`/api/admin/bookings/${id}`, admin)).body.status).toBe('pending');
    expect((await dayOf(b, admin)).bookings).toBe(1);
    expect(await noonLeft(b)).toBe(before - 2);
    expect(b.server.projections.changesOf([COLLECTIONS.days])).not.toBe(pageVersion);
    expect(told.some((event) => event.type === 'BookingPlaced')).toBe(true);

    const confirmed = await b.put<{ booking: { status: string } }>(`/api/admin/bookings/${id}/confirm`, {}, admin);
    expect(confirmed.body.booking.status).toBe('confirmed');
    expect((await a.get<{ status: string }>(`/api/admin/bookings/${id}`, await a.login())).body.status).toBe(
      'confirmed',
    );
    // Everything b showed was written by a. (b's mail sender may mark the items it sent: the
    // outbox is shared work, not a read model.)
    const readModelCommits = commits.mock.calls.filter(
      ([writes, checkpoint]) =>
        checkpoint !== undefined || writes.some((w) => w.collection !== MAIL_LOG && w.collection !== MAIL_RELAY),
    );
    expect(readModelCommits).toEqual([]);

    await a.close();
    await expect.poll(() => b.server.projections.isLeading, { timeout: 10_000 }).toBe(true);
    const later = await b.post<{ booking_id: string }>(
      '/api/bookings',
      bookingPayload({ date: DAY, time: '13:00', email: 'sen@example.se' }),
    );
    expect((await b.get<{ status: string }>(`/api/admin/bookings/${later.body.booking_id}`, admin)).body.status).toBe(
      'pending',
    );
    expect((await dayOf(b, admin)).bookings).toBe(2);
  }, 60_000);
});
