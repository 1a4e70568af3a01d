#!/usr/bin/env bash
# The one-kiosk deployment's memory figure (deploy/README.md, "What it needs"): runs the bench's
# mail rush (BENCH_ONLY=mail: BENCH_MAIL_BOOKINGS bookings, default 10,000, each mailed to the
# customer and to staff through an SMTP relay on loopback) against `node dist/api/main.js` on the
# embedded store, and prints the server process's peak resident memory (VmHWM, the kernel's own
# high-water mark) read from /proc every second while it runs. Build first (node scripts/build.mjs).
#   bash test/bench/peakRss.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
log="$(mktemp)"
BENCH_ONLY=mail npx tsx test/bench/run.ts >"$log" 2>&1 &
bench=$!
peak=0
while kill -0 "$bench" 2>/dev/null; do
  for pid in $(pgrep -f 'dist/api/main.js' || true); do
    # Only the bench's own server: its DATA_DIR is a pizzakiosken-bench-mail-* folder.
    tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -q 'DATA_DIR=.*pizzakiosken-bench-mail-' || continue
    hwm="$(sed -n 's/^VmHWM:\s*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null || true)"
    if [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ]; then peak="$hwm"; fi
  done
  sleep 1
done
wait "$bench" || true
cat "$log"
rm -f "$log"
echo "server peak RSS (VmHWM): $((peak / 1024)) MB"
