#!/usr/bin/env bash
# Regenerate the ground truth of the project's own corpus cases
# (tests/corpus/cases/NAME.expected.json) with the current
# ../shared/tools/oracle.py, which also records node args/kwargs and
# torch's printed program. Never edit an expected file by hand: rerun this.
#
#   scripts/regen-case-truths.sh [--missing] [NAME ...]
#
# --missing: only cases with an exported run whose truth has no "program"
# yet (written by an older oracle). TORCH_PYTHON (default /work/torchvenv/bin/python) must
# have torch 2.15 and numpy. Cases run in chunks of 40, one torch process
# per chunk; a case the oracle cannot load keeps its old truth and is
# listed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
py=${TORCH_PYTHON:-/work/torchvenv/bin/python}
oracle=$root/../shared/tools/oracle.py
cases=tests/corpus/cases
missing=0
names=()
for a in "$@"; do
  case $a in
    --missing) missing=1 ;;
    -*) echo "unknown option $a" >&2; exit 2 ;;
    *) names+=("$a") ;;
  esac
done
if (( ${#names[@]} == 0 )); then
  for f in "$cases"/*.py; do names+=("$(basename "$f" .py)"); done
fi
todo=()
for n in "${names[@]}"; do
  # A truth with an exported run but no printed program predates the oracle.
  if (( missing )) && [[ -f $cases/$n.expected.json ]] &&
     ! { grep -q '"ok": true' "$cases/$n.expected.json" && ! grep -q '"program"' "$cases/$n.expected.json"; }; then
    continue
  fi
  todo+=("$cases/$n.py")
done
echo "regenerating ${#todo[@]} case truths"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((i = 0; i < ${#todo[@]}; i += 40)); do
  "$py" "$oracle" "$out" "${todo[@]:i:40}" 2>"$out/stderr.log" | sed 's/^/  /' || true
  grep "cannot load" "$out/stderr.log" || true
done
written=0
for f in "$out"/*.json; do
  [[ -e $f ]] || continue
  cp "$f" "$cases/$(basename "$f" .json).expected.json"
  written=$((written + 1))
done
echo "wrote $written truths"
