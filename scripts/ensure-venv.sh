#!/usr/bin/env bash
# Create or refresh .venv-test (git-ignored) with every tests/**/requirements.txt.
# Sourced by scripts/test.sh and scripts/update-ratchet.sh; sets $VENV_PY.
# Reinstalls only when a requirements file changed (a stamp holds their hash).
ensure_venv() {
  local root=$1
  local venv="$root/.venv-test"
  local py=${PYTHON:-python3}
  local reqs
  reqs=$(cd "$root" && find tests -name requirements.txt -not -path '*/node_modules/*' | sort)
  local stamp
  stamp=$(cd "$root" && { echo "$reqs"; for r in $reqs; do cat "$r"; done; } | sha256sum | cut -d' ' -f1)
  if [[ ! -x "$venv/bin/python" ]]; then
    echo "==> creating $venv"
    # Debian without python3-venv has no ensurepip: fall back to the system pip.
    if ! "$py" -m venv "$venv" >/dev/null 2>&1; then
      rm -rf "$venv"
      "$py" -m venv --without-pip "$venv"
    fi
  fi
  if [[ "$(cat "$venv/.requirements-stamp" 2>/dev/null)" != "$stamp" ]]; then
    local args=()
    for r in $reqs; do args+=(-r "$root/$r"); done
    echo "==> installing test requirements: ${reqs//$'\n'/ }"
    if [[ -x "$venv/bin/pip" ]]; then
      "$venv/bin/pip" install --disable-pip-version-check -q "${args[@]}"
    else
      "$py" -m pip --python "$venv/bin/python" install --disable-pip-version-check -q "${args[@]}"
    fi
    echo "$stamp" > "$venv/.requirements-stamp"
  fi
  VENV_PY="$venv/bin/python"
}

# A Python with real torch 2.15 for the tests that check exportlens against
# it (tests/test_pt2.py loads the archives `export --pt2` writes,
# tests/test_fix.py exports the files `--fix` rewrote): TORCH_PYTHON if set,
# else /work/torchvenv (the development machines'), else .venv-torch
# (git-ignored), created with torch and numpy from PyPI (about 5 GB, a few
# minutes). Sets and exports TORCH_PYTHON; leaves it unset when torch
# cannot be installed (no network), and says so.
ensure_torch_python() {
  local root=$1
  local candidate
  for candidate in "${TORCH_PYTHON:-}" /work/torchvenv/bin/python "$root/.venv-torch/bin/python"; do
    if [[ -n "$candidate" && -x "$candidate" ]] && "$candidate" -c "import torch" >/dev/null 2>&1; then
      export TORCH_PYTHON=$candidate
      return 0
    fi
  done
  local venv="$root/.venv-torch"
  local py=${PYTHON:-python3}
  echo "==> creating $venv with torch 2.15 (from PyPI)"
  rm -rf "$venv"
  local pip=("$venv/bin/pip")
  # Debian without python3-venv has no ensurepip: the system pip installs.
  if ! "$py" -m venv "$venv" >/dev/null 2>&1; then
    rm -rf "$venv"
    "$py" -m venv --without-pip "$venv" && pip=("$py" -m pip --python "$venv/bin/python")
  fi
  if [[ -x "$venv/bin/python" ]] &&
     timeout 1800 "${pip[@]}" install --disable-pip-version-check -q "torch==2.15.*" numpy; then
    export TORCH_PYTHON=$venv/bin/python
    return 0
  fi
  echo "warning: could not install torch into $venv: the tests against real torch will say so" >&2
  return 1
}
