// npm run bench: prints figures with their aims, asserts nothing (these machines are shared and
// noisy; run it on a quiet one). The server under test runs in its own process, built as
// `npm start` runs it; autocannon drives it from this one. Every figure is printed with its aim
// and, where the aim is relative, the ratio to what it compares against, measured in the same run:
//   - availability / bare route, by server CPU per request (aim >= 0.5), and the same answer sent
//     by a bare route with no work, the highest ratio the query can reach; the three measured in
//     turns (inTurns), so that the VM's drift does not land in the ratios
//   - server render of / (anonymous visitor) / bare route (aim >= 0.2)
//   - the booking page's JavaScript, gzipped (aim <= 110 KB); Lighthouse 12 mobile on /, three
//     runs (aim performance >= 95 in each, LCP <= 1.5 s, accessibility, best practices and SEO 100)
//   - server CPU per durable booking with 32 concurrent clients on the embedded store, with the
//     mail off (RUN_REACTORS=0: a mail costs about three bookings and has figures of its own),
//     against the least a booking cannot skip, each step alone (bookingFloor.ts; aim <= 1.25 x),
//     and their p99 (aim < 40 ms)
//   - a booking reaching the staff's live stream, p99, while 200 bookings/s run (aim < 100 ms)
//   - the long rush (longRush): BENCH_BOOKINGS (100,000) bookings with the mail on, in chunks of
//     10,000: the last chunk's rate against the first's (aim >= 0.8) with each chunk's server CPU
//     per booking, its worst p99 (aim < 40 ms, the rush's), RSS throughout (aim < 180 MB), the
//     mail backlog's end after the last booking (aim <= 120 s), CPU by thread (V8's helpers are
//     the GC's share) and each memory bound's use at the end (BENCH_ONLY=long measures only these)
//   - rebuild of every read model in the server over the long rush's log (no aim: the floor below
//     bounds it)
//   - mail: a rush of BENCH_MAIL_BOOKINGS (10,000) bookings mailed through a relay on loopback:
//     mails/s (aim >= 200), the backlog's end after the rush (aim <= 60 s), and the ready notice's
//     p99 from the Klar step to the relay accepting it while 200 bookings/s run (aim < 1 s)
//     (BENCH_ONLY=mail measures only these)
//   - `npm run projections:rebuild` as a whole command over the long rush's log, minus its time on
//     an empty log (aim >= 30,000 events/s)
// BENCH_ONLY=rebuild BENCH_DATA_DIR=<a DATA_DIR with a log> measures only the last two, on that
// log, BENCH_RUNS times (default 3), from the TypeScript sources (no build), and prints each run
// and the range: on a shared machine one run says little. It then prints what no rebuild of that
// log can skip per event, and the rate that bounds on this machine (rebuildFloor.ts).
// BENCH_ONLY=bookings measures only the booking rush and the RSS after it (see bookingsOnly).
// BENCH_ONLY=availability measures only the availability query's three routes in turns (see
// availabilityOnly).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { allProjections } from '../../projections/index.js';
import { openSqliteDocumentStore } from '../../read-models/sqliteDocumentStore.js';
import { freePort } from '../api/freePort.js';
import { lighthouseScores, pageJavaScript } from './ui.js';
import { rebuildFloor } from './rebuildFloor.js';
import type { bookingFloor } from './bookingFloor.js';
import { SERVER_ENV, serverEnv } from '../../scripts/serverEnv.mjs';

const root = join(import.meta.dirname, '..', '..');
const ADMIN = { email: 'bench@pizzakiosken.test', password: 'bench-password-1' };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);

