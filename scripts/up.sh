#!/usr/bin/env bash
# THE one command that sets up and starts the Assay service:
#
#   bash scripts/up.sh
#
# Ensures the toolchain and dependencies (scripts/ensure-toolchain.sh), builds
# everything, then replaces itself with the server process (no pnpm wrapper: Ctrl-C
# stops Assay cleanly and quietly). Each step is one line that says what it does and
# how long it took (scripts/steps.sh); install and build output is shown only when a
# step fails. The server starts at its default LOG_LEVEL (info): a summary line of the requests served
# every minute while they come, no line per request (LOG_LEVEL=debug bash scripts/up.sh writes one for
# each). It runs from the repository root, so relative
# paths in the settings are relative to it: the default database is
# <repo>/data/assay.db (ASSAY_DATABASE_URL=sqlite:./data/assay.db). The environment
# is passed through unchanged; point it at PostgreSQL with e.g.
#   ASSAY_DATABASE_URL=postgres://user@host:5432/assay bash scripts/up.sh
# One line says which languages this machine runs; `bash scripts/up.sh --with-languages` first installs (apt-get,
# as root) the jail and the toolchains of the native languages it lacks (docs/languages.md).
set -euo pipefail

with_languages=0
for arg in "$@"; do
  case "$arg" in
    --with-languages) with_languages=1 ;;
    *)
      echo "usage: bash scripts/up.sh [--with-languages]" >&2
      exit 2
      ;;
  esac
done

SCRIPTS_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
# Sets ASSAY_ROOT and installs what is missing; exits on failure.
source "$SCRIPTS_DIR/ensure-toolchain.sh"
# shellcheck source=native-languages.sh
source "$SCRIPTS_DIR/native-languages.sh"
cd "$ASSAY_ROOT"

if [ "$with_languages" = 1 ] && [ -n "$(assay_native_missing_packages)" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "--with-languages installs Debian packages, which needs root: sudo apt-get install -y --no-install-recommends $(assay_native_missing_packages)" >&2
    exit 1
  fi
  assay_step "Installing the native languages ($(assay_native_missing_packages); about a minute)" assay_native_install || exit $?
fi

build_label="Building"
# No server build yet: turbo compiles every package (with its cache, later runs take seconds).
[ -f apps/server/dist/main.js ] || build_label="$build_label (first run: several minutes, longer on a busy machine)"
assay_step "$build_label" pnpm build || exit $?

assay_native_languages_line
# At info (the default) no request writes a line of its own, so the banner (the API key, the curl line) stays
# in view; a line per request is a debug line.
if [ -z "${LOG_LEVEL:-}" ]; then
  echo "Starting Assay (a summary of the requests every minute; a line per request: LOG_LEVEL=debug bash scripts/up.sh)…"
else
  echo "Starting Assay (LOG_LEVEL=$LOG_LEVEL)…"
fi
# As `pnpm start` runs it: the request thread's young generation outlasts a request in flight (decision 258), and
# glibc's malloc hands freed memory back instead of keeping it after a burst (decision 500), unless tunables are set.
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072}"
exec node --max-semi-space-size=32 apps/server/dist/main.js
