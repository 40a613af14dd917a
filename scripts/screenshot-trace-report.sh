#!/bin/sh
# Renders a trace's HTML report (`combinelint trace report TRACE --format html`) in headless
# Chromium and saves a PNG screenshot, so that every change to the page is looked at.
# Usage: scripts/screenshot-trace-report.sh [TRACE.jsonl] [OUT.png]
#          defaults: samples/traces/feed-demo.jsonl, .build/screenshots/<trace name>.png
#        WINDOW=1400,900 (the default) sets the window size; the HTML page is kept beside the PNG.
# Installs Debian's `chromium` with apt-get when it is missing.
set -eu
cd "$(dirname "$0")/.."
trace="${1:-samples/traces/feed-demo.jsonl}"
name="$(basename "$trace" .jsonl)"
png="${2:-.build/screenshots/$name.png}"
window="${WINDOW:-1400,900}"
[ -f "$trace" ] || { echo "screenshot-trace-report: $trace: no such trace" >&2; exit 2; }

browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
    echo "screenshot-trace-report: installing chromium" >&2
    apt-get update && apt-get install -y chromium
    browser="$(command -v chromium)"
fi

swift build --product combinelint >/dev/null
bin="$(swift build --show-bin-path)"
mkdir -p "$(dirname "$png")"
html="${png%.png}.html"
# The report's exit status says whether sections are empty (--fail-on is not given: always 0).
"$bin/combinelint" trace report "$trace" --format html --output "$html"
page="$(cd "$(dirname "$html")" && pwd)/$(basename "$html")"

profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
    --screenshot="$png" --window-size="$window" "file://$page" 2>/dev/null
[ -s "$png" ] || { echo "screenshot-trace-report: chromium wrote no screenshot" >&2; exit 1; }
echo "$png ($(wc -c <"$html" | tr -d ' ') bytes of HTML: $html)"
