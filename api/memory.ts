// The server's heap: V8's defaults grow it for throughput, a kiosk's server should stay small.
// Measured with `npm run bench` (100,000 bookings, 32 clients): the live heap after a full GC was
// 61 MB, yet the process held 300 MB, most of it young-generation space and old-space garbage V8
// had not yet collected. V8's optimize-for-size heuristics (grow the heap more slowly, collect
// sooner) kept it near 180 MB. The price, in alternating runs of the booking load: about a tenth
// of the bookings per second and a few ms of p99, in many more young-generation collections.
// Growing the heap by 40 % after a full GC instead (--heap-growing-percent=40) cost nothing
// measurable but ended at 210 MB after the whole bench. On Node 24 every full collection under
// this flag is a memory-reducing one (the whole old generation compacted): explicit limits instead
// (--heap-growing-percent=25, --max-semi-space-size=2) cost a quarter less CPU per booking but
// held 240 MB after 100,000, V8 keeping freed pages pooled (docs/bench.md). Imported first by main.ts.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--optimize-for-size');
