#!/usr/bin/env bash
# End-to-end benchmark of what a user runs: the whole `combinelint lint` process (release build,
# every rule on, opt-in ones included), not just parsing (that is scripts/benchmark.sh).
#
# Usage: scripts/bench-lint.sh [--quick] [--runs K] [--skip-pathological] [--only LIST]
#                              [--n CASE=N ...] [--timeout S]
#   --quick              smoke run: small N for the pathological cases, a 50,000-line generated
#                        corpus, one run per measurement (unless --runs is given)
#   --runs K             runs per end-to-end measurement (default 5; best and median are printed)
#   --skip-pathological  leave out section 4
#   --only LIST          comma-separated sections and/or pathological cases to run:
#                        sections devset, copies, generated, pathological; case names as listed by
#                        `scripts/bench/generate_pathological.py --list` (e.g. --only call_chain,futures)
#   --n CASE=N           override the N of one pathological case (repeatable)
#   --timeout S          per-run limit of the pathological runs (default 120 s); a run that hits it
#                        is reported as "timeout" and gives a lower bound on the exponent
#
# What it prints (results on standard output, progress on standard error):
#   header      date, machine (nproc, CPU), binary commit, the rules configuration
#   1. devset   ../devcorpus (next to the repo root; skipped with a note when absent): the `cat`
#               floor of the same files, K timed runs (best, median, lines/s, CPU, peak memory),
#               one run with --jobs 1, and the --timings per-phase and per-rule tables of one run
#   2. copies   the dev set copied 1, 2 and 4 times into sibling folders copy1/, copy2/, ... (hard
#               links: distinct paths, every type name collides); the 4x/1x time and memory ratios
#               (target: time at most 4.4x)
#   3. generated the ScannerBenchmark corpus (~500,000 lines), generated into the temp dir
#   4. pathological inputs of scripts/bench/generate_pathological.py at N and 4N, best of up to 3
#               runs each; N starts at the case's default and grows until the run at N takes >= 0.3 s;
#               ratio t(4N)/t(N) and exponent log(t4N/tN)/log(4) (target: ratio <= 4.6,
#               exponent <= ~1.1); the phase and rule that dominate the 4N run (from --timings)
#   then the side-by-side tables of sections 1-3 and the final table of section 4.
#
# Wall times come from `date +%s%N` around each run, peak memory and CPU from /usr/bin/time (GNU
# time, Debian package `time`); hyperfine is not used, since every run also needs its memory.
# Exit code 1 of combinelint means findings (counted as a normal run), 2 is an error.
# Everything generated goes into one temp dir (removed on exit), never into the repo.
# Timings are noisy on a loaded machine: compare medians, and re-run before trusting a small change.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
generator="$repo/scripts/bench/generate_pathological.py"

