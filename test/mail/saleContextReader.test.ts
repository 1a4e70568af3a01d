// The mail sender's reader of the seller and the VAT table (api/mail/saleContext.ts): it reads
// the settings streams once and then only what was appended, and answers each log position as a
// reader that reads the streams whole for it does.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../../api/eventStore/sqlite.js';
import { SaleContextReader } from '../../api/mail/saleContext.js';
import type { EventStore } from '../../domain/eventStore.js';
import { SETTINGS_STREAM, defaultSettings } from '../../domain/settings/settings.js';
import { emptySeller } from '../../domain/settings/seller.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function eventStore(): EventStore {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-sale-context-'));
  dirs.push(dir);
  return openSqliteEventStore(join(dir, 'events.db'));
}

/** Appends a settings change naming the seller; answers its log position. */
async function sellerNamed(events: EventStore, legalName: string): Promise<number> {
  const settings = { ...defaultSettings(), seller: { ...emptySeller(), legal_name: legalName } };
  const result = await events.append(
    SETTINGS_STREAM,
    [
      {
        id: randomUUID(),
        type: 'SettingsUpdated',
        data: { settings },
        metadata: { actor: 'admin@pizzakiosken.se', timestamp: new Date().toISOString() },
      },
    ],
    'any',
  );
  return result.position;
}

/** Appends an event of another stream (a booking, say); answers its log position. */
async function other(events: EventStore): Promise<number> {
  const result = await events.append(
    `other-${randomUUID()}`,
    [{ id: randomUUID(), type: 'Other', data: {}, metadata: { actor: 'system', timestamp: new Date().toISOString() } }],
    'any',
  );
  return result.position;
}

describe('SaleContextReader', () => {
  it('answers each position as the whole streams do, also for changes appended after its first read', async () => {
    const events = eventStore();
    const before = await other(events);
    const first = await sellerNamed(events, 'Kiosk AB');
    const between = await other(events);
    const reader = new SaleContextReader(events);
    expect((await reader.at(between)).seller.legal_name).toBe('Kiosk AB');

    // Appended after the reader read the streams: a later position sees it, earlier ones do not.
    const second = await sellerNamed(events, 'Nya Kiosken AB');
    const after = await other(events);
    for (const position of [before, first, between, second, after, between, before])
      expect(await reader.at(position)).toEqual(await new SaleContextReader(events).at(position));
    expect((await reader.at(after)).seller.legal_name).toBe('Nya Kiosken AB');
    expect((await reader.at(before)).seller.legal_name).toBe('');
    await events.close();
  });
});
