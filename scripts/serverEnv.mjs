// The environment the server runs in, however it is started: `npm start` (scripts/start.mjs) and
// `npm run bench` take it from here, the production image sets the same (deploy/Dockerfile).
// A variable the operator sets wins.
//
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena (up to eight per
// core), and the server has a dozen threads (V8's platform workers, libuv's pool, the read-model
// writer). After a rush of 100,000 bookings their arenas held some 40 MB of freed memory no arena
// could reuse: RSS 208 MB by default, 169 MB with two arenas, at the same bookings/s and p99 in
// the same runs. One arena (159 MB) cost about a tenth of the bookings/s: the threads then wait
// for its lock.
//
// MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ at 128 KB (glibc's defaults, which it otherwise
// raises as large blocks are freed, up to 32 MB): a large block then always comes from and goes
// back to the system, and freed memory at the top of a heap is returned. With two arenas, RSS
// after the same rush 150 and 153 MB against 164 and 169 MB, bookings/s and p99 within the runs'
// spread.
//
// glibc reads these once, at start: they must be set before the process starts.
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/** The environment for a server process: SERVER_ENV under `env`. */
export const serverEnv = (env = process.env) => ({ ...SERVER_ENV, ...env });
