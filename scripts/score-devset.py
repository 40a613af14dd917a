#!/usr/bin/env python3
"""Score combinelint against the hand-made verdicts on the development set.

The development set is five open-source apps kept outside the repository (default
/work/devcorpus, one folder per app). Benchmarks/DevSet/verdicts.tsv records, for every
finding of the analyzer at the time it was judged and for a sample of sites it did not
report, whether that is a real problem (tp / fn) or not (fp / tn).

This script runs the analyzer over the corpus with every rule on (or reads its JSON output
with --findings), matches findings to verdicts by (app, file, line, rule) and prints, per
rule: findings, tp, fp, unjudged, fn (misses still not reported), fn fixed (misses now
reported), precision and recall. It lists the findings that have no verdict yet, so they
can be judged and added to the TSV, and the verdicts whose status changed (true positives
no longer reported, sites judged tn that are now reported).

It always exits 0: it is a report, not a gate.

    python3 scripts/score-devset.py                      # build first: swift build -c release --product combinelint
    python3 scripts/score-devset.py --findings /tmp/findings.json
    python3 scripts/score-devset.py --binary .build/debug/combinelint --corpus ~/devcorpus
"""

import argparse
import collections
import csv
import json
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_VERDICTS = os.path.join(REPO, "Benchmarks", "DevSet", "verdicts.tsv")
DEFAULT_CORPUS = "/work/devcorpus"
CORE_RULES = ["strong_self_capture", "discarded_cancellable", "store_in_appearance",
              "repeated_subscription", "subject_fake_initial_value"]


def load_verdicts(path):
    verdicts = {}
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        for row in reader:
            key = (row["app"], row["file"], int(row["line"]), row["rule"])
            verdicts[key] = (row["verdict"], row["reason"])
    return verdicts


