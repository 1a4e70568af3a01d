// Starts the real server (real SQLite files in a temp DATA_DIR) on a free port and talks to it
// over HTTP, as a customer's browser or the admin UI would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { configFromEnv, type Config } from '../../api/config.js';
import { createServer, type Server } from '../../api/server.js';
import type { AppendFaults } from '../../api/eventStore/appendFaults.js';

export const ADMIN = { email: 'admin@pizzakiosken.test', password: 'Hemligt-lösen-123' };

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  server: Server;
  base: string;
  dataDir: string;
  request<T = any>(method: string, path: string, body?: unknown, cookie?: string): Promise<Reply<T>>;
  get<T = any>(path: string, cookie?: string): Promise<Reply<T>>;
  post<T = any>(path: string, body?: unknown, cookie?: string): Promise<Reply<T>>;
  put<T = any>(path: string, body?: unknown, cookie?: string): Promise<Reply<T>>;
  del<T = any>(path: string, body?: unknown, cookie?: string): Promise<Reply<T>>;
  /** Signs in as the bootstrap admin and returns the session cookie. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  dataDir?: string;
  now?: () => Date;
  config?: Partial<Config>;
  logStream?: DestinationStream;
  /** Makes chosen appends fail (api/eventStore/appendFaults.ts). */
  appendFaults?: AppendFaults;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // A data directory the harness made is removed on close; one passed in belongs to the test.
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pizzakiosken-test-'));
  const config: Config = {
    ...configFromEnv({}),
    dataDir,
    host: '127.0.0.1',
    port: 0,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    // Limits off: tests make many requests quickly; test/api/limits.test.ts turns them on.
    loginAttemptsPerMinute: 0,
    bookingsPerMinute: 0,
    lookupsPerMinute: 0,
    publicUrl: 'http://kiosk.test',
    ...options.config,
  };
  const server = await createServer(config, {
    now: options.now,
    logStream: options.logStream,
    appendFaults: options.appendFaults,
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;

  async function request<T>(method: string, path: string, body?: unknown, cookie?: string): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    // As the UI's api client does: every write is JSON, also without a body (admin CSRF guard).
    if (body !== undefined || method !== 'GET') headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const response = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('application/json')
      ? await response.json()
      : Buffer.from(await response.arrayBuffer());
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  return {
    server,
    base,
    dataDir,
    request,
    get: (path, cookie) => request('GET', path, undefined, cookie),
    post: (path, body, cookie) => request('POST', path, body ?? {}, cookie),
    put: (path, body, cookie) => request('PUT', path, body ?? {}, cookie),
    del: (path, body, cookie) => request('DELETE', path, body, cookie),
    async login() {
      const reply = await request('POST', '/api/admin/login', ADMIN);
      if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      const setCookie = reply.headers.get('set-cookie') ?? '';
      return setCookie.split(';')[0];
    },
    async close() {
      await server.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One server for a test file: started before its tests (beforeAll), closed after them (afterAll).
 * The answer stands for that server once it has started, so tests call `t.get(...)` as usual.
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(() => started?.close());
  const current = () => {
    if (!started) throw new Error('useTestServer: the server starts in beforeAll; use it inside tests and hooks');
    return started;
  };
  return {
    get server() {
      return current().server;
    },
    get base() {
      return current().base;
    },
    get dataDir() {
      return current().dataDir;
    },
    request: (method, path, body, cookie) => current().request(method, path, body, cookie),
    get: (path, cookie) => current().get(path, cookie),
    post: (path, body, cookie) => current().post(path, body, cookie),
    put: (path, body, cookie) => current().put(path, body, cookie),
    del: (path, body, cookie) => current().del(path, body, cookie),
    login: () => current().login(),
    close: () => current().close(),
  };
}

/** A fixed clock: Monday 23 November 2026, 09:00 in Stockholm (08:00 UTC). */
export const MONDAY_MORNING = new Date('2026-11-23T08:00:00Z');

export function bookingPayload(overrides: Record<string, unknown> = {}) {
  return {
    date: '2026-11-24',
    time: '12:00',
    name: 'Åsa Öberg',
    email: 'asa@example.se',
    phone: '070-123 45 67',
    dine_in: false,
    items: [{ pizza_id: 1, qty: 2 }],
    requested_pizzas: 2,
    ...overrides,
  };
}
