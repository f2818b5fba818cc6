#!/usr/bin/env bash
# Ground truth for the library yardstick from real torch: runs
# ../shared/tools/oracle.py (strict and non-strict, as it does by default)
# over every case of tests/libs/cases/<group>/ and stores one JSON Lines
# file per group, tests/libs/truth/<group>.jsonl: one line per case,
# {"case": NAME, "expected": <the oracle's JSON>}, sorted by case.
#
#   tests/libs/regen_truth.sh [--jobs N] [--resume] [GROUP ...]   (default: every group)
#
# Groups (the folders of tests/libs/cases/): torchvision, timm, repos,
# transformers (the last about 4 minutes with --jobs 2 on a 2-core machine),
# transformers_auto (gen_transformers_auto.py) and one per ecosystem
# library (gen_ecosystem.py; all of them about 40 minutes with --jobs 2).
#
# The oracle's files are kept in target/libs-truth/<group>/; --resume reuses
# those newer than their case (after an interrupted run). A case whose
# oracle process died (a large model running out of memory beside another
# job) is retried alone, one process per case, before the group is written.
#
# TORCH_PYTHON (default /work/torchvenv/bin/python) must have torch,
# torchvision, timm, transformers (5.24.0) and the ecosystem's libraries at
# the versions pinned in packages.txt;
# the repos group's packages come from .venv-libs (tests/libs/prepare.sh),
# overlaid without shadowing the torch side's own packages. Never edit the
# truth files by hand: rerun this.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
py=${TORCH_PYTHON:-/work/torchvenv/bin/python}
oracle=$root/../shared/tools/oracle.py
jobs=1
resume=0
groups=()
while (( $# )); do
  case $1 in
    --jobs) jobs=$2; shift 2 ;;
    --jobs=*) jobs=${1#--jobs=}; shift ;;
    --resume) resume=1; shift ;;
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
  out=$root/target/libs-truth/$group
  (( resume )) || rm -rf "$out"
  mkdir -p "$out"
  mapfile -t all < <(ls "$dir"/*.py | sort)
  todo() {  # the cases without a result newer than their file
    local c n
    for c in "${all[@]}"; do
      n=$(basename "$c" .py)
      [[ -s $out/$n.json && $out/$n.json -nt $c ]] || echo "$c"
    done
  }
  mapfile -t cases < <(todo)
  echo "regen_truth: $group: ${#all[@]} cases, ${#cases[@]} to run, $jobs job(s)"
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
  for pid in "${pids[@]}"; do
    wait "$pid" || echo "regen_truth: an oracle process of $group failed ($(tail -n 1 "$tmp/$group".*.log | head -c 300)); retrying its cases alone" >&2
  done
  mapfile -t cases < <(todo)
  for c in "${cases[@]}"; do
    echo "regen_truth: retrying $(basename "$c") alone"
    PYTHONPATH="$root/$dir:$overlay" "$py" "$oracle" "$out" "$c" > "$tmp/$group.retry.log" 2>&1 \
      || echo "regen_truth: the oracle failed on $c: $(tail -n 3 "$tmp/$group.retry.log")" >&2
    cat "$tmp/$group.retry.log" >> "$tmp/$group.r.log"
  done
  grep -h -E '^[A-Za-z0-9_]+: (strict=|cannot load)' "$tmp/$group".*.log | sort -u || true
  "$py" - "$out" "tests/libs/truth/$group.jsonl" "${all[@]}" <<'PY'
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
