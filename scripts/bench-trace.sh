#!/bin/sh
# Prints the tracer's cost per value: untraced, traced with the recorder stopped, recording in
# memory and to a file, and events/s with two threads recording at once.
# Usage: scripts/bench-trace.sh [VALUES]   (default 1000000)
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product TraceBenchmark >/dev/null
exec "$(swift build -c release --show-bin-path)/TraceBenchmark" "$@"