/** Runs a script: compiled JavaScript as in production (`npm start`), or TypeScript through tsx. */
async function spawnServer(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const args = [
    ...nodeArgs,
    ...(script.endsWith('.js') ? [join(root, script)] : ['--import', 'tsx', join(root, script)]),
  ];
  // The server's environment as `npm start` gives it (scripts/serverEnv.mjs), or with glibc's
  // own malloc settings (BENCH_GLIBC_DEFAULTS=1), to measure again what those settings are worth.
  const serverVars = serverEnv({ ...process.env, ...env });
  if (process.env.BENCH_GLIBC_DEFAULTS === '1') for (const name of Object.keys(SERVER_ENV)) delete serverVars[name];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: serverVars,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // BENCH_SERVER_LOG=<file>: the servers' standard output is kept there (with BENCH_NODE_ARGS=--trace-gc,
  // V8's line per collection).
  const log = process.env.BENCH_SERVER_LOG;
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (log) appendFileSync(log, chunk);
      if (chunk.toString().includes('listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

/**
 * The availability query's answer (headers and bytes), sent by a bare Fastify route with no work
 * (sameBytesServer.ts): its server CPU per request under the same load is the least the query can
 * cost on this machine, whatever the code does.
 */
async function startSameBytes(url: string, dir: string, nodeArgs: string[] = []) {
  // As the load generator asks for it: not compressed.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = await response.text();
  const headers: Record<string, string> = {};
  // What Node writes itself (date, connection, keep-alive, content-length) it writes there too.
  response.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-encoding'].includes(name))
      headers[name] = value;
  });
  const file = join(dir, 'same-bytes.json');
  writeFileSync(file, JSON.stringify({ headers, body }));
  const port = await freePort();
  const server = await spawnServer(
    'test/bench/sameBytesServer.ts',
    { PORT: String(port), BENCH_ANSWER_FILE: file },
    nodeArgs,
  );
  return { server, url: `http://127.0.0.1:${port}/same-bytes`, bytes: Buffer.byteLength(body) };
}

/**
 * The bare route, the availability query and the same answer from a bare route, measured in
 * turns (inTurns): the two availability figures are ratios to the bare route.
 */
async function availabilityInTurns(
  bare: { pid: number; url: string },
  kioskPid: number,
  url: string,
  dir: string,
  sameBytesNodeArgs: string[] = [],
) {
  const sameBytes = await startSameBytes(url, dir, sameBytesNodeArgs);
  try {
    const [bareRoute, query, same] = await inTurns([
      { pid: bare.pid, options: { url: bare.url, connections: 32 } },
      { pid: kioskPid, options: { url, connections: 32 } },
      { pid: sameBytes.server.pid!, options: { url: sameBytes.url, connections: 32 } },
    ]);
    return { bare: bareRoute, query, same: { ...same, bytes: sameBytes.bytes } };
  } finally {
    sameBytes.server.kill('SIGTERM');
    await new Promise((resolve) => sameBytes.server.once('exit', resolve));
  }
}

/** The bare Fastify route, the yardstick of every relative aim. */
async function startBare() {
  const port = await freePort();
  return {
    server: await spawnServer('test/bench/bareServer.ts', { PORT: String(port) }),
    url: `http://127.0.0.1:${port}/bare`,
  };
}

/**
 * The server under test: the build `npm start` runs (server and UI), no TypeScript loader in it,
 * with the abuse limits off (one address sends every request here).
 */
async function startKiosk(dataDir: string, nodeArgs: string[] = [], extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const env = {
    ...extraEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_ATTEMPTS_PER_MINUTE: '0',
    BOOKINGS_PER_MINUTE: '0',
    LOOKUPS_PER_MINUTE: '0',
  };
  return { server: await spawnServer('dist/api/main.js', env, nodeArgs), base: `http://127.0.0.1:${port}` };
}

/** Stops both servers; resolves once the one under test has exited (its log is closed). */
async function stopServers(bare: ChildProcess, kiosk: ChildProcess) {
  bare.kill('SIGTERM');
  kiosk.kill('SIGTERM');
  await new Promise((resolve) => kiosk.once('exit', resolve));
}

/** CPU time (user + system) a process has used, in microseconds, from /proc. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / 100; // USER_HZ is 100 on Linux
}

/** Runs a load and also reports the server's own CPU time per request. */
async function measured(pid: number, options: autocannon.Options) {
  const before = cpuMicros(pid);
  const result = await run(options);
  const requests = result.requests.total || 1;
  return { result, cpuPerRequest: (cpuMicros(pid) - before) / requests };
}

/** Rounds of inTurns: each route's SECONDS are split into this many windows. */
const ROUNDS = 5;

/**
 * Server CPU per request of routes that are compared with each other, measured in turns: in each
 * of ROUNDS rounds every route gets a window of SECONDS / ROUNDS, one after the other, instead of
 * each route its SECONDS in a row. This VM's speed drifts by a fifth within minutes (the bare
 * route alone took 18 to 27 µs per request within one hour, and 21 against 31 µs in two runs
 * half an hour apart: docs/bench.md), and two routes measured one after the other carried that
 * drift into their ratio. Before the rounds each route gets one window that is not counted, so
 * that none is measured while V8 still compiles its code: a kiosk's server has long been warm
 * when customers poll it. A route's figure: its CPU in the counted windows over its requests in them.
 */
async function inTurns(targets: Array<{ pid: number; options: autocannon.Options }>) {
  const window = Math.max(1, Math.round(SECONDS / ROUNDS));
  for (const { options } of targets) await run({ ...options, duration: window });
  const totals = targets.map(() => ({ cpu: 0, requests: 0, non2xx: 0 }));
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, { pid, options }] of targets.entries()) {
      const before = cpuMicros(pid);
      const result = await run({ ...options, duration: window });
      totals[i].cpu += cpuMicros(pid) - before;
      totals[i].requests += result.requests.total;
      totals[i].non2xx += result.non2xx;
    }
  return totals.map((t) => ({
    cpuPerRequest: t.cpu / Math.max(1, t.requests),
    rate: t.requests / (window * ROUNDS),
    non2xx: t.non2xx,
  }));
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * Rebuilds every read model in a new process of the compiled server (or of the sources through
 * tsx); answers events and seconds. Its reactors stay off (RUN_REACTORS 0): the rush before leaves
 * the mail reactor tens of thousands of mails behind (two outbox files, each fsynced, per booking,
 * far more than a kiosk's evening), and a server started on that log would be timed sending them
 * while it rebuilds. The read models are what is measured.
 */
function rebuildInServer(dataDir: string, sources = false): { events: number; seconds: number } {
  const module = (name: string) =>
    JSON.stringify(sources ? join(root, 'api', `${name}.ts`) : join(root, 'dist', 'api', `${name}.js`));
  const code = `
    const { configFromEnv } = await import(${module('config')});
    const { createServer } = await import(${module('server')});
    const server = await createServer({ ...configFromEnv({ RUN_REACTORS: '0' }), dataDir: ${JSON.stringify(dataDir)}, port: 0, serveUi: false });
    const events = await server.events.headPosition();
    const started = performance.now();
    await server.projections.rebuild();
    const seconds = (performance.now() - started) / 1000;
    await server.close();
    console.log(JSON.stringify({ events, seconds }));`;
  const result = spawnSync(
    process.execPath,
    [...(sources ? ['--import', 'tsx'] : []), '--input-type=module', '-e', code],
    {
      cwd: root,
      env: serverEnv({ ...process.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`rebuild failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!);
}

/** Runs `npm run <script>` as an operator would (npm's own start-up included), in seconds. */
function timedCommand(script: string, dataDir: string): number {
  const started = performance.now();
  const result = spawnSync('npm', ['run', '--silent', script], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`npm run ${script} failed`);
  return (performance.now() - started) / 1000;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error as Error) : resolve(result))),
  );
}

function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
}

/**
 * Opens every day 00:00-23:45 with large windows, so capacity never refuses, and answers
 * autocannon's options for a rush of bookings spread over slots and days, each a new customer
 * (so a new key too); `n` counts the bookings made so far.
 */
async function bookingRush(base: string, signedIn?: string) {
  const cookie =
    signedIn ??
    (
      await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).headers
      .get('set-cookie')!
      .split(';')[0];
  const settings = (await (await fetch(`${base}/api/admin/settings`, { headers: { cookie } })).json()) as Record<
    string,
    any
  >;
  for (const day of Object.keys(settings.opening_hours)) settings.opening_hours[day] = { start: '00:00', end: '23:45' };
  Object.assign(settings, {
    capacity_per_window: 100_000,
    window_minutes: 15,
    slot_length_minutes: 15,
    booking_horizon_days: 30,
  });
  await fetch(`${base}/api/admin/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(settings),
  });

  const counter = { n: 0 };
  const booking = () => {
    const i = counter.n++;
    const minutes = (i % 95) * 15; // 95 slots: 00:00 to 23:30, each ending by 23:45
    const body = {
      date: dateIn(1 + (Math.floor(i / 95) % 28)),
      time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      name: 'Bänk Testsson',
      email: `bench${i}@example.se`,
      dine_in: i % 2 === 0,
      items: [{ pizza_id: 1 + (i % 6), qty: 1 }],
      requested_pizzas: 1,
    };
    return JSON.stringify(body);
  };
  const bookingOptions = {
    url: `${base}/api/bookings`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    connections: 32,
    requests: [{ setupRequest: (req: any) => ({ ...req, body: booking() }) }],
  };
  return {
    options: bookingOptions,
    /** The next booking's body, for a load of the bench's own. */
    next: booking,
    get n() {
      return counter.n;
    },
  };
}

/**
 * How long a booking takes to reach the staff's live stream (GET /api/admin/live, as the bookings
 * and kitchen screens follow it) while bookings come at 200 a second: from the moment its request
 * is sent to the moment the stream tells of it, for BENCH_SECONDS of such a load.
 */
async function liveStreamDelay(base: string, cookie: string, next: () => string) {
  const seenAt = new Map<string, number>();
  const abort = new AbortController();
  const stream = await fetch(`${base}/api/admin/live`, { headers: { cookie }, signal: abort.signal });
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = stream.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const chunk = read.value;
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (!message.startsWith('event: booking') || !data) continue;
          const change = JSON.parse(data) as { type: string; booking_id: string };
          if (change.type === 'BookingPlaced' && !seenAt.has(change.booking_id)) seenAt.set(change.booking_id, at);
        }
      }
    } catch {
      // aborted below, once every booking was answered
    }
  })();
  const sentAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  const total = 200 * SECONDS;
  const started = performance.now();
  const requests: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * 5;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const at = performance.now();
    requests.push(
      fetch(`${base}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: next() })
        .then((r) => r.json() as Promise<{ booking_id?: string }>)
        .then((answer) => {
          if (!answer.booking_id) return;
          sentAt.set(answer.booking_id, at);
          answeredAt.set(answer.booking_id, performance.now());
        }),
    );
  }
  await Promise.all(requests);
  const deadline = performance.now() + 10_000;
  while ([...sentAt.keys()].some((id) => !seenAt.has(id)) && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  abort.abort();
  await reading;
  // From each booking's request (sentAt) or answer (answeredAt) to the stream's message about it.
  const toStream = (from: Map<string, number>) =>
    [...from].flatMap(([id, at]) => (seenAt.has(id) ? [seenAt.get(id)! - at] : []));
  const delays = toStream(sentAt);
  return {
    sent: sentAt.size,
    seen: delays.length,
    ...spread(delays),
    // The two parts of the delay: the booking's own answer, and from it to the stream's message.
    answer: spread([...answeredAt].map(([id, at]) => at - sentAt.get(id)!)),
    afterAnswer: spread(toStream(answeredAt)),
  };
}

/** The p50 and p99 of some delays, by nearest rank (Infinity when there are none). */
function spread(values: readonly number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? Infinity;
  return { p50: rank(0.5), p99: rank(0.99) };
}

/** Signs the bench's admin in; answers the session cookie. */
async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return login.headers.get('set-cookie')!.split(';')[0];
}

/** Places `count` bookings of one pizza on `date`, spread over ten of the default day's slots. */
async function placeBookings(base: string, date: string, count: number) {
  for (let i = 0; i < count; i++) {
    await fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        date,
        time: `${11 + (i % 10)}:${i % 2 ? '15' : '45'}`,
        name: 'Förbokad',
        email: `f${i}@example.se`,
        items: [{ pizza_id: 1, qty: 1 }],
        requested_pizzas: 1,
      }),
    });
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-bench-'));
  const { server: bareServer, url: bareUrl } = await startBare();
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const { server: kiosk, base } = await startKiosk(dataDir);
  // Each figure: what was measured, the aim, and whether the run met it.
  const figures: Array<{ name: string; value: string; aim: string; met: boolean }> = [];
  let bareCpu = 0;
  let bookingCpu = 0;
  let perBooking: (typeof figures)[number] | undefined;
  const figure = (name: string, value: string, aim: string, met: boolean) => figures.push({ name, value, aim, met });

  try {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    await placeBookings(base, dateIn(2), 30);
    // 1. availability vs bare route, on a default kiosk (11:00-22:00, 44 slots) with some bookings
    const date = dateIn(2);
    const {
      bare,
      query: avail,
      same: floor,
    } = await availabilityInTurns(
      { pid: bareServer.pid!, url: bareUrl },
      kiosk.pid!,
      `${base}/api/test-availability?date=${date}&pizzas=2`,
      dataDir,
    );
    bareCpu = bare.cpuPerRequest;
    const bareRate = bare.rate;
    figure(
      'bare Fastify route (the yardstick)',
      `${bareRate.toFixed(0)} req/s, server CPU ${bare.cpuPerRequest.toFixed(0)} µs/req`,
      '-',
      true,
    );
    // By server CPU per request: autocannon shares the two cores with the server, so req/s moves
    // with the machine; what the route costs the server does not.
    const availRatio = bare.cpuPerRequest / avail.cpuPerRequest;
    figure(
      'availability query (44 slots) / bare, by server CPU',
      `${availRatio.toFixed(2)}: server CPU ${avail.cpuPerRequest.toFixed(0)} µs/req against ${bare.cpuPerRequest.toFixed(0)} (${avail.rate.toFixed(0)} req/s, ${(avail.rate / bareRate).toFixed(2)} of bare's; non-2xx ${avail.non2xx}; the three routes in turns)`,
      '>= 0.5',
      availRatio >= 0.5 && avail.non2xx === 0,
    );
    figure(
      'the same answer sent by a bare route (no work) / bare',
      `${(bare.cpuPerRequest / floor.cpuPerRequest).toFixed(2)}: server CPU ${floor.cpuPerRequest.toFixed(0)} µs/req for its ${floor.bytes} bytes and headers: the highest ratio the availability query can reach here`,
      '-',
      true,
    );

    // The booking page: server render of / beside the bare route, its JavaScript, Lighthouse.
    const ssr = await measured(kiosk.pid!, { url: `${base}/`, connections: 8, duration: SECONDS });
    const ssrRatio = ssr.result.requests.average / bareRate;
    figure(
      'server render of / / bare',
      `${ssrRatio.toFixed(2)}: ${ssr.result.requests.average.toFixed(0)} req/s, server CPU ${ssr.cpuPerRequest.toFixed(0)} µs/req (non-2xx ${ssr.result.non2xx})`,
      '>= 0.2',
      ssrRatio >= 0.2 && ssr.result.non2xx === 0,
    );
    const js = await pageJavaScript(`${base}/`);
    figure(
      'booking page JavaScript, gzipped',
      `${(js.gzipBytes / 1024).toFixed(1)} KB in ${js.files} files (${(js.rawBytes / 1024).toFixed(0)} KB raw)`,
      '<= 110 KB',
      js.gzipBytes <= 110 * 1024,
    );
    // Three runs: one run of Lighthouse on a shared machine says little (84 to 97 on one build).
    const lighthouse = [];
    for (let i = 0; i < 3; i++) lighthouse.push(await lighthouseScores(`${base}/`));
    figure(
      'Lighthouse 12 mobile on /, 3 runs',
      lighthouse
        .map(
          (s) =>
            `${s.performance} (LCP ${(s.lcp / 1000).toFixed(1)} s, TBT ${s.tbt} ms, host ${s.host}) / ${s.accessibility} / ${s['best-practices']} / ${s.seo}`,
        )
        .join('; ') + " (host: Lighthouse's benchmarkIndex of this machine, test/bench/ui.ts)",
      '95, LCP <= 1.5 s / 100 / 100 / 100',
      lighthouse.every(
        (s) =>
          s.performance >= 95 &&
          s.lcp <= 1500 &&
          s.accessibility === 100 &&
          s['best-practices'] === 100 &&
          s.seo === 100,
      ),
    );

    // 2. durable bookings with 32 concurrent clients, spread over slots and days
    const booking = await bookingRush(base, cookie);
    const bookingOptions = booking.options;
    // The server's CPU from the rush's start until its bookings' mails are sent too: the floor
    // counts a booking's two mails, and the mail's back-pressure keeps them in step.
    const cpuAtStart = cpuMicros(kiosk.pid!);
    const bookResult = await run({ ...bookingOptions, duration: SECONDS });
    await mailsSent(base, dataDir);
    const cpuPerBooking = (cpuMicros(kiosk.pid!) - cpuAtStart) / Math.max(1, bookResult['2xx']);
    const bookingRate = bookResult['2xx'] / SECONDS;
    bookingCpu = cpuPerBooking;
    figures.push({
      name: 'server CPU per booking, its mails included (32 clients) / the floor below',
      value: `${cpuPerBooking.toFixed(0)} µs/booking (${bookingRate.toFixed(0)} bookings/s; ${(cpuPerBooking / bare.cpuPerRequest).toFixed(1)} x the bare route's ${bare.cpuPerRequest.toFixed(0)} µs/req; non-2xx ${bookResult.non2xx})`,
      aim: '<= 1.25',
      // Set once the floor is measured, after the servers have stopped.
      met: false,
    });
    perBooking = figures[figures.length - 1];
    figure(
      'booking latency p99',
      `${bookResult.latency.p99} ms (p50 ${bookResult.latency.p50} ms)`,
      '< 40 ms',
      bookResult.latency.p99 < 40,
    );
    const live = await liveStreamDelay(base, cookie, booking.next);
    figure(
      'booking to the staff live stream, p99 (200 bookings/s)',
      `${live.p99.toFixed(0)} ms (p50 ${live.p50.toFixed(0)} ms; ${live.seen} of ${live.sent} bookings seen; the booking's answer p99 ${live.answer.p99.toFixed(0)} ms, from it to the stream p99 ${live.afterAnswer.p99.toFixed(0)} ms)`,
      '< 100 ms',
      live.p99 < 100 && live.seen === live.sent,
    );
  } finally {
    await stopServers(bareServer, kiosk);
  }

  // 3. the long rush: 100,000 bookings with the mail on (issue 48)
  const long = await longRush(figure);

  // 4. projection rebuild over the long rush's log, in a fresh server process built as `npm start`
  // runs it (not in this one, whose heap holds the load generator's results)
  const rebuild = rebuildInServer(long.dataDir);
  figure(
    `rebuild of all ${allProjections.length} read models in the server`,
    `${(rebuild.events / rebuild.seconds).toFixed(0)} events/s (${rebuild.events} events in ${rebuild.seconds.toFixed(2)} s)`,
    '-',
    true,
  );

  // The abuse limits' cost: one counted request is one atomic update in the shared read-model
  // database (api/http/rateLimits.ts), measured on the store the server uses.
  const limitsStore = openSqliteDocumentStore(join(dataDir, 'read-models.db'));
  const hits = 20_000;
  const limitStarted = performance.now();
  for (let i = 0; i < hits; i++) await limitsStore.countHit(`bench:${i % 500}`, 60_000);
  const perHit = ((performance.now() - limitStarted) * 1000) / hits;
  await limitsStore.close();
  figure('abuse-limit count per limited request (shared store)', `${perHit.toFixed(1)} µs`, '-', true);

  // What no booking can skip (bookingFloor.ts), beside what one cost in the rush above.
  const floor = await printBookingFloor(dataDir, bareCpu);
  figure(
    'least server CPU a booking cannot skip (the floor)',
    `${floor.toFixed(0)} µs, each step alone on one thread: ${(floor / bareCpu).toFixed(1)} x bare (the rush: ${bookingCpu.toFixed(0)} µs)`,
    '-',
    true,
  );
  if (perBooking) {
    perBooking.value = `${(bookingCpu / floor).toFixed(2)}: ${perBooking.value}`;
    perBooking.met = bookingCpu <= 1.25 * floor && perBooking.value.includes('non-2xx 0');
  }

  // 5. the operator's command, as a whole process, over the same log and over an empty one
  const full = timedCommand('projections:rebuild', long.dataDir);
  const empty = timedCommand('projections:rebuild', mkdtempSync(join(tmpdir(), 'pizzakiosken-bench-empty-')));
  const commandRate = rebuild.events / Math.max(0.001, full - empty);
  figure(
    'npm run projections:rebuild (minus empty log)',
    `${commandRate.toFixed(0)} events/s (${full.toFixed(2)} s; ${empty.toFixed(2)} s on an empty log)`,
    '>= 30,000 events/s',
    commandRate >= 30_000,
  );

  await mailFigures(figure);

  printFigures(figures);
}

