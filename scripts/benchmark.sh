#!/usr/bin/env bash
# Scanner benchmark (not a test): builds ScannerBenchmark in release mode, generates a corpus of
# realistic Swift (>= 500,000 lines) into Benchmarks/.corpus/ (git-ignored) if missing, times `cat`
# over it as a floor, then prints lexing and lexing + SyntaxTree + ProjectIndex figures.
# Usage: scripts/benchmark.sh [lines]   (default 500000; a different count regenerates the corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-500000}"
corpus="Benchmarks/.corpus"

swift build -c release --product ScannerBenchmark >/dev/null
bin="$(swift build -c release --show-bin-path)/ScannerBenchmark"

if [[ ! -f "$corpus/.lines" || "$(cat "$corpus/.lines")" != "$lines" ]]; then
    rm -rf "$corpus"
    "$bin" generate "$corpus" "$lines"
    echo "$lines" > "$corpus/.lines"
fi

# Floor: reading the same files with cat (page cache warm after one pass).
find "$corpus" -name '*.swift' -print0 | xargs -0 cat > /dev/null
start=$(date +%s%N)
find "$corpus" -name '*.swift' -print0 | xargs -0 cat > /dev/null
end=$(date +%s%N)
bytes=$(find "$corpus" -name '*.swift' -print0 | xargs -0 cat | wc -c)
awk -v ns=$((end - start)) -v b="$bytes" 'BEGIN { s = ns / 1e9; printf "cat floor:                %.3f s  %7.1f MB/s\n", s, b / 1048576 / s }'

"$bin" run "$corpus"
