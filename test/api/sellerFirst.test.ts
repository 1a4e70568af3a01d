// The seller first (rule: seller-first) in a real process (api/main.ts): on a fresh install the
// start's console says which of the seller's details to fill in and GET /api/ready lists the alert
// seller_missing; once they are filled in the alert goes, and the next start says nothing of them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from './harness.js';
import { killApiProcesses, startApiProcess, type ApiProcess } from '../apiProcess.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-seller-first-'));
afterAll(() => {
  killApiProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const alerts = async (api: ApiProcess) => ((await api.call('GET', '/api/ready')).body.alerts as string[]) ?? [];

describe('GET /api/ready and the start’s console until the seller is filled in', () => {
  it('lists seller_missing and says so at the start; both go once the details are saved', async () => {
    const first = await startApiProcess(dataDir);
    await until(() => first.output().includes('Säljarens uppgifter saknas'), 'the seller notice');
    expect(first.output()).toContain(
      'Säljarens uppgifter saknas: företagsnamn, organisationsnummer, adress, e-post till kunder.',
    );
    expect(first.output()).toContain('/admin/settings#seller-title');
    expect(await alerts(first)).toContain('seller_missing');

    const { cookie } = await first.call('POST', '/api/admin/login', { email: ADMIN.email, password: ADMIN.password });
    const settings = (await first.call('GET', '/api/admin/settings', undefined, cookie)).body;
    // Three of four: still missing.
    const partly = { ...settings.seller, legal_name: 'Kiosken AB', org_number: '556036-0793', address: 'Storgatan 1' };
    expect((await first.call('PUT', '/api/admin/settings', { ...settings, seller: partly }, cookie)).status).toBe(200);
    expect(await alerts(first)).toContain('seller_missing');
    const full = { ...partly, email: 'hej@kiosken.se' };
    expect((await first.call('PUT', '/api/admin/settings', { ...settings, seller: full }, cookie)).status).toBe(200);
    expect(await alerts(first)).not.toContain('seller_missing');

    first.child.kill('SIGTERM');
    await first.exited;
    const second = await startApiProcess(dataDir);
    await new Promise((r) => setTimeout(r, 300));
    expect(second.output()).not.toContain('Säljarens uppgifter saknas');
    expect(await alerts(second)).not.toContain('seller_missing');
  }, 60_000);
});
