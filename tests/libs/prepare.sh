#!/usr/bin/env bash
# Installs the library yardstick's packages (tests/libs/packages.txt) into
# the git-ignored .venv-libs: a plain `python3 -m venv` WITHOUT torch (the
# tool never imports it), each package pinned and installed with
# `pip install --no-deps`. Run by scripts/test.sh from the repository root
# (VENV_PY is set there but not needed). Idempotent: a stamp holds the hash
# of the package list and the interpreter version, so a second run is
# instant.
set -euo pipefail
venv=.venv-libs
reqs=tests/libs/packages.txt
py=${PYTHON:-python3}
t0=$SECONDS

stamp=$( { cat "$reqs"; "$py" --version; } | sha256sum | cut -d' ' -f1)
if [[ -x "$venv/bin/python" && "$(cat "$venv/.libs-stamp" 2>/dev/null)" == "$stamp" ]]; then
  echo "prepare:libs: $venv is up to date"
  exit 0
fi

if [[ ! -x "$venv/bin/python" ]]; then
  echo "prepare:libs: creating $venv"
  # Debian without python3-venv has no ensurepip: fall back to the system pip.
  if ! "$py" -m venv "$venv" >/dev/null 2>&1; then
    rm -rf "$venv"
    "$py" -m venv --without-pip "$venv"
  fi
fi
pip=("$venv/bin/python" -m pip)
if [[ ! -x "$venv/bin/pip" ]]; then
  pip=("$py" -m pip --python "$venv/bin/python")
fi
echo "prepare:libs: installing $(grep -cv '^\s*\(#\|$\)' "$reqs") pinned packages (--no-deps)"
"${pip[@]}" install --disable-pip-version-check -q --no-deps -r "$reqs"
# Nothing may pull torch in: the tool must be measured without it.
if "$venv/bin/python" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("torch") is None)'; then
  echo "prepare:libs: torch is installed in $venv; it must not be" >&2
  exit 1
fi
echo "$stamp" > "$venv/.libs-stamp"
echo "prepare:libs: ready in $((SECONDS - t0))s"
