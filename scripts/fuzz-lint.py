#!/usr/bin/env python3
"""Robustness check of `combinelint lint` on damaged Swift: no crash, no hang, no lost output.

Takes real Swift files (the dev set `../devcorpus` when present, else `samples/`), damages copies
of them the ways editors and merges do (cut off anywhere, a span deleted or doubled, brackets,
quotes and comment openers inserted, invalid UTF-8, a line repeated thousands of times, deep
nesting), and lints them in batches with every rule on. A batch fails when the process dies of a
signal or exits with a status other than 0 or 1, takes longer than the time limit, prints JSON that
does not parse, checks fewer files than it was given (a file that is not text counts when reported
as `io_error`), or reads slower than 1 MB/s. A failing batch is split until one file
is left; that file is kept in the output folder with the command that fails on it.

Usage:
  scripts/fuzz-lint.py [--binary PATH] [--corpus DIR] [--iterations N] [--batch K]
                       [--seed S] [--timeout SECONDS] [--keep DIR]

Prints one line per batch of progress to standard error and a summary on standard output; exits 1
when some input failed, 0 otherwise. Nothing is written outside a temporary folder and --keep.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

# Slower than this on damaged input is a failure (a whole lint of real code reads about 25 MB/s).
MIN_BYTES_PER_SECOND = 1_000_000

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

INSERTS = ["{", "}", "(", ")", "[", "]", "<", ">", "\"", "\"\"\"", "'", "`", "#", "#if", "#endif",
           "@", "$", "\\", "/*", "*/", "//", "\\(", "#\"", "\"#", "/", "?", "!", ".", ",", ":",
           "in", "{ [weak self] in", "self", ".sink {", ".store(in: &", "func", "class", "let",
           "extension", "case", "\n", "\r", "\t", "\x00", "\u00e9", "\U0001F600"]


# A damaged file stays below this size (repeating the line of a file without line breaks would
# repeat the whole file).
MAX_BYTES = 2_000_000


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One damaged copy of `data`; sometimes two damages at once."""
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        data = damage(data, rng)
    return data


def damage(original: bytes, rng: random.Random) -> bytes:
    """`original` with one damage, or unchanged when the damage would make it too large."""
    data = original
    n = len(data)
    kind = rng.randrange(9)
    at = rng.randrange(n + 1) if n else 0
    if kind == 0:  # cut off anywhere (an editor buffer mid-typing)
        data = data[:at]
    elif kind == 1:  # a span deleted
        end = min(n, at + rng.randrange(1, 400))
        data = data[:at] + data[end:]
    elif kind == 2:  # a span doubled (a bad merge)
        end = min(n, at + rng.randrange(1, 2000))
        data = data[:end] + data[at:end] + data[end:]
    elif kind == 3:  # punctuation, quotes, comment openers, keywords
        text = "".join(rng.choice(INSERTS) for _ in range(rng.randrange(1, 6)))
        data = data[:at] + text.encode("utf-8") + data[at:]
    elif kind == 4:  # invalid UTF-8 and control bytes
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 16)))
        data = data[:at] + junk + data[at:]
    elif kind == 5:  # one line repeated many times
        start = data.rfind(b"\n", 0, at) + 1
        end = data.find(b"\n", at)
        end = n if end < 0 else end + 1
        times = min(rng.randrange(100, 3000), MAX_BYTES // max(1, end - start))
        data = data[:end] + data[start:end] * times + data[end:]
    elif kind == 6:  # deep nesting
        depth = rng.randrange(200, 5000)
        opener, closer = rng.choice([("(", ")"), ("[", "]"), ("{", "}"), ("{ _ in ", "}"), ("<", ">")])
        close = rng.random() < 0.5
        data = data[:at] + (opener * depth + (closer * depth if close else "")).encode() + data[at:]
    elif kind == 7:  # line endings changed
        data = data.replace(b"\n", rng.choice([b"\r\n", b"\r", b"\n\n"]))
    else:  # bytes swapped about
        if n > 2:
            i, j = sorted(rng.sample(range(n), 2))
            data = data[:i] + data[j:j + 1] + data[i + 1:j] + data[i:i + 1] + data[j + 1:]
    return data if len(data) <= MAX_BYTES else original


def lint(binary, folder, timeout):
    """Runs the analyzer on `folder`; returns a problem description or None."""
    command = [binary, "lint", folder, "--enable-all-rules", "--reporter", "json", "--jobs", "2"]
    start = time.monotonic()
    try:
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"no answer within {timeout} s"
    seconds = time.monotonic() - start
    if run.returncode < 0:
        return f"killed by signal {-run.returncode}: {run.stderr.decode('utf-8', 'replace')[-500:]}"
    if run.returncode not in (0, 1):
        return f"exit status {run.returncode}: {run.stderr.decode('utf-8', 'replace')[-500:]}"
    try:
        report = json.loads(run.stdout)
    except ValueError as error:
        return f"JSON that does not parse ({error})"
    given = len([f for f in os.listdir(folder) if f.endswith(".swift")])
    checked = report.get("summary", {}).get("files")
    # A file that is not text (NUL bytes, UTF-16) is reported as an io_error finding instead.
    unreadable = len({f["file"] for f in report.get("findings", []) if f.get("rule") == "io_error"})
    if checked is None or checked + unreadable != given:
        return f"{checked} files checked and {unreadable} unreadable of {given}"
    total = sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder))
    if seconds > 1 and seconds > total / MIN_BYTES_PER_SECOND:
        return f"slow: {seconds:.1f} s for {total / 1e6:.1f} MB"
    return None