# Default N per pathological case, chosen on the quadratic code of commit 841f1ae so that the run
# at N takes >= ~0.3 s and the run at 4N stays under ~60 s (cubic cases get the smallest N).
# The cases from weak_self_closures to form_screens came later (2755ba9 and after): their N make
# the run at N take >= ~0.3 s on the linear code.
declare -A default_n=(
    [call_chain]=2000
    [appearance_methods]=5000  # 350 before d16ec14 (quadratic then)
    [many_files]=150
    [inheritance_chain]=300
    [published_chain]=1000  # added after 05da41a: quadratic then (1000 → 4000 classes: 0.31 → 4.22 s)
    [extensions]=6000
    [sinks_one_method]=8000
    [sinks_many_methods]=8000
    [subjects_published]=4000
    [futures]=1500
    [nested_sinks]=1200  # at 300 the run at N takes under 0.05 s, too short to time
    [weak_self_closures]=12000
    [same_local_names]=12000
    [optional_published]=4000
    [nested_view_models]=1000
    [protocol_conformers]=4000
    [feature_files]=500
    [form_screens]=1000
    [callback_clients]=500
    [debounce_chains]=4000
    [disable_next]=4000
    [disable_enable_pairs]=2000
    [generic_nesting]=8000
    [nested_types]=1000
    [nested_ifs]=24000         # a run at 8000 takes 0.14 s on the linear code (0.99 s before 2026-12-04)
    [nested_functions]=24000
    [devcorpus_joined]=auto   # a quarter of the dev set's files; 4N = all of them
)
# The run at N must take at least this long (the issue's rule for choosing N): a default N whose
# run is shorter is doubled until it is not (at most 64x per step, 4 steps).
min_patho_seconds=0.3
declare -A quick_n=(
    [call_chain]=250 [appearance_methods]=50 [many_files]=20 [inheritance_chain]=40 [published_chain]=100
    [extensions]=500 [sinks_one_method]=1000 [sinks_many_methods]=1000 [subjects_published]=500
    [futures]=125 [nested_sinks]=40 [weak_self_closures]=1500 [same_local_names]=1500
    [optional_published]=500 [nested_view_models]=100 [protocol_conformers]=500 [feature_files]=50
    [form_screens]=100 [callback_clients]=50 [debounce_chains]=500 [disable_next]=500 [disable_enable_pairs]=250
    [generic_nesting]=1000 [nested_types]=100 [nested_ifs]=2000 [nested_functions]=2000 [devcorpus_joined]=50
)
cases=(call_chain appearance_methods many_files inheritance_chain published_chain extensions sinks_one_method
       sinks_many_methods subjects_published futures nested_sinks weak_self_closures same_local_names
       optional_published nested_view_models protocol_conformers feature_files form_screens callback_clients
       debounce_chains disable_next disable_enable_pairs generic_nesting nested_types nested_ifs nested_functions
       devcorpus_joined)

die() { echo "error: $*" >&2; exit 2; }
note() { echo "... $*" >&2; }

runs=5; runs_given=0; quick=0; skip_patho=0; only=""; patho_timeout=120
declare -A n_override=()
while (($#)); do
    case "$1" in
        --quick) quick=1 ;;
        --runs) [[ $# -ge 2 ]] || die "--runs needs a number"; runs="$2"; runs_given=1; shift ;;
        --runs=*) runs="${1#--runs=}"; runs_given=1 ;;
        --skip-pathological) skip_patho=1 ;;
        --only) [[ $# -ge 2 ]] || die "--only needs a list"; only="$2"; shift ;;
        --only=*) only="${1#--only=}" ;;
        --n) [[ $# -ge 2 && "$2" == *=* ]] || die "--n needs CASE=N"; n_override["${2%%=*}"]="${2#*=}"; shift ;;
        --n=*) v="${1#--n=}"; [[ "$v" == *=* ]] || die "--n needs CASE=N"; n_override["${v%%=*}"]="${v#*=}" ;;
        --timeout) [[ $# -ge 2 ]] || die "--timeout needs seconds"; patho_timeout="$2"; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
    shift
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "--runs needs a positive number, not '$runs'"
[[ "$patho_timeout" =~ ^[1-9][0-9]*$ ]] || die "--timeout needs a positive number of seconds"
if ((quick && !runs_given)); then runs=1; fi
for c in "${!n_override[@]}"; do
    [[ -n "${default_n[$c]+x}" ]] || die "--n: unknown case '$c' (cases: ${cases[*]})"
    [[ "${n_override[$c]}" =~ ^[1-9][0-9]*$ ]] || die "--n $c: N must be a positive number"
done

# --only: sections and case names.
declare -A only_set=()
if [[ -n "$only" ]]; then
    IFS=',' read -r -a only_items <<<"$only"
    for item in "${only_items[@]}"; do
        case "$item" in
            devset|copies|generated|pathological) ;;
            *) [[ -n "${default_n[$item]+x}" ]] || die "--only: unknown section or case '$item' (sections: devset, copies, generated, pathological; cases: ${cases[*]})" ;;
        esac
        only_set["$item"]=1
    done
fi
want_section() { [[ -z "$only" || -n "${only_set[$1]+x}" ]]; }
want_case() {
    [[ -z "$only" || -n "${only_set[pathological]+x}" || -n "${only_set[$1]+x}" ]]
}
want_patho() {
    ((skip_patho)) && return 1
    [[ -z "$only" ]] && return 0
    local c
    for c in pathological "${cases[@]}"; do [[ -n "${only_set[$c]+x}" ]] && return 0; done
    return 1
}

