#!/usr/bin/env bash
# THE one command that sets up and starts the Assay service:
#
#   bash scripts/up.sh
#
# Ensures the toolchain and dependencies (scripts/ensure-toolchain.sh), builds
# everything, then replaces itself with `pnpm start`. The environment is passed
# through unchanged: the server reads ASSAY_DATABASE_URL, whose default is the
# SQLite file sqlite:./data/assay.db; point it at PostgreSQL with e.g.
#   ASSAY_DATABASE_URL=postgres://user@host:5432/assay bash scripts/up.sh
set -euo pipefail

SCRIPTS_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
# Sets ASSAY_ROOT and installs what is missing; exits on failure.
source "$SCRIPTS_DIR/ensure-toolchain.sh"
cd "$ASSAY_ROOT"

pnpm build
exec pnpm start
