#!/usr/bin/env bash
# Round trip of `combinelint instrument` on real code: a copy of the dev corpus is instrumented,
# checked, instrumented again, and un-instrumented; the corpus itself is only read.
#
# Usage: scripts/check-instrument-roundtrip.sh [CORPUS] [--binary PATH]
#   CORPUS         folder of Swift code (default: /work/devcorpus, else ../devcorpus next to the
#                  repository); when absent the script says so and exits 0
#   --binary PATH  the combinelint to run (default: a release build, made here)
#
# Checks, each printed with its figures (exit 1 when one fails):
#   1. instrument     every instrumented file lexes losslessly: the texts of the tokens of
#                     `combinelint dump tokens --trivia FILE`, joined, give back the file's bytes
#   2. re-lint        `combinelint lint --reporter json --enable-all-rules` finds the same findings
#                     (file, rule, line) before and after; instrumenting is inline, so lines move
#                     only below an `import CombineTrace` line added at the top of a file without
#                     imports, and the comparison maps those lines back
#   3. idempotent     a second `instrument` changes no byte
#   4. remove         `instrument --remove` gives back the corpus byte for byte (`diff -r`)
# Everything is written in one temp dir (removed on exit), never into the repository or the corpus.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus=""
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="$2"; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) corpus="$1"; shift ;;
    esac
done
if [ -z "$corpus" ]; then
    if [ -d /work/devcorpus ]; then corpus=/work/devcorpus; else corpus="$repo/../devcorpus"; fi
fi
if [ ! -d "$corpus" ]; then
    echo "no corpus at $corpus: nothing to check" >&2
    exit 0
fi
corpus="$(cd "$corpus" && pwd)"
if [ -n "$binary" ]; then binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"; fi
if [ -z "$binary" ]; then
    (cd "$repo" && swift build -c release --product combinelint >&2)
    binary="$repo/.build/release/combinelint"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
work="$tmp/corpus"
cp -a "$corpus" "$work"

now() { date +%s%N; }
seconds() { python3 -c "print(f'{($2 - $1) / 1e9:.2f}')" ; }
tree_hash() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 md5sum | md5sum | cut -d' ' -f1); }

echo "corpus:  $corpus ($(find "$work" -name '*.swift' | wc -l) Swift files, $(find "$work" -name '*.swift' -print0 | xargs -0 cat | wc -l) lines)"
echo "binary:  $binary ($(cd "$repo" && git rev-parse --short HEAD))"

# Findings before (exit 1 means findings; 2 is an error).
status=0
(cd "$work" && "$binary" lint . --reporter json --enable-all-rules --quiet > "$tmp/before.json") || status=$?
[ "$status" -le 1 ] || { echo "lint before failed ($status)" >&2; exit 1; }

start=$(now)
status=0
(cd "$work" && "$binary" instrument . 2> "$tmp/instrument.err") || status=$?
end=$(now)
echo "instrument: $(tail -n 1 "$tmp/instrument.err") (exit $status, $(seconds "$start" "$end") s)"
grep -v '^Instrumented' "$tmp/instrument.err" | sed 's/^/  /' || true

failed=0
diff -rq "$corpus" "$work" | sed -n 's/^Files .* and \(.*\) differ$/\1/p' > "$tmp/changed.txt" || true
echo "changed files: $(wc -l < "$tmp/changed.txt")"

# 1. Lossless lexing of every changed file.
python3 - "$binary" "$tmp/changed.txt" <<'EOF' || failed=1
import re, subprocess, sys
binary, listing = sys.argv[1], sys.argv[2]
escape = re.compile(rb'\\(n|r|t|"|\\|u\{([0-9A-Fa-f]+)\}|x\{([0-9A-Fa-f]{2})\})')
def unescape(text):
    def one(m):
        c = m.group(1)
        if c == b'n': return b'\n'
        if c == b'r': return b'\r'
        if c == b't': return b'\t'
        if c in (b'"', b'\\'): return c
        if m.group(2): return chr(int(m.group(2), 16)).encode('utf-8')
        return bytes([int(m.group(3), 16)])
    return escape.sub(one, text)