command -v python3 >/dev/null || die "python3 is needed (generator of the pathological inputs)"
[[ -x /usr/bin/time ]] || die "/usr/bin/time (GNU time) is needed for peak memory: apt-get install time"
command -v timeout >/dev/null || die "timeout (coreutils) is needed"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/bench-lint.XXXXXX")"
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---------------------------------------------------------------------------------------- build
note "building combinelint (release)"
if ! swift build -c release --product combinelint >"$tmp/build.log" 2>&1; then
    echo "error: the release build failed (swift build -c release --product combinelint):" >&2
    tail -n 40 "$tmp/build.log" >&2
    exit 2
fi
bindir="$(swift build -c release --show-bin-path)"
bin="$bindir/combinelint"
[[ -x "$bin" ]] || die "no binary at $bin after the build"

# Every rule on: the opt-in ones, as listed by `combinelint rules` (column DEFAULT = opt-in).
opt_in=$("$bin" rules | awk 'NR > 1 && $3 == "opt-in" { print $1 }')
all_rules=$("$bin" rules | awk 'NR > 1 { print $1 }' | wc -l)
config="$tmp/all-rules.json"
{
    printf '{"opt_in_rules": ['
    first=1
    for r in $opt_in; do
        ((first)) || printf ', '
        printf '"%s"' "$r"
        first=0
    done
    printf ']}\n'
} >"$config"

dev="$repo/../devcorpus"
if [[ -d "$dev" ]]; then dev="$(cd "$dev" && pwd)"; else dev=""; fi

# ---------------------------------------------------------------------------------- measuring
# measure TIMEOUT ERRFILE CMD...: one run, stdout to /dev/null, stderr to ERRFILE.
# Sets m_wall (s), m_rss (KB), m_cpu (user + sys, s), m_status (ok | timeout | error N | signal N).
measure() {
    local limit=$1 errf=$2 rc=0 start end line
    shift 2
    start=$(date +%s%N)
    /usr/bin/time -f '%M %U %S' -o "$tmp/time.out" timeout -k 5 "$limit" "$@" >/dev/null 2>"$errf" || rc=$?
    end=$(date +%s%N)
    m_wall=$(awk -v d=$((end - start)) 'BEGIN { printf "%.3f", d / 1e9 }')
    line=$(tail -n 1 "$tmp/time.out" 2>/dev/null || true)
    if [[ "$line" =~ ^([0-9]+)\ ([0-9.]+)\ ([0-9.]+)$ ]]; then
        m_rss=${BASH_REMATCH[1]}
        m_cpu=$(awk -v u="${BASH_REMATCH[2]}" -v s="${BASH_REMATCH[3]}" 'BEGIN { printf "%.2f", u + s }')
    else
        m_rss=0; m_cpu=0
    fi
    case $rc in
        0|1) m_status=ok ;;
        124|137) m_status=timeout ;;
        2) m_status="error 2" ;;
        *) if ((rc > 128)); then m_status="signal $((rc - 128))"; else m_status="error $rc"; fi ;;
    esac
}

# stats VALUES...: "best median"
stats() {
    printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 }
        END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.3f %.3f\n", a[1], m }'
}

# Results of the end-to-end series, by label (sections 1-3).
declare -A r_files=() r_lines=() r_best=() r_median=() r_cpu=() r_rss=() r_runs=()
series_labels=()

# series LABEL K PATH [EXTRA ARGS...]: K runs of `combinelint lint` on PATH; fatal on error.
series() {
    local label=$1 k=$2 path=$3 i
    shift 3
    local walls=() cpus=() maxrss=0
    for ((i = 1; i <= k; i++)); do
        note "$label: run $i/$k"
        measure 3600 "$tmp/err.txt" "$bin" lint --config "$config" --reporter summary --quiet "$@" "$path"
        if [[ $m_status != ok ]]; then
            echo "error: combinelint lint on $label: $m_status" >&2
            tail -n 20 "$tmp/err.txt" >&2
            exit 2
        fi
        walls+=("$m_wall"); cpus+=("$m_cpu")
        ((m_rss > maxrss)) && maxrss=$m_rss
    done
    read -r "r_best[$label]" "r_median[$label]" < <(stats "${walls[@]}")
    r_cpu[$label]=$(stats "${cpus[@]}" | awk '{ printf "%.2f", $2 }')
    r_rss[$label]=$maxrss
    r_runs[$label]="${walls[*]}"
    series_labels+=("$label")
}

