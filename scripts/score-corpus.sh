#!/usr/bin/env bash
# Score the release build on ../shared/corpus with compare.py.
# usage: scripts/score-corpus.sh [--verbose]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
corpus="$here/../shared/corpus"
bin="${EXPORTLENS_BIN:-$here/target/release/exportlens}"
out=$(mktemp -d)
for f in "$corpus"/*/*.py; do
  "$bin" export --json "$f" > "$out/$(basename "$f" .py).json" 2>/dev/null || true
done
for d in "$corpus"/*/; do
  cp "$d"/*.expected.json "$out/" 2>/dev/null || true
done
mkdir -p "$out/exp"; mv "$out"/*.expected.json "$out/exp/"
python3 "$here/../shared/tools/compare.py" "$out/exp" "$out" "$@"
