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