bad, count = [], 0
for path in open(listing).read().splitlines():
    dump = subprocess.run([binary, 'dump', 'tokens', '--trivia', path], capture_output=True, check=True).stdout
    joined = b''.join(unescape(line.split(b' ', 2)[2][1:-1]) for line in dump.split(b'\n') if line)
    count += 1
    if joined != open(path, 'rb').read(): bad.append(path)
print(f"1. lossless lexing: {count - len(bad)} of {count} instrumented files" + ("" if not bad else ": FAILED " + ", ".join(bad[:5])))
sys.exit(1 if bad else 0)
EOF

# 2. The same findings after instrumenting.
start=$(now)
status=0
(cd "$work" && "$binary" lint . --reporter json --enable-all-rules --quiet > "$tmp/after.json") || status=$?
end=$(now)
[ "$status" -le 1 ] || { echo "lint after failed ($status)" >&2; exit 1; }
python3 - "$tmp/before.json" "$tmp/after.json" "$work" <<'EOF' || failed=1
import json, os, sys
before, after, root = sys.argv[1], sys.argv[2], sys.argv[3]
marker = "import CombineTrace /*combinelint-trace*/"
def added_line(path):
    # The line of an `import CombineTrace` inserted on a line of its own, or None.
    try:
        with open(os.path.join(root, path), 'rb') as f:
            for number, line in enumerate(f.read().split(b'\n')[:3], start=1):
                if line.rstrip(b'\r').decode('utf-8', 'replace') == marker: return number
    except OSError:
        pass
    return None
def findings(path, mapped):
    result, shifts = [], {}
    for f in json.load(open(path))["findings"]:
        line = f["line"]
        if mapped:
            if f["file"] not in shifts: shifts[f["file"]] = added_line(f["file"])
            shift = shifts[f["file"]]
            if shift is not None and line > shift: line -= 1
        result.append((f["file"], f["rule"], line))
    return sorted(result)
a, b = findings(before, False), findings(after, True)
moved = sum(1 for v in (added_line(p) for p in {f for f, _, _ in b}) if v)
print(f"2. re-lint: {len(a)} findings before, {len(b)} after, equal by file, rule and line: {a == b}"
      f" ({moved} files with findings got an import line at the top)")
if a != b:
    sa, sb = set(a), set(b)
    for x in sorted(sa - sb)[:10]: print("   only before:", x)
    for x in sorted(sb - sa)[:10]: print("   only after: ", x)
    sys.exit(1)
EOF
echo "   lint of the instrumented copy: $(seconds "$start" "$end") s"

# 3. Idempotent.
hash_once=$(tree_hash "$work")
status=0
(cd "$work" && "$binary" instrument . 2> "$tmp/again.err") || status=$?
hash_twice=$(tree_hash "$work")
if [ "$hash_once" = "$hash_twice" ]; then
    echo "3. idempotent: a second run changes no byte: $(tail -n 1 "$tmp/again.err")"
else
    echo "3. idempotent: FAILED, the second run changed files: $(tail -n 1 "$tmp/again.err")"
    failed=1
fi

# 4. Remove restores every byte.
start=$(now)
status=0
(cd "$work" && "$binary" instrument --remove . 2> "$tmp/remove.err") || status=$?
end=$(now)
echo "remove: $(tail -n 1 "$tmp/remove.err") (exit $status, $(seconds "$start" "$end") s)"
if diff -r "$corpus" "$work" > "$tmp/restore.diff"; then
    echo "4. remove: byte-identical to the corpus (diff -r)"
else
    echo "4. remove: FAILED, $(grep -c '^diff\|^Only' "$tmp/restore.diff" || true) differences"
    head -n 20 "$tmp/restore.diff"
    failed=1
fi
exit "$failed"
