#!/usr/bin/env bash
# The whole test suite, one command: ./scripts/test.sh
#
# Installs what the tests need (a git-ignored .venv-test with
# tests/**/requirements.txt; tests/*/prepare.sh hooks), builds the release
# CLI, then runs cargo test, rustfmt, clippy and pytest over tests/.
# Every step runs even when an earlier one failed, so one report shows all
# failures; the exit code is non-zero when any step failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=scripts/ensure-venv.sh
source "$root/scripts/ensure-venv.sh"

start=$SECONDS
passed=()
failed=()

step() {
  local name=$1
  shift
  local t0=$SECONDS
  echo
  echo "==> [$name] $*"
  if "$@"; then
    passed+=("$name")
    echo "==> [$name] ok ($((SECONDS - t0))s)"
  else
    failed+=("$name")
    echo "==> [$name] FAILED ($((SECONDS - t0))s)"
  fi
}

if [[ ! -d "$root/../shared/corpus" ]]; then
  echo "warning: $root/../shared/corpus is missing; the corpus tests will fail" >&2
fi

VENV_PY=""
step python-deps ensure_venv "$root"

# Hooks for test directories with their own setup (editors, LSP clients):
# tests/<dir>/prepare.sh runs from the repo root with VENV_PY set.
for hook in tests/*/prepare.sh; do
  [[ -e "$hook" ]] || continue
  step "prepare:$(basename "$(dirname "$hook")")" env VENV_PY="$VENV_PY" bash "$hook"
done

# The CLI, and the in-process runner tests/test_libs.py checks library
# state reuse with (`timing consistency`).
step build cargo build --release -p cli -p bench --bin exportlens --example timing
step cargo-test cargo test --workspace --no-fail-fast
step fmt cargo fmt --all --check
step clippy cargo clippy --workspace --all-targets -- -D warnings

step torch-python ensure_torch_python "$root"

run_pytest() {
  if [[ -z "$VENV_PY" || ! -x "$VENV_PY" ]]; then
    echo "no test venv (python-deps failed)" >&2
    return 1
  fi
  "$VENV_PY" -m pytest tests
}
step pytest run_pytest

total=$(( ${#passed[@]} + ${#failed[@]} ))
echo
if (( ${#failed[@]} == 0 )); then
  echo "test.sh: PASS: all ${total} steps passed (${passed[*]}) in $((SECONDS - start))s"
  exit 0
else
  echo "test.sh: FAIL: ${#failed[@]} of ${total} steps failed (${failed[*]}); passed: ${passed[*]:-none}; $((SECONDS - start))s"
  exit 1
fi
