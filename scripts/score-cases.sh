#!/usr/bin/env bash
# Score the release build on the project's own cases (tests/corpus/cases) with compare.py.
# usage: scripts/score-cases.sh [--verbose]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cases="$here/tests/corpus/cases"
bin="${EXPORTLENS_BIN:-$here/target/release/exportlens}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/exp"
for f in "$cases"/*.py; do
  name=$(basename "$f" .py)
  "$bin" export --json "$f" > "$out/$name.json" 2>/dev/null || true
  cp "$cases/$name.expected.json" "$out/exp/"
done
py="${PYTHON:-python3}"
"$py" "$here/../shared/tools/compare.py" "$out/exp" "$out" "$@"
