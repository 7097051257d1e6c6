#!/usr/bin/env bash
# THE one command that sets up and starts the Assay service:
#
#   bash scripts/up.sh
#
# Ensures the toolchain and dependencies (scripts/ensure-toolchain.sh), builds
# everything, then replaces itself with the server process (no pnpm wrapper: Ctrl-C
# stops Assay cleanly and quietly). It runs from the repository root, so relative
# paths in the settings are relative to it: the default database is
# <repo>/data/assay.db (ASSAY_DATABASE_URL=sqlite:./data/assay.db). The environment
# is passed through unchanged; point it at PostgreSQL with e.g.
#   ASSAY_DATABASE_URL=postgres://user@host:5432/assay bash scripts/up.sh
set -euo pipefail

SCRIPTS_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
# Sets ASSAY_ROOT and installs what is missing; exits on failure.
source "$SCRIPTS_DIR/ensure-toolchain.sh"
cd "$ASSAY_ROOT"

pnpm build
# As `pnpm start` runs it: the request thread's young generation outlasts a request in flight (decision 258).
exec node --max-semi-space-size=32 apps/server/dist/main.js
