// The server's heap: V8's defaults grow it for throughput, a kiosk's server should stay small.
// Measured with `npm run bench` (100,000 bookings, 32 clients): the live heap after a full GC was
// 61 MB, yet the process held 230–260 MB, most of it old-space garbage V8 let accumulate because
// it grows the heap by a large factor after each full GC. Growing it by 40 % instead kept the
// process near 190 MB at the same booking rate; V8's optimize-for-size (about 170 MB) cost a
// tenth of the bookings per second and 10 ms of p99 latency in its many more young-generation
// collections. Imported first by main.ts, before the server allocates.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--heap-growing-percent=40');
