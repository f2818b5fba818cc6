#!/usr/bin/env bash
# Ground truth for the library yardstick from real torch: runs
# ../shared/tools/oracle.py (strict and non-strict, as it does by default)
# over every case of tests/libs/cases/<group>/ and stores one JSON Lines
# file per group, tests/libs/truth/<group>.jsonl: one line per case,
# {"case": NAME, "expected": <the oracle's JSON>}, sorted by case.
#
#   tests/libs/regen_truth.sh [--jobs N] [GROUP ...]     (default: every group)
#
# TORCH_PYTHON (default /work/torchvenv/bin/python) must have torch,
# torchvision and timm; the repos group's packages come from .venv-libs
# (tests/libs/prepare.sh), overlaid without shadowing the torch side's own
# packages. Never edit the truth files by hand: rerun this.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
py=${TORCH_PYTHON:-/work/torchvenv/bin/python}
oracle=$root/../shared/tools/oracle.py
jobs=1
groups=()
while (( $# )); do
  case $1 in
    --jobs) jobs=$2; shift 2 ;;
    --jobs=*) jobs=${1#--jobs=}; shift ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) groups+=("$1"); shift ;;
  esac
done
if (( ${#groups[@]} == 0 )); then
  for d in tests/libs/cases/*/; do groups+=("$(basename "$d")"); done
fi
[[ -x $py ]] || { echo "no torch python at $py (set TORCH_PYTHON)" >&2; exit 2; }
[[ -f $oracle ]] || { echo "no oracle at $oracle" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The packages of .venv-libs that the torch side lacks, as an overlay.
overlay=$tmp/overlay
mkdir -p "$overlay"
torch_site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
for libs_site in .venv-libs/lib/python*/site-packages; do
  [[ -d $libs_site ]] || continue
  for entry in "$libs_site"/*; do
    name=$(basename "$entry")
    case $name in __pycache__|*.dist-info|*.pth|_distutils_hack|pip|setuptools|pkg_resources) continue ;; esac
    [[ -e $torch_site/$name ]] || ln -s "$root/$entry" "$overlay/$name"
  done
done

mkdir -p tests/libs/truth
for group in "${groups[@]}"; do
  dir=tests/libs/cases/$group
  [[ -d $dir ]] || { echo "no case folder $dir" >&2; exit 2; }
  out=$tmp/$group
  mkdir -p "$out"
  mapfile -t cases < <(ls "$dir"/*.py | sort)
  echo "regen_truth: $group: ${#cases[@]} cases, $jobs job(s)"
  t0=$SECONDS
  pids=()
  for (( j = 0; j < jobs; j++ )); do
    chunk=()
    for (( i = j; i < ${#cases[@]}; i += jobs )); do chunk+=("${cases[$i]}"); done
    (( ${#chunk[@]} )) || continue
    PYTHONPATH="$root/$dir:$overlay" "$py" "$oracle" "$out" "${chunk[@]}" \
      > "$tmp/$group.$j.log" 2>&1 &
    pids+=($!)
  done
  status=0
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  grep -h -E '^[A-Za-z0-9_]+: (strict=|cannot load)' "$tmp/$group".*.log | sort || true
  if (( status )); then
    echo "regen_truth: the oracle failed on $group:" >&2
    tail -n 20 "$tmp/$group".*.log >&2
    exit 1
  fi
  "$py" - "$out" "tests/libs/truth/$group.jsonl" "${cases[@]}" <<'PY'
import json, os, sys
out, dest, cases = sys.argv[1], sys.argv[2], sys.argv[3:]
names = sorted(os.path.splitext(os.path.basename(c))[0] for c in cases)
missing = [n for n in names if not os.path.exists(os.path.join(out, n + ".json"))]
with open(dest, "w") as f:
    for n in names:
        if n in missing:
            continue
        doc = json.load(open(os.path.join(out, n + ".json")))
        f.write(json.dumps({"case": n, "expected": doc}, separators=(",", ":"), sort_keys=True) + "\n")
print(f"regen_truth: wrote {dest}: {len(names) - len(missing)} cases"
      + (f"; no truth for {', '.join(missing)}" if missing else ""))
sys.exit(1 if missing else 0)
PY
  echo "regen_truth: $group took $((SECONDS - t0))s"
done