def opt_in_rules(binary):
    """The rules the binary leaves off by default (`combinelint rules --format json`): the verdicts
    judge every rule, so each is run whatever its default."""
    listed = subprocess.run([binary, "rules", "--format", "json"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    rules = json.loads(listed.stdout)["rules"] if listed.returncode == 0 else []
    return [rule["id"] for rule in rules if not rule["enabledByDefault"]]


def run_analyzer(binary, corpus):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as config:
        json.dump({"opt_in_rules": opt_in_rules(binary)}, config)
        config_path = config.name
    try:
        proc = subprocess.run(
            [binary, "lint", corpus, "--config", config_path, "--reporter", "json", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finally:
        os.unlink(config_path)
    if proc.returncode not in (0, 1):
        print(f"note: {binary} exited with {proc.returncode}:\n{proc.stderr.strip()}")
        return None
    return json.loads(proc.stdout)


def locate(path, corpus, apps):
    """(app, path relative to the app folder) of a finding's file, or None."""
    absolute = os.path.normpath(os.path.abspath(path))
    root = os.path.normpath(os.path.abspath(corpus))
    if absolute.startswith(root + os.sep):
        parts = absolute[len(root) + 1:].split(os.sep)
        if len(parts) >= 2:
            return parts[0], "/".join(parts[1:])
    # Output made elsewhere: find an app folder's name among the path's components.
    parts = os.path.normpath(path).split(os.sep)
    for index, part in enumerate(parts[:-1]):
        if part in apps:
            return part, "/".join(parts[index + 1:])
    return None


def default_binary():
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout.strip()
    except OSError:
        top = ""
    return os.path.join(top or REPO, ".build", "release", "combinelint")


def shown(path):
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def ratio(numerator, denominator):
    return f"{numerator / denominator:.2f}" if denominator else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--findings", help="read this JSON report instead of running the analyzer")
    parser.add_argument("--binary", default=None,
                        help="analyzer to run (default: .build/release/combinelint at the top of the git "
                             "repository of the current folder, else of this script's repository)")
    parser.add_argument("--corpus", default=DEFAULT_CORPUS, help=f"development set folder (default {DEFAULT_CORPUS})")
    parser.add_argument("--verdicts", default=DEFAULT_VERDICTS, help="verdicts TSV")
    parser.add_argument("--quiet", action="store_true", help="print only the table")
    args = parser.parse_args()

    if args.binary is None:
        args.binary = default_binary()
    verdicts = load_verdicts(args.verdicts)
    apps = {key[0] for key in verdicts}

    if args.findings:
        with open(args.findings, encoding="utf-8") as handle:
            report = json.load(handle)
    else:
        if not os.path.isdir(args.corpus):
            print(f"note: the development set {args.corpus} is not on this machine; nothing to score "
                  f"({len(verdicts)} verdicts in {shown(args.verdicts)}).")
            return 0
        if not os.path.isfile(args.binary):
            print(f"note: no analyzer at {args.binary}; build it with "
                  f"`swift build -c release --product combinelint` or pass --binary / --findings.")
            return 0
        report = run_analyzer(args.binary, args.corpus)
        if report is None:
            return 0

    findings = report["findings"] if isinstance(report, dict) else report
    reported = {}
    outside = 0
    for finding in findings:
        where = locate(finding["file"], args.corpus, apps)
        if where is None:
            outside += 1
            continue
        key = (where[0], where[1], int(finding["line"]), finding["rule"])
        reported.setdefault(key, finding)

    if args.findings:
        # A report may cover only some of the apps: score only the verdicts of the apps it covers.
        seen = {key[0] for key in reported}
        skipped = sorted(apps - seen)
        if skipped:
            print(f"note: no findings in {', '.join(skipped)}; their verdicts are left out of this score")
        verdicts = {key: value for key, value in verdicts.items() if key[0] in seen}

    rules = sorted({key[3] for key in reported} | {key[3] for key in verdicts})
    rows = collections.OrderedDict()
    unjudged, lost, newly_flagged = [], [], []
    for rule in rules:
        rows[rule] = collections.Counter()
    for key, finding in reported.items():
        counts = rows[key[3]]
        counts["findings"] += 1
        verdict = verdicts.get(key, (None, ""))[0]
        if verdict == "tp":
            counts["tp"] += 1
        elif verdict == "fp":
            counts["fp"] += 1
        elif verdict == "fn":
            counts["tp"] += 1
            counts["fn fixed"] += 1
        elif verdict == "tn":
            counts["fp"] += 1
            counts["tn now reported"] += 1
            newly_flagged.append((key, finding))
        else:
            counts["unjudged"] += 1
            unjudged.append((key, finding))
    for key, (verdict, reason) in verdicts.items():
        if key in reported:
            continue
        counts = rows[key[3]]
        if verdict == "fn":
            counts["fn"] += 1
        elif verdict == "tp":
            counts["fn"] += 1
            counts["tp lost"] += 1
            lost.append((key, reason))
        elif verdict == "fp":
            counts["fp gone"] += 1
        if verdict in ("fn", "tn"):
            counts["misses searched"] += 1

    header = ["rule", "findings", "tp", "fp", "unjudged", "fn", "fn fixed", "precision", "recall"]
    table = [header]
    total = collections.Counter()
    for rule, counts in rows.items():
        searched = counts["misses searched"] or counts["fn fixed"] or counts["tn now reported"]
        recall = ratio(counts["tp"], counts["tp"] + counts["fn"]) if searched or counts["fn"] else "-"
        name = rule + (" *" if rule in CORE_RULES else "")
        table.append([name, counts["findings"], counts["tp"], counts["fp"], counts["unjudged"],
                      counts["fn"], counts["fn fixed"], ratio(counts["tp"], counts["tp"] + counts["fp"]), recall])
        total.update(counts)
    table.append(["total", total["findings"], total["tp"], total["fp"], total["unjudged"], total["fn"],
                  total["fn fixed"], ratio(total["tp"], total["tp"] + total["fp"]),
                  ratio(total["tp"], total["tp"] + total["fn"])])
    widths = [max(len(str(row[i])) for row in table) for i in range(len(header))]
    for index, row in enumerate(table):
        cells = [str(cell).ljust(widths[i]) if i == 0 else str(cell).rjust(widths[i]) for i, cell in enumerate(row)]
        print("  ".join(cells))
        if index == 0 or index == len(table) - 2:
            print("  ".join("-" * width for width in widths))
    print("* core rule: misses were searched for; recall counts tp against tp + fn "
          "(fn = judged misses still unreported, plus true positives no longer reported)")
    if outside:
        print(f"note: {outside} findings are outside the development set's app folders and were ignored")

    if args.quiet:
        return 0
    if unjudged:
        print(f"\nUnjudged findings ({len(unjudged)}): add a verdict for each to {shown(args.verdicts)}")
        for (app, path, line, rule), finding in sorted(unjudged):
            print(f"  {app}\t{path}\t{line}\t{rule}\t{finding.get('message', '')[:110]}")
    if lost:
        print(f"\nTrue positives no longer reported ({len(lost)}):")
        for (app, path, line, rule), reason in sorted(lost):
            print(f"  {app}/{path}:{line}  {rule}  ({reason})")
    if newly_flagged:
        print(f"\nSites judged tn that are now reported ({len(newly_flagged)}):")
        for (app, path, line, rule), finding in sorted(newly_flagged):
            print(f"  {app}/{path}:{line}  {rule}  ({verdicts[(app, path, line, rule)][1]})")
    fixed = total["fp gone"]
    if fixed:
        print(f"\n{fixed} findings judged fp are no longer reported.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