function printFigures(figures: Array<{ name: string; value: string; aim: string; met: boolean }>) {
  const name = Math.max(...figures.map((f) => f.name.length));
  const aim = Math.max(...figures.map((f) => f.aim.length));
  console.log(
    `\nPizzakiosken benchmark (${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.versions.node})`,
  );
  for (const f of figures)
    console.log(
      `  ${f.name.padEnd(name)}  aim ${f.aim.padEnd(aim)}  ${f.aim === '-' ? '    ' : f.met ? 'met ' : 'MISS'}  ${f.value}`,
    );
}

/** BENCH_ONLY=rebuild: the two rebuild figures on an existing log, several times. */
async function rebuildOnly(dataDir: string) {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const empty = mkdtempSync(join(tmpdir(), 'pizzakiosken-bench-empty-'));
  const inServer: number[] = [];
  const command: number[] = [];
  for (let i = 0; i < runs; i++) {
    const rebuild = rebuildInServer(dataDir, true);
    inServer.push(rebuild.events / rebuild.seconds);
    const full = timedCommand('projections:rebuild', dataDir);
    const none = timedCommand('projections:rebuild', empty);
    command.push(rebuild.events / Math.max(0.001, full - none));
    console.log(
      `run ${i + 1}: ${rebuild.events} events; in the server ${rebuild.seconds.toFixed(2)} s (${inServer[i].toFixed(0)} events/s); command ${full.toFixed(2)} s, ${none.toFixed(2)} s on an empty log (${command[i].toFixed(0)} events/s)`,
    );
  }
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)} to ${Math.max(...xs).toFixed(0)} events/s`;
  console.log(`rebuild of all ${allProjections.length} read models in the server: ${range(inServer)}`);
  console.log(`npm run projections:rebuild (minus empty log): ${range(command)} (aim >= 30,000)`);
  // What no rebuild of this log can skip, and the rate that bounds on this machine's cores.
  const floor = await rebuildFloor(dataDir);
  console.log(
    `\nthe least work per event a rebuild of these ${floor.events} events cannot skip (each step alone, one thread):`,
  );
  for (const { step, microsPerEvent } of floor.steps)
    console.log(`  ${microsPerEvent.toFixed(1).padStart(6)} µs  ${step}`);
  const total = floor.steps.reduce((sum, s) => sum + s.microsPerEvent, 0);
  const cores = cpus().length;
  console.log(
    `  ${total.toFixed(1).padStart(6)} µs in all: at most ${((cores * 1e6) / total).toFixed(0)} events/s on ${cores} cores with every step spread perfectly over them, ${(1e6 / total).toFixed(0)} on one`,
  );
}

/**
 * BENCH_ONLY=bookings: the bare route, then the booking rush for BENCH_SECONDS with the server's
 * CPU time per booking (steadier than bookings/s on a shared machine), and its RSS after
 * BENCH_BOOKINGS, on the current build (run `npm run build` first): the figures a change to the
 * write path moves, in a minute or two. BENCH_AVAILABILITY=1 adds the availability query.
 * BENCH_CPU_PROF=<dir> writes the server's CPU profile there when it stops; BENCH_NODE_ARGS adds
 * node flags to the server's command line (experiments with V8's flags).
 */
async function bookingsOnly() {
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  if (process.env.BENCH_NODE_ARGS) nodeArgs.push(...process.env.BENCH_NODE_ARGS.split(' '));
  const { server: bareServer, url: bareUrl } = await startBare();
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-bench-'));
  // BENCH_MAIL=1: the reactors on, as `npm start` runs them, and the CPU per booking counted until
  // the rush's mails are written too, as the full run counts it.
  const withMail = process.env.BENCH_MAIL === '1';
  const { server: kiosk, base } = await startKiosk(dataDir, nodeArgs, withMail ? {} : { RUN_REACTORS: '0' });
  let bareCpu = 0;
  try {
    let bare: { cpuPerRequest: number; rate: number };
    if (process.env.BENCH_AVAILABILITY) {
      const turns = await availabilityInTurns(
        { pid: bareServer.pid!, url: bareUrl },
        kiosk.pid!,
        `${base}/api/test-availability?date=${dateIn(2)}&pizzas=2`,
        dataDir,
      );
      bare = turns.bare;
      const { query: avail, same: floor } = turns;
      console.log(
        `availability ${avail.rate.toFixed(0)} req/s, server CPU ${avail.cpuPerRequest.toFixed(0)} µs/req (${(bare.cpuPerRequest / avail.cpuPerRequest).toFixed(2)} of bare's by CPU, aim >= 0.5; in turns)`,
      );
      console.log(
        `the same answer from a bare route: server CPU ${floor.cpuPerRequest.toFixed(0)} µs/req (${floor.bytes} bytes): at most ${(bare.cpuPerRequest / floor.cpuPerRequest).toFixed(2)} of bare's`,
      );
    } else {
      const alone = await measured(bareServer.pid!, { url: bareUrl, connections: 32, duration: SECONDS });
      bare = { cpuPerRequest: alone.cpuPerRequest, rate: alone.result.requests.average };
    }
    bareCpu = bare.cpuPerRequest;
    const booking = await bookingRush(base);
    const cpuAtStart = cpuMicros(kiosk.pid!);
    const result = await run({ ...booking.options, duration: SECONDS });
    if (withMail) console.log(`the rush's mails written ${(await mailsSent(base, dataDir)).toFixed(1)} s after it`);
    const cpuPerRequest = (cpuMicros(kiosk.pid!) - cpuAtStart) / Math.max(1, result['2xx']);
    const rate = result['2xx'] / SECONDS;
    console.log(
      `bare ${bare.rate.toFixed(0)} req/s, ${bare.cpuPerRequest.toFixed(0)} µs/req; bookings ${rate.toFixed(0)}/s, server CPU ${cpuPerRequest.toFixed(0)} µs/booking (${(cpuPerRequest / bare.cpuPerRequest).toFixed(1)} x bare; against the floor below, aim <= 1.25 x), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (aim < 40), non-2xx ${result.non2xx}`,
    );
    const live = await liveStreamDelay(base, await signIn(base), booking.next);
    console.log(
      `booking to the staff live stream at 200 bookings/s: p99 ${live.p99.toFixed(0)} ms (aim < 100), p50 ${live.p50.toFixed(0)} ms, ${live.seen} of ${live.sent} seen; the booking's answer p50 ${live.answer.p50.toFixed(0)} ms, p99 ${live.answer.p99.toFixed(0)} ms; from the answer to the stream p50 ${live.afterAnswer.p50.toFixed(0)} ms, p99 ${live.afterAnswer.p99.toFixed(0)} ms`,
    );
    const remaining = TARGET_BOOKINGS - booking.n;
    if (remaining > 0) await run({ ...booking.options, amount: remaining });
    console.log(`RSS after ${booking.n} bookings: ${rssMb(kiosk.pid!).toFixed(0)} MB (aim < 180)`);
    console.log(
      readFileSync(`/proc/${kiosk.pid}/status`, 'utf8')
        .split('\n')
        .filter((l) => /^(RssAnon|RssFile|Threads)/.test(l))
        .join(', ')
        .replace(/\s+/g, ' '),
    );
    // The process's memory map at that moment, to attribute its RSS (V8's pages, malloc's arenas,
    // the binary's text): BENCH_SMAPS=<file>.
    if (process.env.BENCH_SMAPS) writeFileSync(process.env.BENCH_SMAPS, readFileSync(`/proc/${kiosk.pid}/smaps`));
    // BENCH_HOLD_SECONDS: the server kept that long after the rush, its pid printed, to look into
    // its memory from outside (gdb, a heap snapshot by signal).
    const hold = Number(process.env.BENCH_HOLD_SECONDS ?? 0);
    if (hold > 0) {
      console.log(`server ${kiosk.pid} held ${hold} s`);
      await new Promise((resolve) => setTimeout(resolve, hold * 1000));
    }
  } finally {
    await stopServers(bareServer, kiosk);
  }
  await printBookingFloor(dataDir, bareCpu);
}

