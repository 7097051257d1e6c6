#!/usr/bin/env bash
# Until Assay's packages are on the npm registry: the install that works, from a clone of this repository.
#
#   bash scripts/pack.sh [DIR]      # or: pnpm pack:all [DIR]; DIR defaults to ./packs
#
# Ensures the toolchain and dependencies (scripts/ensure-toolchain.sh), builds, packs every package that is
# not private into DIR exactly as `pnpm publish` would upload it (workspace versions written out, compiled
# code, types, source maps and the sources they point at), then prints the npm install lines for
# @assay/client and for the `assay` command. The tarballs install with npm anywhere: no workspace needed.
set -euo pipefail

SCRIPTS_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
out="$(mkdir -p -- "${1:-packs}" && cd -- "${1:-packs}" && pwd -P)"
# Sets ASSAY_ROOT and installs what is missing; exits on failure.
source "$SCRIPTS_DIR/ensure-toolchain.sh"
cd "$ASSAY_ROOT"

assay_step "Building" pnpm build || exit $?
assay_step "Packing the published packages" node scripts/pack-tarballs.mjs pack "$out" || exit $?
echo
node scripts/pack-tarballs.mjs lines "$out"
