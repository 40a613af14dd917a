#!/bin/sh
# Prints the tracer's cost per value: untraced, traced with the recorder stopped, recording in
# memory and to a file (a stand-in subject, subject.map, and the cheapest upstream, each through a
# sink), traced minus untraced, and events/s with two threads recording at once.
# Usage: scripts/bench-trace.sh [--rounds N] [VALUES]    (default 30 rounds of 100000) thread CPU
#          time per value, least and median round; the traced-minus-untraced differences between
#          the least rounds and as the median of each round's own difference
#        scripts/bench-trace.sh --instructions [VALUES]  (default 100000) instructions per value
#          of each case under valgrind --tool=callgrind, which a busy machine does not move:
#          (instructions with VALUES values - with none) / VALUES.
# Also: scripts/bench-trace.sh --report [MB]  (default 100) speed and peak memory of
#          `combinelint trace report` on a generated trace of about MB megabytes.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product TraceBenchmark >/dev/null
bin="$(swift build -c release --show-bin-path)"
case "${1:-}" in
--instructions)
    values="${2:-100000}"
    count() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin/TraceBenchmark" --case "$1" "$2" 2>&1 \
            | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
    }
    "$bin/TraceBenchmark" --case -1 | while IFS="$(printf '\t')" read -r index name; do
        full=$(count "$index" "$values")
        empty=$(count "$index" 0)
        printf '%-36s %8.1f instructions/value\n' "$name" "$(echo "($full - $empty) / $values" | bc -l)"
    done
    ;;
--report)
    megabytes="${2:-100}"
    swift build -c release --product combinelint >/dev/null
    trace="${TMPDIR:-/tmp}/bench-trace-report-$$.jsonl"
    trap 'rm -f "$trace"' EXIT
    "$bin/TraceBenchmark" --write-trace "$trace" "$megabytes"
    size=$(wc -c < "$trace")
    /usr/bin/time -f '%e %M' -o "$trace.time" "$bin/combinelint" trace report "$trace" --format json >/dev/null
    read -r seconds kilobytes < "$trace.time"
    rm -f "$trace.time"
    echo "trace report: $size bytes in $seconds s ($(echo "$size / $seconds / 1000000" | bc -l | cut -c1-6) MB/s), peak memory $kilobytes KB ($(echo "$kilobytes * 1024 / $size" | bc -l | cut -c1-5)x the file)"
    ;;
*)
    exec "$bin/TraceBenchmark" "$@"
    ;;
esac