/**
 * BENCH_ONLY=availability: the bare route, the availability query and the same answer from a bare
 * route, in turns (availabilityInTurns) on the current build (run `npm run build` first), on a
 * default kiosk with the main run's 30 bookings: the three figures of the query, in a minute.
 * BENCH_CPU_PROF=<dir> writes the CPU profiles of the kiosk and of the same-answer route there when
 * they stop (the file names carry their pids, printed), to set the query's work beside what the
 * socket write costs anyway; BENCH_NODE_ARGS adds node flags to the kiosk's command line.
 */
async function availabilityOnly() {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const nodeArgs = [...profile];
  if (process.env.BENCH_NODE_ARGS) nodeArgs.push(...process.env.BENCH_NODE_ARGS.split(' '));
  const { server: bareServer, url: bareUrl } = await startBare();
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-bench-'));
  const { server: kiosk, base } = await startKiosk(dataDir, nodeArgs);
  try {
    const date = dateIn(2);
    await placeBookings(base, date, 30);
    const { bare, query, same } = await availabilityInTurns(
      { pid: bareServer.pid!, url: bareUrl },
      kiosk.pid!,
      `${base}/api/test-availability?date=${date}&pizzas=2`,
      dataDir,
      profile,
    );
    if (profile.length > 0)
      console.log(
        `CPU profiles in ${process.env.BENCH_CPU_PROF}: the kiosk's has pid ${kiosk.pid}, the same answer's the other`,
      );
    console.log(`bare route: ${bare.rate.toFixed(0)} req/s, server CPU ${bare.cpuPerRequest.toFixed(1)} µs/req`);
    console.log(
      `availability query / bare, by server CPU: ${(bare.cpuPerRequest / query.cpuPerRequest).toFixed(2)} (aim >= 0.5): ${query.cpuPerRequest.toFixed(1)} µs/req, ${query.rate.toFixed(0)} req/s, non-2xx ${query.non2xx}`,
    );
    console.log(
      `the same answer from a bare route / bare: ${(bare.cpuPerRequest / same.cpuPerRequest).toFixed(2)}: ${same.cpuPerRequest.toFixed(1)} µs/req for its ${same.bytes} bytes`,
    );
  } finally {
    await stopServers(bareServer, kiosk);
  }
}

