// An API server in a process of its own (`api/main.ts` through tsx), for the tests that run two or
// three of them on one DATA_DIR and kill some midway: started, called over HTTP, killed on cleanup.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
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
