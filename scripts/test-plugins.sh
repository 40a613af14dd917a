#!/usr/bin/env bash
# Runs CombineLint's SwiftPM plugins on Tests/Fixtures/PluginPackage, a tiny package that
# depends on this repository by path:
#   1. `swift build` (build tool plugin): the lint command must run and succeed;
#   2. `swift package combinelint` (command plugin): lints the package's targets;
#   3. `swift package combinelint --version`: arguments reach the tool.
# Slow (it builds the tool inside the fixture): not part of the unit tests.
# EXPECT_FINDING=1 also requires the fixture's finding (a runloop_main_scheduler warning, Feed.swift line 10, from an
# opt-in rule that the fixture's .combinelint.json turns on) in steps 1 and 2;
# (.ci/run turns it on).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
fixture="$root/Tests/Fixtures/PluginPackage"
log="$(mktemp -d)"
trap 'rm -rf "$log"' EXIT
failures=0
start=$(date +%s)

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# Runs a command in the fixture; its combined output goes to $log/NAME.out; fails on non-zero exit.
step() {
    local name="$1"; shift
    echo "== $name: $*"
    local status=0
    (cd "$fixture" && "$@") >"$log/$name.out" 2>&1 || status=$?
    sed 's/^/   | /' "$log/$name.out" | tail -n 15
    [ "$status" -eq 0 ] || fail "$name: '$*' exited with status $status"
}

expect() {  # expect NAME REGEX DESCRIPTION
    grep -Eq -- "$2" "$log/$1.out" || fail "$1: output lacks $3 (/$2/)"
}

finding='Feed\.swift:10:[0-9]+: (warning|error): .*\[[a-z_]+\]'

# 1. Build tool plugin. Touching the source makes the lint command run even on a warm build.
touch "$fixture/Sources/Feed/Feed.swift"
step build swift build
expect build 'combinelint|CombineLint' "the tool's output"
if [ "${EXPECT_FINDING:-0}" = 1 ]; then expect build "$finding" "the finding as an xcode warning"; fi

# 2. Command plugin, default paths (the package's source targets).
step command swift package combinelint
expect command 'combinelint|Feed\.swift' "the tool's output"
if [ "${EXPECT_FINDING:-0}" = 1 ]; then expect command "$finding" "the finding"; fi

# 3. Arguments pass through (`--version` answers without linting).
step version swift package combinelint --version
expect version 'combinelint|[0-9]+\.[0-9]+\.[0-9]+' "a version or the tool's name"

echo "test-plugins: $failures failure(s) in $(( $(date +%s) - start ))s"
[ "$failures" -eq 0 ]
