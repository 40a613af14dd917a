#!/bin/sh
# The cost of `lint --trace`: lints FOLDER without and with a synthetic trace that has one
# subscription (leaked) at the line of every finding, its site written as #fileID writes it
# (the file's folder and name), and prints the median wall time of RUNS runs of each and how
# many findings the join confirmed. Usage: scripts/bench-join.sh [FOLDER] [RUNS]
# (default: /work/devcorpus when present, else samples; 5 runs). Build first:
#   swift build -c release --product combinelint
set -eu
folder=${1:-}
if [ -z "$folder" ]; then
    if [ -d /work/devcorpus ]; then folder=/work/devcorpus; else folder=samples; fi
fi
runs=${2:-5}
tool=${COMBINELINT:-.build/release/combinelint}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$tool" "$folder" --reporter json --quiet --exit-zero > "$work/findings.json"
python3 - "$work/findings.json" "$work/trace.jsonl" <<'PY'
import json, sys
findings = json.load(open(sys.argv[1]))["findings"]
seen = set()
with open(sys.argv[2], "w") as out:
    seq = 0
    for finding in findings:
        parts = finding["file"].split("/")
        site = "/".join(parts[-2:]) + ":" + str(finding["line"])
        if site in seen:
            continue
        seen.add(site)
        seq += 1
        out.write(json.dumps({"v": 1, "seq": seq, "t": seq * 1000, "ev": "subscribe", "thread": "main",
                              "sub": seq, "label": "bench", "site": site, "downstream": "sink"},
                             separators=(",", ":")) + "\n")
print(f"{len(findings)} findings, {len(seen)} trace sites", file=sys.stderr)
PY

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
time_runs() {
    i=0
    while [ "$i" -lt "$runs" ]; do
        start=$(date +%s.%N)
        "$tool" "$folder" --reporter json --quiet --exit-zero "$@" > "$work/out.json" 2> "$work/err.txt"
        end=$(date +%s.%N)
        echo "$end - $start" | bc | awk '{ printf "%.3f\n", $1 }'
        i=$((i + 1))
    done | median
}
plain=$(time_runs)
traced=$(time_runs --trace "$work/trace.jsonl")
summary=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['runtime']; print(r['confirmedFindings'], 'findings confirmed,', len(r['unmatched']), 'sites matched no pipeline')" "$work/out.json")
echo "folder $folder, $runs runs each: lint ${plain}s, lint --trace ${traced}s (median); $summary"
