#!/usr/bin/env bash
# Raise the corpus ratchet (tests/corpus/ratchet.json) to every case-mode
# that passes now. Never drops an entry silently: when a listed case-mode no
# longer passes, it refuses and lists them, unless --allow-regress is given.
# usage: scripts/update-ratchet.sh [--allow-regress]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
for a in "$@"; do
  case "$a" in
    --allow-regress) ;;
    *) echo "usage: scripts/update-ratchet.sh [--allow-regress]" >&2; exit 2 ;;
  esac
done
# shellcheck source=scripts/ensure-venv.sh
source "$root/scripts/ensure-venv.sh"
ensure_venv "$root"
cargo build --release -p cli
exec "$VENV_PY" tests/corpus/scoring.py --update-ratchet "$@"
