// An API server in a process of its own (the build of api/main.ts, or api/main.ts through tsx), for
// the tests that run two or three of them on one DATA_DIR and kill some midway: started, called
// over HTTP, killed on cleanup.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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

/** The folders dist/ is built from (tsconfig.build.json): the server's and the scripts'. */
const BUILT_SOURCES = ['api', 'domain', 'read-models', 'projections', 'scripts'];

/** Every source file under `dir` that the build compiles to a .js file of dist/. */
function sourcesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesIn(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

let built: boolean | undefined;

/**
 * Whether the build that `npm test` makes before the tests (dist/, by scripts/build.mjs) is there
 * and every source file has a build at least as new as itself: a built server or script starts in
 * about half the time of one compiled through tsx on start (7 against 14 s on a busy 2-core
 * machine, and these tests start dozens); otherwise the sources run through tsx, so that a test
 * run after an edit, without a build, never runs an older server than the sources.
 */
function buildIsCurrent(): boolean {
  built ??= BUILT_SOURCES.flatMap((dir) => sourcesIn(join(root, dir))).every((source) => {
    const js = join(root, 'dist', relative(root, source).replace(/\.tsx?$/, '.js'));
    return existsSync(js) && statSync(js).mtimeMs >= statSync(source).mtimeMs;
  });
  return built;
}

/** How a process runs the server: dist/api/main.js when the build is current, else api/main.ts through tsx. */
export function serverEntry(): string[] {
  return buildIsCurrent() ? [join(root, 'dist', 'api', 'main.js')] : ['--import', 'tsx', join(root, 'api', 'main.ts')];
}

/** How a process runs `scripts/<name>.ts` (a CLI: backup, restore, …), the same way as the server. */
export function scriptEntry(name: string): string[] {
  const base = name.replace(/\.ts$/, '');
  return buildIsCurrent()
    ? [join(root, 'dist', 'scripts', `${base}.js`)]
    : ['--import', 'tsx', join(root, 'scripts', `${base}.ts`)];
}

/** The processes started so far: `killAll` in afterAll ends those still running. */
const started: ChildProcess[] = [];

export function killApiProcesses() {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * Starts one on `dataDir` with the bootstrap admin, resolving once it listens; env adds to or
 * overrides the defaults. `onOutput` hears what it writes from the start, before it listens (a
 * test that answers a line the process logs while it starts).
 */
export async function startApiProcess(
  dataDir: string,
  env: Record<string, string> = {},
  onOutput?: (text: string) => void,
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serverEntry(), {
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
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output);
  };
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      collect(chunk);
      if (output.includes('listening on')) resolve();
    });
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  // Keeps collecting after the start.
  child.stdout.on('data', collect);
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