/**
 * Waits until every web booking's two mails are in DATA_DIR's outbox folder (no SMTP_URL) and none
 * is due; answers the seconds it took (at most ten minutes).
 */
async function mailsSent(base: string, dataDir: string): Promise<number> {
  const started = performance.now();
  const due = async () => {
    const ready = (await (await fetch(`${base}/api/ready`)).json()) as { mail: { due: number } | null };
    return ready.mail?.due ?? -1;
  };
  const outbox = join(dataDir, 'outbox');
  const written = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
  // Every booking of the bench has an e-mail: the customer's mail and the staff's.
  const log = new Database(join(dataDir, 'events.db'), { readonly: true });
  const placed = () => log.prepare("SELECT count(*) FROM events WHERE type = 'BookingPlaced'").pluck().get() as number;
  try {
    while (performance.now() - started < 600_000) {
      if (written() >= 2 * placed() && (await due()) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    log.close();
  }
  return (performance.now() - started) / 1000;
}

/** CPU seconds used so far by each kind of thread of a process (/proc/<pid>/task): main, V8's helpers (GC, compiling), libuv's pool, the rest. */
function cpuByThread(pid: number): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim();
      const fields = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1].split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      const kind =
        task === String(pid)
          ? 'main'
          : name.startsWith('V8')
            ? 'V8 helpers'
            : name.startsWith('libuv')
              ? 'libuv'
              : 'other';
      kinds[kind] = (kinds[kind] ?? 0) + seconds;
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return kinds;
}

