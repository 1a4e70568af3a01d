// The server's heap: V8's defaults grow it for throughput, a kiosk's server should stay small.
// Measured with `npm run bench` (100,000 bookings, 32 clients): the live heap after a full GC was
// 61 MB, yet the process held 300 MB, two thirds of it young-generation space and old-space
// garbage V8 had not yet collected. With V8's optimize-for-size heuristics (grow the heap more
// slowly, collect sooner) it held under 200 MB at the same booking rate. Imported first by
// main.ts, before the server allocates.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--optimize-for-size');
