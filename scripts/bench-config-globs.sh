#!/usr/bin/env bash
# How long a configuration with many globs takes to read and match: the whole `combinelint lint`
# process (release build) on a small generated project whose .combinelint.json holds N exclude
# globs (default 2,000,000) of the shapes teams generate: `Generated/ModuleK/**` folders,
# `Sources/FeatureK/FileK.swift` files and `**/NameK.swift` names. It runs N/4, N/2 and N, so
# that the times show whether the cost grows in proportion to the configuration's size.
#
# Usage: scripts/bench-config-globs.sh [N]
# Prints one line per size: globs, configuration bytes, wall seconds, and the --timings seconds
# of "configuration" (reading) and "finding files" (matching).
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
n="${1:-2000000}"
cd "$repo"
swift build -c release --product combinelint >&2
binary="$repo/.build/release/combinelint"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# 50 folders of 4 files, one of them excluded by name; plus a Generated folder.
for f in $(seq 1 50); do
    mkdir -p "$work/Sources/Feature$f" "$work/Generated/Module$f"
    for k in 1 2 3 4; do echo "let v$k = $f" > "$work/Sources/Feature$f/File$k.swift"; done
    echo "let g = 1" > "$work/Generated/Module$f/G.swift"
done

printf '%12s %12s %10s %14s %14s\n' globs bytes seconds configuration "finding files"
for size in $((n / 4)) $((n / 2)) "$n"; do
    python3 - "$size" "$work/.combinelint.json" <<'PY'
import json, sys
n, path = int(sys.argv[1]), sys.argv[2]
third = n // 3
globs = [f"Generated/Module{k}/**" for k in range(third)]
globs += [f"Sources/Feature{k}/File{k}.swift" for k in range(third)]
globs += [f"**/Name{k}.swift" for k in range(n - 2 * third)]
with open(path, "w") as out:
    json.dump({"exclude": globs}, out)
PY
    bytes=$(wc -c < "$work/.combinelint.json")
    start=$(date +%s%N)
    timings=$(cd "$work" && "$binary" --timings --quiet --reporter summary . 2>&1 >/dev/null || true)
    end=$(date +%s%N)
    reading=$(echo "$timings" | awk '$1 == "configuration" { print $2 }')
    matching=$(echo "$timings" | awk '$1 == "finding" { print $3 }')
    printf '%12d %12d %10.2f %14s %14s\n' "$size" "$bytes" "$(echo "($end - $start) / 1000000000" | bc -l)" "$reading" "$matching"
done