/**
 * The long rush (issue 48): BENCH_BOOKINGS (100,000) bookings from 32 clients as fast as they are
 * answered, on a server as `npm start` runs it (mail reactor and senders on, no SMTP_URL: the mails
 * go to the outbox folder), in chunks of 10,000. A cost that grows with the day or the log shows as
 * a last chunk slower than the first; memory that grows without a bound as RSS (sampled every
 * 250 ms); a sender that starves as a mail backlog left at the last booking. Answers the log's
 * DATA_DIR (the rebuild figures run on it).
 */
async function longRush(figure: (name: string, value: string, aim: string, met: boolean) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-bench-long-'));
  const { server: kiosk, base } = await startKiosk(dataDir);
  const pid = kiosk.pid!;
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 250);
  type Ready = { mail: { due: number } | null; memory_bounds: Array<{ name: string; used: number; bound: number }> };
  const ready = async () => (await (await fetch(`${base}/api/ready`)).json()) as Ready;
  try {
    const rush = await bookingRush(base);
    // Per chunk also the server's CPU per booking: a cost that grows with the log shows there even
    // while the host's speed drifts (its rate moves with both).
    const chunks: Array<{ rate: number; cpuPerBooking: number; p99: number; heapMb: number; rssMb: number }> = [];
    let non2xx = 0;
    let booked = 0;
    const cpuBefore = cpuByThread(pid);
    while (rush.n < TARGET_BOOKINGS) {
      const started = performance.now();
      const cpuAtStart = cpuMicros(pid);
      const result = await run({ ...rush.options, amount: Math.min(10_000, TARGET_BOOKINGS - rush.n) });
      const seconds = (performance.now() - started) / 1000;
      const cpuPerBooking = (cpuMicros(pid) - cpuAtStart) / Math.max(1, result['2xx']);
      const heap = (await ready()).memory_bounds.find((b) => b.name === 'heap_mb')?.used ?? 0;
      chunks.push({
        rate: result['2xx'] / seconds,
        cpuPerBooking,
        p99: result.latency.p99,
        heapMb: heap,
        rssMb: rssMb(pid),
      });
      non2xx += result.non2xx;
      booked += result['2xx'];
    }
    const cpuAfter = cpuByThread(pid);
    const drained = await mailsSent(base, dataDir);
    const written = readdirSync(join(dataDir, 'outbox')).length;
    const first = chunks[0].rate;
    const last = chunks[chunks.length - 1].rate;
    figure(
      `long rush: ${booked} bookings with the mail on, last 10,000 / first 10,000`,
      `${(last / first).toFixed(2)}: ${last.toFixed(0)} against ${first.toFixed(0)} bookings/s (each 10,000: ${chunks.map((c) => c.rate.toFixed(0)).join(', ')}; server CPU per booking each 10,000: ${chunks.map((c) => c.cpuPerBooking.toFixed(0)).join(', ')} µs; non-2xx ${non2xx})`,
      '>= 0.8',
      last >= 0.8 * first && non2xx === 0,
    );
    figure(
      'long rush: booking latency p99, worst 10,000',
      `${Math.max(...chunks.map((c) => c.p99))} ms (each: ${chunks.map((c) => c.p99).join(', ')}): 32 clients at the pace the mail keeps wait 32 / bookings per s on average`,
      "< 40 ms (the rush's)",
      Math.max(...chunks.map((c) => c.p99)) < 40,
    );
    figure(
      'long rush: server RSS, highest (sampled each 250 ms)',
      `${peakRss.toFixed(0)} MB (after each 10,000: ${chunks.map((c) => c.rssMb.toFixed(0)).join(', ')} MB; JavaScript heap ${chunks.map((c) => c.heapMb).join(', ')} MB)`,
      '< 180 MB',
      peakRss < 180,
    );
    figure(
      'long rush: mail backlog empty after the last booking',
      `${drained.toFixed(0)} s (${written} mails in the outbox folder)`,
      '<= 120 s',
      drained <= 120,
    );
    const cpu = Object.entries(cpuAfter)
      .map(([kind, seconds]) => `${kind} ${(seconds - (cpuBefore[kind] ?? 0)).toFixed(0)} s`)
      .join(', ');
    figure('long rush: server CPU by thread during the bookings', cpu, '-', true);
    const bounds = (await ready()).memory_bounds.map((b) => `${b.name} ${b.used} of ${b.bound}`).join(', ');
    figure('long rush: memory bounds in use at its end', bounds, '-', true);
  } finally {
    clearInterval(sampler);
    kiosk.kill('SIGTERM');
    await new Promise((resolve) => kiosk.once('exit', resolve));
  }
  return { dataDir };
}