# count LABEL PATH: files and lines as the linter counts them (the summary report's Total line).
count() {
    local label=$1 path=$2 total
    "$bin" lint --config "$config" --reporter summary --quiet "$path" >"$tmp/summary.txt" 2>"$tmp/err.txt" || {
        local rc=$?
        if ((rc != 1)); then echo "error: combinelint lint on $label exited $rc" >&2; tail -n 20 "$tmp/err.txt" >&2; exit 2; fi
    }
    total=$(grep '^Total:' "$tmp/summary.txt" | tail -n 1 || true)
    [[ "$total" =~ ([0-9]+)\ files?,\ ([0-9]+)\ lines ]] || die "cannot read the file and line counts of $label from: $total"
    r_files[$label]=${BASH_REMATCH[1]}
    r_lines[$label]=${BASH_REMATCH[2]}
    r_findings[$label]=$(sed -n 's/^Total: \([0-9]*\) finding.*/\1/p' <<<"$total")
}
declare -A r_findings=()

# timings LABEL PATH: one run with --timings, its table parsed into $tmp/timings/LABEL.tsv:
# `P<TAB>phase<TAB>seconds` and `R<TAB>rule<TAB>seconds<TAB>share`.
mkdir -p "$tmp/timings"
parse_timings() {
    awk '
        /^phase[ ]+seconds/ { state = 1; next }
        /^rule \(/ { state = 2; next }
        NF == 0 { next }
        state == 1 && $NF ~ /^[0-9.]+$/ {
            name = $0; sub(/[ ]+[^ ]+[ ]*$/, "", name); printf "P\t%s\t%s\n", name, $NF }
        state == 2 && $NF ~ /%$/ {
            name = $0; sub(/[ ]+[^ ]+[ ]+[^ ]+[ ]*$/, "", name); printf "R\t%s\t%s\t%s\n", name, $(NF - 1), $NF }
    ' "$1"
}
timings() {
    local label=$1 path=$2
    note "$label: run with --timings"
    measure 3600 "$tmp/timings/$label.err" "$bin" lint --config "$config" --reporter summary --quiet --timings "$path"
    [[ $m_status == ok ]] || { echo "error: --timings run on $label: $m_status" >&2; tail -n 20 "$tmp/timings/$label.err" >&2; exit 2; }
    parse_timings "$tmp/timings/$label.err" >"$tmp/timings/$label.tsv"
    [[ -s "$tmp/timings/$label.tsv" ]] || die "no --timings table in the standard error of $label"
}

# ----------------------------------------------------------------------------------- header
echo "== combinelint lint benchmark (scripts/bench-lint.sh)"
echo "date:     $(date '+%Y-%m-%d %H:%M:%S %Z')"
cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
mem_total=$(awk '/^MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo 2>/dev/null || true)
echo "machine:  $(uname -sm), nproc $(nproc), ${cpu_model:-unknown CPU}, ${mem_total:-? GB} RAM, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ -n "$(git status --porcelain -- Sources Package.swift 2>/dev/null)" ]]; then commit="$commit + uncommitted changes in Sources/"; fi
echo "binary:   $bin (commit $commit, branch $(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo '?'))"
echo "swift:    $(swift --version 2>&1 | head -n 1)"
echo "rules:    all $all_rules on; config $(cat "$config")"
echo "runs:     $runs per end-to-end measurement$( ((quick)) && echo ' (--quick)')"
echo "command:  combinelint lint --config <all rules> --reporter summary --quiet PATH > /dev/null"
# Process start and a one-file lint: the fixed cost inside every figure below.
printf 'import Combine\nfinal class Tiny { var bag = Set<AnyCancellable>() }\n' >"$tmp/Tiny.swift"
tiny=()
for i in 1 2 3; do measure 60 "$tmp/err.txt" "$bin" lint --config "$config" --reporter summary --quiet "$tmp/Tiny.swift"; tiny+=("$m_wall"); done
echo "startup:  $(stats "${tiny[@]}" | awk '{ print $1 }') s (best of 3, lint of a 2-line file)"
echo

# ------------------------------------------------------------------------------- 1. dev set
cat_floor=""
if want_section devset; then
    echo "== 1. development set (../devcorpus)"
    if [[ -z "$dev" ]]; then
        echo "skipped: no folder ../devcorpus next to the repo root"
    else
        note "devset: counting files"
        count devset "$dev"
        # The cat floor over the files the linter reads (same folder skipping as the linter).
        find "$dev" -mindepth 1 \( -type d \( -name '.*' -o -name .build -o -name DerivedData -o -name Pods \
            -o -name Carthage -o -name .swiftpm \) -prune \) -o -type f -name '*.swift' -print0 >"$tmp/dev.files"
        xargs -0 cat <"$tmp/dev.files" >/dev/null
        cats=()
        for i in 1 2 3; do
            start=$(date +%s%N); xargs -0 cat <"$tmp/dev.files" >/dev/null; end=$(date +%s%N)
            cats+=("$(awk -v d=$((end - start)) 'BEGIN { printf "%.3f", d / 1e9 }')")
        done
        dev_bytes=$(xargs -0 cat <"$tmp/dev.files" | wc -c)
        cat_floor=$(stats "${cats[@]}" | awk '{ print $1 }')
        printf 'files %s (find: %s), lines %s, %.1f MB, findings %s\n' "${r_files[devset]}" \
            "$(tr -cd '\0' <"$tmp/dev.files" | wc -c)" "${r_lines[devset]}" "$(awk -v b="$dev_bytes" 'BEGIN { print b / 1048576 }')" "${r_findings[devset]}"
        awk -v s="$cat_floor" -v b="$dev_bytes" 'BEGIN { printf "cat floor: %.3f s (best of 3, page cache warm), %.0f MB/s\n", s, b / 1048576 / s }'
        series devset "$runs" "$dev"
        r_files[devset-jobs1]=${r_files[devset]}; r_lines[devset-jobs1]=${r_lines[devset]}
        series devset-jobs1 1 "$dev" --jobs 1
        timings devset "$dev"
        echo "runs (s): ${r_runs[devset]}; --jobs 1: ${r_runs[devset-jobs1]}"
    fi
    echo
fi

# ---------------------------------------------------------------------------------- 2. copies
if want_section copies; then
    echo "== 2. linear growth: the dev set copied 1, 2 and 4 times (copy1/, copy2/, ...)"
    if [[ -z "$dev" ]]; then
        echo "skipped: no folder ../devcorpus next to the repo root"
    else
        for c in 1 2 4; do
            for ((i = 1; i <= c; i++)); do
                mkdir -p "$tmp/copies/x$c"
                # Hard links: distinct paths at no cost; a real copy where links cannot be made.
                cp -al "$dev" "$tmp/copies/x$c/copy$i" 2>/dev/null ||
                    { rm -rf "$tmp/copies/x$c/copy$i"; cp -a "$dev" "$tmp/copies/x$c/copy$i"; }
            done
            count "copies-${c}x" "$tmp/copies/x$c"
            series "copies-${c}x" "$runs" "$tmp/copies/x$c"
        done
        timings copies-4x "$tmp/copies/x4"
        for c in 1 2 4; do echo "${c}x runs (s): ${r_runs[copies-${c}x]}"; done
        awk -v b1="${r_best[copies-1x]}" -v b2="${r_best[copies-2x]}" -v b4="${r_best[copies-4x]}" \
            -v m1="${r_median[copies-1x]}" -v m4="${r_median[copies-4x]}" \
            -v k1="${r_rss[copies-1x]}" -v k4="${r_rss[copies-4x]}" 'BEGIN {
            r = b4 / b1
            printf "time 4x/1x: %.2fx best (2x/1x %.2fx), %.2fx median; target <= 4.4x: %s\n", r, b2 / b1, m4 / m1, (r <= 4.4 ? "ok" : "over target")
            printf "memory 4x/1x: %.2fx (%.0f MB -> %.0f MB)\n", k4 / k1, k1 / 1024, k4 / 1024 }'
        rm -rf "$tmp/copies"
    fi
    echo
fi

# ------------------------------------------------------------------------------- 3. generated
if want_section generated; then
    gen_lines=500000
    ((quick)) && gen_lines=50000
    echo "== 3. generated corpus (ScannerBenchmark generate, $gen_lines lines)"
    note "building ScannerBenchmark (release)"
    if ! swift build -c release --product ScannerBenchmark >"$tmp/build.log" 2>&1; then
        echo "error: the release build of ScannerBenchmark failed:" >&2
        tail -n 40 "$tmp/build.log" >&2
        exit 2
    fi
    "$bindir/ScannerBenchmark" generate "$tmp/generated" "$gen_lines" >"$tmp/generate.log" 2>&1 ||
        { cat "$tmp/generate.log" >&2; die "ScannerBenchmark generate failed"; }
    cat "$tmp/generate.log"
    count generated "$tmp/generated"
    series generated "$runs" "$tmp/generated"
    timings generated "$tmp/generated"
    echo "runs (s): ${r_runs[generated]}"
    echo
fi

# --------------------------------------------------------------- side-by-side tables (1-3)
if ((${#series_labels[@]})); then
    echo "== end to end, side by side (wall seconds; lines/s on the best run; CPU = user + sys, median)"
    printf '%-22s %6s %9s %9s %9s %12s %8s %8s %8s %9s\n' input files lines best median "lines/s" "CPU s" CPU/wall "peak MB" findings
    for l in "${series_labels[@]}"; do
        awk -v l="$l" -v f="${r_files[$l]}" -v n="${r_lines[$l]}" -v b="${r_best[$l]}" -v m="${r_median[$l]}" \
            -v c="${r_cpu[$l]}" -v k="${r_rss[$l]}" -v x="${r_findings[$l]:-}" 'BEGIN {
            printf "%-22s %6d %9d %9.3f %9.3f %12.0f %8.2f %8.2f %8.0f %9s\n", l, f, n, b, m, n / b, c, c / m, k / 1024, x }'
    done
    [[ -n "$cat_floor" ]] && printf '%-22s %6s %9s %9.3f   (cat of the same files)\n' "devset cat floor" "" "" "$cat_floor"
    echo

    tables=()
    # One table of the --timings records tagged TAG ("P" phases, "R" rules) of each file, side by
    # side: a row per name in order of first sight, a column per input.
    timings_side_by_side() {
        local tag=$1 title=$2 name_width=$3 column_width=$4
        shift 4
        awk -F'\t' -v labels="${tables[*]}" -v tag="$tag" -v title="$title" -v nw="$name_width" -v cw="$column_width" '
            BEGIN { n = split(labels, L, " ") }
            FNR == 1 { f++ }
            $1 == tag {
                if (!($2 in seen)) { seen[$2] = 1; order[++k] = $2 }
                v[f, $2] = tag == "R" ? sprintf("%7.3f %6s", $3, $4) : $3
            }
            END {
                printf "%-*s", nw, title; for (i = 1; i <= n; i++) printf " %*s", cw, L[i]; printf "\n"
                for (j = 1; j <= k; j++) {
                    printf "%-*s", nw, order[j]
                    for (i = 1; i <= n; i++) printf " %*s", cw, ((i, order[j]) in v) ? v[i, order[j]] : "-"
                    printf "\n"
                }
            }' "$@"
    }
    for l in devset copies-4x generated; do [[ -s "$tmp/timings/$l.tsv" ]] && tables+=("$l"); done
    if ((${#tables[@]})); then
        echo "== --timings per phase (wall seconds, one run each)"
        files=(); for l in "${tables[@]}"; do files+=("$tmp/timings/$l.tsv"); done
        timings_side_by_side P phase 26 12 "${files[@]}"
        echo
        echo "== --timings per rule (CPU seconds over all files, share of the rules' CPU), by the first column"
        timings_side_by_side R rule 34 14 "${files[@]}"
        echo
    fi
fi

# ---------------------------------------------------------------------------- 4. pathological
if want_patho; then
    echo "== 4. pathological inputs at N and 4N (best of up to 3 runs; timeout ${patho_timeout} s a run; runs over 20 s are not repeated)"
    patho_rows=()
    dev_files_count=0
    if [[ -n "$dev" ]]; then dev_files_count=$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import generate_pathological as g; print(len(g.swift_files(sys.argv[2])))' "$repo/scripts/bench" "$dev"); fi

    # best_of LIMIT DIR PATH: up to 3 runs with --timings; sets b_wall b_rss b_status and
    # b_timings (the parsed --timings table of the best run).
    best_of() {
        local limit=$1 dir=$2 path=$3 i
        b_wall=""; b_rss=0; b_status=ok; b_timings="$dir/timings.tsv"
        : >"$b_timings"
        for i in 1 2 3; do
            measure "$limit" "$dir/err.txt" "$bin" lint --config "$config" --reporter summary --quiet --timings "$path"
            if [[ $m_status != ok ]]; then
                [[ -z "$b_wall" ]] && { b_status=$m_status; b_wall=$m_wall; }
                if [[ $m_status != timeout ]]; then tail -n 5 "$dir/err.txt" | sed 's/^/    | /' >&2; fi
                return 0
            fi
            if [[ -z "$b_wall" ]] || awk -v a="$m_wall" -v b="$b_wall" 'BEGIN { exit !(a < b) }'; then
                b_wall=$m_wall; b_rss=$m_rss; parse_timings "$dir/err.txt" >"$b_timings"
            fi
            if awk -v a="$m_wall" 'BEGIN { exit !(a > 20) }'; then return 0; fi
        done
        return 0
    }
    # dominant TSV: "phase share; top rule share" of a parsed --timings table.
    dominant() {
        awk -F'\t' '
            $1 == "P" && $2 == "total" { total = $3; next }
            $1 == "P" && $3 > ps { ps = $3; p = $2 }
            $1 == "R" && $3 > rs { rs = $3; r = $2; share = $4 }
            END {
                if (p == "") { print "-"; exit }
                printf "%s %.0f%%", p, (total > 0 ? 100 * ps / total : 0)
                if (r != "") printf "; %s %s", r, share
                printf "\n"
            }' "$1"
    }

    for c in "${cases[@]}"; do
        want_case "$c" || continue
        if [[ $c == devcorpus_joined && -z "$dev" ]]; then
            echo "$c: skipped (no ../devcorpus)"
            continue
        fi
        n=${n_override[$c]:-}
        [[ -z "$n" ]] && { if ((quick)); then n=${quick_n[$c]}; else n=${default_n[$c]}; fi; }
        if [[ $n == auto ]]; then n=$(( dev_files_count / 4 )); fi
        n4=$((4 * n))
        note "pathological $c: N=$n, 4N=$n4"
        dir="$tmp/patho/$c"
        mkdir -p "$dir/n" "$dir/n4"
        gen1=$(python3 "$generator" "$c" "$n" "$dir/n/input" --source "${dev:-/nonexistent}") || die "the generator failed on $c N=$n"
        gen4=$(python3 "$generator" "$c" "$n4" "$dir/n4/input" --source "${dev:-/nonexistent}") || die "the generator failed on $c N=$n4"
        IFS=$'\t' read -r path1 files1 lines1 bytes1 <<<"$gen1"
        IFS=$'\t' read -r path4 _ <<<"$gen4"

        best_of "$patho_timeout" "$dir/n" "$path1"
        t1=$b_wall; s1=$b_status
        # Grow N until the run at N takes at least min_patho_seconds, so that process start and
        # fixed costs do not hide how the time grows (not with --quick, --n or the dev-set case).
        grown=0
        while ((!quick)) && [[ $s1 == ok && -z "${n_override[$c]:-}" && $c != devcorpus_joined ]] && ((grown < 4)) \
              && awk -v t="$t1" -v m="$min_patho_seconds" 'BEGIN { exit !(t < m) }'; do
            factor=$(awk -v t="$t1" -v m="$min_patho_seconds" 'BEGIN { f = 2; while (f < 64 && t * f < 1.2 * m) f *= 2; print f }')
            n=$((n * factor)); n4=$((4 * n)); grown=$((grown + 1))
            note "pathological $c: t(N) = $t1 s is under $min_patho_seconds s; N=$n, 4N=$n4"
            rm -rf "$dir/n/input"
            gen1=$(python3 "$generator" "$c" "$n" "$dir/n/input" --source "${dev:-/nonexistent}") || die "the generator failed on $c N=$n"
            IFS=$'\t' read -r path1 files1 lines1 bytes1 <<<"$gen1"
            best_of "$patho_timeout" "$dir/n" "$path1"
            t1=$b_wall; s1=$b_status
        done
        if ((grown)); then
            rm -rf "$dir/n4/input"
            gen4=$(python3 "$generator" "$c" "$n4" "$dir/n4/input" --source "${dev:-/nonexistent}") || die "the generator failed on $c N=$n4"
            IFS=$'\t' read -r path4 _ <<<"$gen4"
        fi
        if [[ $s1 == ok ]]; then
            best_of "$patho_timeout" "$dir/n4" "$path4"
            t4=$b_wall; s4=$b_status; rss4=$b_rss; dom=$(dominant "$dir/n4/timings.tsv")
        else
            t4=""; s4="skipped"; rss4=0; dom="-"
        fi
        row=$(awk -v c="$c" -v n="$n" -v f1="$files1" -v l1="$lines1" -v b1="$bytes1" -v t1="$t1" -v t4="$t4" \
            -v s1="$s1" -v s4="$s4" -v k="$rss4" -v lim="$patho_timeout" -v dom="$dom" 'BEGIN {
            size = sprintf("%.1f MB", b1 / 1048576); if (b1 < 1048576) size = sprintf("%.0f KB", b1 / 1024)
            if (s1 != "ok") { printf "%-21s %6d %6d %8d %8s %9s %9s %8s %8s %-12s %6s %s\n", c, n, f1, l1, size, (s1 == "timeout" ? ">" lim : s1), "-", "-", "-", (s1 == "timeout" ? "unknown" : "error"), "-", (s1 == "timeout" ? "timeout at N" : dom); exit }
            if (s4 == "ok") {
                r = t4 / t1; e = log(r) / log(4)
                printf "%-21s %6d %6d %8d %8s %9.3f %9.3f %8.2f %8.2f %-12s %6.0f %s\n", c, n, f1, l1, size, t1, t4, r, e, (r <= 4.6 ? "ok" : "over target"), k / 1024, dom
            } else if (s4 == "timeout") {
                r = lim / t1; e = log(r) / log(4)
                printf "%-21s %6d %6d %8d %8s %9.3f %9s %8s %8s %-12s %6s %s\n", c, n, f1, l1, size, t1, ">" lim, sprintf(">%.1f", r), sprintf(">%.2f", e), (r > 4.6 ? "over target" : "unknown"), "-", "timeout at 4N"
            } else {
                printf "%-21s %6d %6d %8d %8s %9.3f %9s %8s %8s %-12s %6s %s\n", c, n, f1, l1, size, t1, s4, "-", "-", "error", "-", dom
            }
        }')
        echo "    $row" >&2
        patho_rows+=("$row")
        rm -rf "$dir"
    done
    echo
    echo "== pathological cases: final table (seconds, best run; ratio = t(4N)/t(N); exponent = log(ratio)/log(4);"
    echo "   target ratio <= 4.6; 'dominant' = the largest phase of the 4N run (share of its wall time) and"
    echo "   its largest rule (share of the rules' CPU time), from --timings)"
    printf '%-21s %6s %6s %8s %8s %9s %9s %8s %8s %-12s %6s %s\n' case N "files" "lines(N)" "size(N)" "t(N)" "t(4N)" ratio exponent verdict "MB(4N)" "dominant at 4N"
    for row in "${patho_rows[@]}"; do echo "$row"; done
    over=$(printf '%s\n' "${patho_rows[@]}" | grep -c 'over target' || true)
    echo "over target: $over of ${#patho_rows[@]}"
    echo
fi

echo "done in $((SECONDS / 60)) min $((SECONDS % 60)) s; load average at the end $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
