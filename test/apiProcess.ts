// An API server in a process of its own (`api/main.ts` through tsx), for the tests that run two or
// three of them on one DATA_DIR and kill some midway: started, called over HTTP, killed on cleanup.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ADMIN } from './api/harness.js';
import { freePort } from './api/freePort.js';

const root = join(import.meta.dirname, '..');

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  /** A JSON call; `cookie` is the session cookie the answer set, if any. */
  call(
    method: string,
    path: string,
    body?: unknown,
    cookie?: string,
  ): Promise<{ status: number; body: any; cookie: string }>;
  /** Resolves when the process has exited (a kill, a crash or a clean stop). */
  exited: Promise<unknown>;
  /** What it wrote to standard output and error so far. */
  output(): string;
}

/** The processes started so far: `killAll` in afterAll ends those still running. */
const started: ChildProcess[] = [];

export function killApiProcesses() {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
}

/** Starts one on `dataDir` with the bootstrap admin, resolving once it listens; env adds to or overrides the defaults. */
export async function startApiProcess(dataDir: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  // Keeps collecting after the start.
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const call: ApiProcess['call'] = async (method, path, body, cookie) => {
    const response = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: await response.json(),
      cookie: (response.headers.get('set-cookie') ?? '').split(';')[0],
    };
  };
  return {
    child,
    base,
    call,
    exited: new Promise((resolve) => child.once('exit', resolve)),
    output: () => output,
  };
}

/**
 * Stops `child` (SIGSTOP) at a moment it holds no write lock on a SQLite file of `dataDir`. A
 * process stopped inside a write transaction blocks every other process on the file, which is
 * true but not the scene these tests play (a sender whose lease ran out while its event loop was
 * blocked): the other process would fail to start on "database is locked". So after each stop
 * every file is tried for its write lock, and while one is held the child runs on for a moment
 * and is stopped again. What the child waits for (a held SMTP or HTTP answer) keeps it where the
 * test wants it meanwhile.
 */
export async function stopOutsideWriteLocks(child: ChildProcess, dataDir: string): Promise<void> {
  const files = readdirSync(dataDir).filter((name) => name.endsWith('.db'));
  for (let attempt = 0; ; attempt++) {
    child.kill('SIGSTOP');
    if (files.every((name) => writeLockFree(join(dataDir, name)))) return;
    if (attempt === 200) throw new Error(`process ${child.pid} keeps a write lock on ${dataDir}`);
    child.kill('SIGCONT');
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
  }
}

function writeLockFree(file: string): boolean {
  const db = new Database(file, { timeout: 0 });
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return true;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return false;
    throw error;
  } finally {
    db.close();
  }
}