/** Prints the least work a booking cannot skip, step by step, over the rush's records; answers its sum in µs. */
async function printBookingFloor(dataDir: string, bareCpu: number): Promise<number> {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, join(root, 'test', 'bench', 'bookingFloor.ts'), dataDir],
    {
      encoding: 'utf8',
    },
  );
  if (child.status !== 0) throw new Error(`the booking floor failed: ${child.stderr}`);
  const floor = JSON.parse(child.stdout.trim().split('\n').pop()!) as Awaited<ReturnType<typeof bookingFloor>>;
  console.log(
    `\nthe least server CPU a booking cannot skip (each step alone, one thread, ${floor.bookings} bookings):`,
  );
  for (const { step, microsPerEvent } of floor.steps)
    console.log(`  ${microsPerEvent.toFixed(1).padStart(6)} µs  ${step}`);
  const total = floor.steps.reduce((sum, s) => sum + s.microsPerEvent, 0);
  console.log(
    `  ${total.toFixed(1).padStart(6)} µs in all, ${(total / bareCpu).toFixed(1)} x the bare route's ${bareCpu.toFixed(0)} µs per request`,
  );
  return total;
}

/**
 * Mail through a real relay on loopback (smtp-server, as the tests use): a rush of bookings, each
 * mailed to the customer and to staff, then the ready notice's delay while bookings keep coming.
 */
