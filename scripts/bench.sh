#!/usr/bin/env bash
# Benchmarks: see scripts/bench.py (same options). Needs cargo and python3;
# uses hyperfine and a torch venv ($TORCH_PYTHON) when present.
set -euo pipefail
exec python3 "$(dirname "$0")/bench.py" "$@"
