#!/usr/bin/env bash
# Makes sure the JavaScript toolchain Assay needs is present, then installs the
# workspace's dependencies exactly as the lockfile pins them.
#
#   bash scripts/ensure-toolchain.sh        # run it
#   source scripts/ensure-toolchain.sh      # or source it (scripts/test.sh, scripts/up.sh do)
#
# - Node: must satisfy package.json "engines.node" (">=X.Y"), at least 20. Not installed here.
# - pnpm: major 10. If missing or another major, installed with `npm i -g pnpm@10`
#   (corepack is not used: its signature check fails on a fresh machine).
# - `pnpm install --frozen-lockfile` from the repo root, whatever the current directory.
#
# Idempotent. Each install is one line that says what it does and how long it took (scripts/steps.sh);
# its output is shown only when it fails, with its exit status. Set ASSAY_SKIP_INSTALL=1 to check the
# tools but skip `pnpm install`.
set -euo pipefail

ASSAY_ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)"
export ASSAY_ROOT
# shellcheck source=steps.sh
source "$ASSAY_ROOT/scripts/steps.sh"

assay_toolchain_die() {
  echo "ensure-toolchain: $*" >&2
  return 1
}

# Node: installed by whoever provisions the machine (Node 20 is on it).
assay_check_node() {
  command -v node >/dev/null 2>&1 || assay_toolchain_die "node is not installed: install Node.js 20 (>= 20.19) first" || return 1
  local problem
  # Reads ">=X.Y[.Z]" from package.json engines.node; never accepts below 20.
  problem="$(node -e '
    const fs = require("fs");
    let want = [20, 0, 0];
    try {
      const range = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).engines?.node ?? "";
      const m = /^\s*>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
      if (m) want = [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
    } catch {}
    if (want[0] < 20) want = [20, 0, 0];
    const have = process.versions.node.split(".").map(Number);
    const cmp = have[0] - want[0] || have[1] - want[1] || have[2] - want[2];
    if (cmp < 0) console.log(`node ${process.versions.node} is too old: need >= ${want.join(".")}`);
  ' "$ASSAY_ROOT/package.json")" || assay_toolchain_die "could not run node" || return 1
  [ -z "$problem" ] || assay_toolchain_die "$problem" || return 1
}

assay_pnpm_major() {
  # Prints pnpm's major version, or nothing when pnpm is missing or broken
  # (e.g. a corepack shim whose download fails).
  local version
  command -v pnpm >/dev/null 2>&1 || return 0
  version="$(cd "$ASSAY_ROOT" && COREPACK_ENABLE_DOWNLOAD_PROMPT=0 pnpm --version 2>/dev/null </dev/null)" || return 0
  printf '%s\n' "${version%%.*}"
}

# npm's own global install; --force replaces a leftover corepack shim named pnpm, which plain install refuses to overwrite.
assay_npm_install_pnpm() {
  npm install -g pnpm@10 || npm install -g --force pnpm@10
}

assay_ensure_pnpm() {
  [ "$(assay_pnpm_major)" = "10" ] && return 0
  command -v npm >/dev/null 2>&1 || assay_toolchain_die "npm is missing: cannot install pnpm" || return 1
  assay_step "Installing pnpm 10 (npm install -g pnpm@10)" assay_npm_install_pnpm || assay_toolchain_die "'npm i -g pnpm@10' failed" || return 1
  # npm's global bin may not be on PATH (e.g. a custom prefix).
  local npm_bin
  npm_bin="$(npm prefix -g 2>/dev/null)/bin"
  case ":$PATH:" in *":$npm_bin:"*) ;; *) [ -d "$npm_bin" ] && PATH="$npm_bin:$PATH" && export PATH ;; esac
  hash -r
  [ "$(assay_pnpm_major)" = "10" ] || assay_toolchain_die "pnpm 10 was installed but '$(command -v pnpm || echo pnpm)' is not pnpm 10" || return 1
}

# better-sqlite3 compiles from source when no prebuilt binary can be fetched (only the npm registry is
# reachable here). node-gyp then wants Node's headers: point it at the ones installed with this Node, or it
# tries to download them too. Says in one line what to install when there is no compiler or no headers.
assay_native_build_env() {
  if [ -z "${npm_config_nodedir:-}" ]; then
    local prefix
    prefix="$(node -p 'require("path").resolve(process.execPath, "..", "..")')"
    if node -e '
      const fs = require("fs");
      const text = fs.readFileSync(process.argv[1] + "/include/node/node_version.h", "utf8");
      const part = (name) => (new RegExp("define NODE_" + name + "_VERSION (\\d+)").exec(text) || [])[1];
      process.exit([part("MAJOR"), part("MINOR"), part("PATCH")].join(".") === process.versions.node ? 0 : 1);
    ' "$prefix" 2>/dev/null; then
      export npm_config_nodedir="$prefix"
    fi
  fi
  local missing=()
  for tool in make g++ python3; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
  [ -n "${npm_config_nodedir:-}" ] || missing+=("Node.js headers for $(node --version)")
  if [ ${#missing[@]} -gt 0 ]; then
    echo "ensure-toolchain: better-sqlite3 compiles from source here and needs: ${missing[*]} (Debian: apt-get install -y build-essential python3; headers come with Node from nodejs.org or the nodejs package)." >&2
  fi
}

# --config.confirmModulesPurge=false: never stop on a question without a terminal (CI has no stdin).
assay_frozen_install() (
  cd "$ASSAY_ROOT" && pnpm install --frozen-lockfile --config.confirmModulesPurge=false
)

assay_pnpm_install() {
  local label="Installing dependencies"
  if [ "${ASSAY_SKIP_INSTALL:-0}" = "1" ]; then
    assay_step_skipped "$label" "ASSAY_SKIP_INSTALL=1"
    return 0
  fi
  # No node_modules yet: pnpm downloads and compiles everything (better-sqlite3 from source) for minutes.
  [ -f "$ASSAY_ROOT/node_modules/.modules.yaml" ] || label="$label (first run: several minutes, longer on a busy machine)"
  assay_step "$label" assay_frozen_install || assay_toolchain_die "'pnpm install --frozen-lockfile' failed (in $ASSAY_ROOT)" || return 1
}

assay_ensure_toolchain() {
  assay_check_node && assay_ensure_pnpm && assay_native_build_env && assay_pnpm_install
}

# Telemetry notices would only add noise to CI logs.
export TURBO_TELEMETRY_DISABLED="${TURBO_TELEMETRY_DISABLED:-1}"

assay_ensure_toolchain