async function mailFigures(figure: (name: string, value: string, aim: string, met: boolean) => void) {
  const received: Array<{ at: number; subject: string }> = [];
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 4096) head += c.toString('latin1');
      });
      stream.on('end', () => {
        const subject = /^Subject:\s*(.*)$/im.exec(head)?.[1] ?? '';
        received.push({ at: performance.now(), subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const smtpPort = (relay.server.address() as AddressInfo).port;
  const dataDir = mkdtempSync(join(tmpdir(), 'pizzakiosken-bench-mail-'));
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const { server: kiosk, base } = await startKiosk(dataDir, nodeArgs, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  const mailsDue = async () => {
    const ready = (await (await fetch(`${base}/api/ready`)).json()) as { mail: { due: number } | null };
    return ready.mail?.due ?? -1;
  };
  try {
    const bookings = Number(process.env.BENCH_MAIL_BOOKINGS ?? 10_000);
    const rush = await bookingRush(base);
    const started = performance.now();
    const result = await run({ ...rush.options, amount: bookings });
    const rushEnd = performance.now();
    // The server's CPU per mail while it only drains the backlog: steadier than mails/s on a
    // machine whose other core is busy (the relay and this process share it).
    const [cpuAtRushEnd, mailsAtRushEnd] = [cpuMicros(kiosk.pid!), received.length];
    const expected = result['2xx'] * 2;
    while ((received.length < expected || (await mailsDue()) > 0) && performance.now() - rushEnd < 300_000)
      await new Promise((r) => setTimeout(r, 100));
    const drained = performance.now();
    const drainCpu = (cpuMicros(kiosk.pid!) - cpuAtRushEnd) / Math.max(1, received.length - mailsAtRushEnd);
    const first = received[0]?.at ?? started;
    const last = received[received.length - 1]?.at ?? drained;
    const rate = received.length / Math.max(0.001, (last - first) / 1000);
    figure(
      `mails sent through a relay (${result['2xx']} bookings × 2)`,
      `${rate.toFixed(0)} mails/s (${received.length} of ${expected} in ${((last - first) / 1000).toFixed(1)} s)`,
      '>= 200 mails/s',
      rate >= 200 && received.length >= expected,
    );
    const backlog = (drained - rushEnd) / 1000;
    figure(
      'mail backlog empty after the rush',
      `${backlog.toFixed(1)} s (server CPU ${drainCpu.toFixed(0)} µs per mail while draining)`,
      '<= 60 s',
      backlog <= 60,
    );

    // The ready notice: orders for the next hours, confirmed and in the oven; each marked Klar while
    // 200 bookings/s run, timed until the relay has its mail.
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A slot about 90 minutes ahead, and its own date: after 22:30 in Stockholm that is tomorrow
    // (a run at 22:40 booked today's 00:00, long past, and measured nothing).
    const soon = new Date(Date.now() + 90 * 60_000);
    const day = soon.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
    const [hour, minute] = soon
      .toLocaleTimeString('sv-SE', { timeZone: 'Europe/Stockholm', hour: '2-digit', minute: '2-digit' })
      .split(':');
    const slot = `${hour}:${Number(minute) < 30 ? '00' : '30'}`;
    const orders: string[] = [];
    for (let i = 0; i < 40; i++) {
      const placed = await call('POST', '/api/bookings', {
        date: day,
        time: slot,
        name: 'Klar Testsson',
        email: `klar${i}@example.se`,
        items: [{ pizza_id: 1, qty: 1 }],
        requested_pizzas: 1,
      });
      if (placed.status !== 201) continue;
      const id = ((await placed.json()) as { booking_id: string }).booking_id;
      if (
        (await call('PUT', `/api/admin/bookings/${id}/confirm`, {})).ok &&
        (await call('PUT', `/api/admin/bookings/${id}/kitchen`, { step: 'baking' })).ok
      )
        orders.push(id);
    }
    const background = run({ ...rush.options, overallRate: 200, duration: orders.length / 4 + 5 });
    const delays: number[] = [];
    for (const id of orders) {
      await new Promise((r) => setTimeout(r, 250));
      const at = performance.now();
      if (!(await call('PUT', `/api/admin/bookings/${id}/kitchen`, { step: 'ready' })).ok) continue;
      void (async () => {
        const ends = at + 30_000;
        while (performance.now() < ends) {
          const mail = received.find((m) => m.at >= at && m.subject.includes(id));
          if (mail) return void delays.push(mail.at - at);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
    }
    await background;
    await new Promise((r) => setTimeout(r, 2000));
    const { p50, p99 } = spread(delays);
    figure(
      'ready notice, Klar to the relay, p99 (200 bookings/s)',
      `${p99.toFixed(0)} ms (${delays.length} of ${orders.length} orders; p50 ${delays.length ? p50.toFixed(0) : '-'} ms)`,
      '< 1000 ms',
      p99 < 1000 && delays.length === orders.length && orders.length > 0,
    );
  } finally {
    kiosk.kill('SIGTERM');
    await new Promise((resolve) => kiosk.once('exit', resolve));
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  }
}

if (process.env.BENCH_ONLY === 'mail') {
  const figures: Array<{ name: string; value: string; aim: string; met: boolean }> = [];
  await mailFigures((name, value, aim, met) => figures.push({ name, value, aim, met }));
  printFigures(figures);
} else if (process.env.BENCH_ONLY === 'bookings') await bookingsOnly();
else if (process.env.BENCH_ONLY === 'long') {
  // Only the long rush (BENCH_BOOKINGS bookings with the mail on) and its figures; its DATA_DIR is
  // printed, to measure the rebuild on it after (BENCH_ONLY=rebuild BENCH_DATA_DIR=...).
  const figures: Array<{ name: string; value: string; aim: string; met: boolean }> = [];
  const { dataDir } = await longRush((name, value, aim, met) => figures.push({ name, value, aim, met }));
  printFigures(figures);
  console.log(`the long rush's DATA_DIR: ${dataDir}`);
} else if (process.env.BENCH_ONLY === 'availability') await availabilityOnly();
else if (process.env.BENCH_ONLY === 'rebuild') {
  if (!process.env.BENCH_DATA_DIR) throw new Error('BENCH_ONLY=rebuild needs BENCH_DATA_DIR: a DATA_DIR holding a log');
  await rebuildOnly(process.env.BENCH_DATA_DIR);
} else await main();