def smallest_failing(binary, files, timeout, work):
    """Splits a failing set of (name, bytes) until one file fails alone."""
    if len(files) > 1 and (write_and_lint(binary, files, timeout, work) or "").startswith("slow"):
        # Slowness is a rate: a half may be fast enough for its size. Try each file alone.
        for one in files:
            if write_and_lint(binary, [one], timeout, work) is not None:
                return [one]
    while len(files) > 1:
        half = files[: len(files) // 2]
        rest = files[len(files) // 2:]
        if write_and_lint(binary, half, timeout, work) is not None:
            files = half
        elif write_and_lint(binary, rest, timeout, work) is not None:
            files = rest
        else:
            return files  # fails only together
    return files


def write_and_lint(binary, files, timeout, work):
    folder = os.path.join(work, "batch")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    for name, data in files:
        with open(os.path.join(folder, name), "wb") as out:
            out.write(data)
    return lint(binary, folder, timeout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "combinelint"))
    devcorpus = os.path.join(os.path.dirname(ROOT), "devcorpus")
    parser.add_argument("--corpus", default=devcorpus if os.path.isdir(devcorpus) else os.path.join(ROOT, "samples"))
    parser.add_argument("--iterations", type=int, default=2000, help="damaged files in all")
    parser.add_argument("--batch", type=int, default=100, help="damaged files per run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--keep", default=os.path.join(tempfile.gettempdir(), "combinelint-fuzz-failures"))
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"error: no analyzer at {args.binary} (swift build -c release --product combinelint)")
    sources = []
    for folder, _, names in os.walk(args.corpus):
        sources += [os.path.join(folder, n) for n in names if n.endswith(".swift")]
    sources.sort()
    if not sources:
        sys.exit(f"error: no Swift files under {args.corpus}")
    rng = random.Random(args.seed)
    failures = []
    done = 0
    with tempfile.TemporaryDirectory() as work:
        while done < args.iterations:
            batch = []
            for k in range(min(args.batch, args.iterations - done)):
                source = rng.choice(sources)
                with open(source, "rb") as f:
                    data = f.read()
                batch.append((f"F{done + k:06d}.swift", mutate(data, rng)))
            problem = write_and_lint(args.binary, batch, args.timeout, work)
            if problem is not None:
                culprit = smallest_failing(args.binary, batch, args.timeout, work)
                again = write_and_lint(args.binary, culprit, args.timeout, work)
                os.makedirs(args.keep, exist_ok=True)
                for name, data in culprit:
                    with open(os.path.join(args.keep, name), "wb") as out:
                        out.write(data)
                failures.append((problem if again is None else again, [n for n, _ in culprit]))
                print(f"FAIL {', '.join(n for n, _ in culprit)}: {again or problem}", file=sys.stderr)
            done += len(batch)
            print(f"{done}/{args.iterations} damaged files linted, {len(failures)} failing", file=sys.stderr)
    print(f"{done} damaged files from {len(sources)} sources under {args.corpus} (seed {args.seed}): {len(failures)} failing")
    for problem, names in failures:
        print(f"  {' '.join(os.path.join(args.keep, n) for n in names)}: {problem}")
        print(f"    reproduce: {args.binary} lint {args.keep} --enable-all-rules --reporter json")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
