// The watchdog (api/watchdog.ts) in a real server process: a store that stops answering or a
// loop that stalls with work waiting ends the process with its exit code and one clear log line,
// so the restart policy (deploy/compose.yaml) brings a fresh one; a healthy process stays up.
//
// The event store "goes away" the way a local disk or a network file system hangs: another
// process holds SQLite's WAL locks (the lock bytes of events.db-shm, taken with fcntl as SQLite
// takes them, here by python3), so every read of the log fails with SQLITE_PROTOCOL until released.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killApiProcesses, startApiProcess } from './apiProcess.js';
import { bookingPayload } from './api/harness.js';
import { EXIT_STALLED, EXIT_STORE_UNREACHABLE } from '../api/watchdog.js';

const dirs: string[] = [];
const lockers: ChildProcess[] = [];
const relays: TcpServer[] = [];
afterEach(async () => {
  killApiProcesses();
  for (const locker of lockers.splice(0)) locker.kill('SIGKILL');
  for (const relay of relays.splice(0)) await new Promise((resolve) => relay.close(resolve));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pizzakiosken-watchdog-'));
  dirs.push(dir);
  return dir;
}

/** Holds every WAL lock of the SQLite database at `file` from another process until killed. */
async function lockWal(file: string): Promise<void> {
  const locker = spawn(
    'python3',
    [
      '-c',
      [
        'import fcntl, os, sys, time',
        "fd = os.open(sys.argv[1] + '-shm', os.O_RDWR)",
        'while True:',
        '    try:',
        // The WAL write, checkpoint, recovery and five read-mark locks: bytes 120 to 127.
        '        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 8, 120)',
        '        break',
        '    except OSError:',
        '        time.sleep(0.01)',
        "print('locked', flush=True)",
        'time.sleep(600)',
      ].join('\n'),
      file,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  lockers.push(locker);
  await new Promise<void>((resolve, reject) => {
    locker.stdout.once('data', () => resolve());
    locker.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
}

/** An SMTP relay that accepts connections and never says a word: a sender waits on it. */
async function silentRelay(): Promise<number> {
  const sockets: Socket[] = [];
  const relay = createTcpServer((socket) => sockets.push(socket));
  relay.on('close', () => sockets.forEach((socket) => socket.destroy()));
  relays.push(relay);
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return address.port;
}

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the watchdog', () => {
  it('ends the process with code 69 once the event store has not answered for STORE_UNREACHABLE_EXIT_MS', async () => {
    const dir = dataDir();
    const api = await startApiProcess(dir, { STORE_UNREACHABLE_EXIT_MS: '3000', REACTOR_STALL_EXIT_MS: '0' });
    // Healthy, it outlives its bound twice over.
    await sleep(6500);
    expect(api.child.exitCode).toBeNull();
    const ready = await api.call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    // A fresh install names no seller yet (rule: seller-first).
    expect(ready.body).toMatchObject({ event_store: 'ok', alerts: ['seller_missing'], stalled_seconds: 0 });

    await lockWal(join(dir, 'events.db'));
    expect(await api.exited).toBe(EXIT_STORE_UNREACHABLE);
    expect(api.output()).toMatch(
      /Watchdog: the event store has not answered for [\d.]+ s \(STORE_UNREACHABLE_EXIT_MS=3000\); exiting with code 69/,
    );
  }, 120_000);

  it('ends the worker with code 70 when its mail sender makes no progress for REACTOR_STALL_EXIT_MS', async () => {
    const relayPort = await silentRelay();
    const api = await startApiProcess(dataDir(), {
      STORE_UNREACHABLE_EXIT_MS: '0',
      REACTOR_STALL_EXIT_MS: '3000',
      SMTP_URL: `smtp://127.0.0.1:${relayPort}`,
    });
    // Idle (nothing to send), nothing stalls.
    await sleep(4500);
    expect(api.child.exitCode).toBeNull();

    // A booking makes two mails; the relay swallows the first connection without a greeting.
    const booked = await api.call('POST', '/api/bookings', bookingPayload({ date: inDays(3), time: '12:00' }));
    expect(booked.status).toBe(201);
    expect(await api.exited).toBe(EXIT_STALLED);
    expect(api.output()).toMatch(
      /Watchdog: the mail sender has made no progress for [\d.]+ s while it had work \(REACTOR_STALL_EXIT_MS=3000\); exiting with code 70/,
    );
  }, 120_000);

  it('ends the process with code 70 when its projections and reactors cannot read the log (store check off)', async () => {
    const dir = dataDir();
    const api = await startApiProcess(dir, { STORE_UNREACHABLE_EXIT_MS: '0', REACTOR_STALL_EXIT_MS: '1500' });
    await lockWal(join(dir, 'events.db'));
    expect(await api.exited).toBe(EXIT_STALLED);
    expect(api.output()).toMatch(
      /Watchdog: the (projections|mail reactor|push reactor|erasure reactor) has made no progress/,
    );
  }, 120_000);
});
