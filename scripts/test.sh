#!/usr/bin/env bash
# THE one command that runs Assay's whole test suite, on a fresh machine too:
#
#   bash scripts/test.sh
#
# 1. toolchain: Node check, pnpm 10, `pnpm install --frozen-lockfile` (scripts/ensure-toolchain.sh)
# 2. browsers for end-to-end tests (ensure_chromium, below)
# 3. PostgreSQL: unless ASSAY_TEST_PG_URL is already set, a throwaway cluster
#    (scripts/pg-throwaway.sh) whose URL is exported as ASSAY_TEST_PG_URL and
#    which is stopped and deleted on exit, whatever happens
# 4. `pnpm build`, then `pnpm test` (the fast loop) and `pnpm test:system` (the full one)
# The exit status is the tests' (or the build's, if the build fails).
set -euo pipefail

SCRIPTS_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
# Sets ASSAY_ROOT and installs what is missing; exits on failure.
source "$SCRIPTS_DIR/ensure-toolchain.sh"
cd "$ASSAY_ROOT"

started_at=$SECONDS
summary() {
  echo "scripts/test.sh: $* ($((SECONDS - started_at))s)"
}

# --- Browsers ----------------------------------------------------------------
# The end-to-end test (apps/server/test/e2e) drives Debian's Chromium at /usr/bin/chromium
# through playwright-core; no test tool ever downloads a browser. Only Debian packages and
# the npm registry are reachable, so Chromium comes from apt: installed here, as root,
# when it is missing (about 30 s). Not root and missing: stop and say what to run.
ensure_chromium() {
  local chromium=/usr/bin/chromium
  if [ -x "$chromium" ]; then
    return 0
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "scripts/test.sh: $chromium is missing, and installing it needs root. Install Debian's Chromium, then run this again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-liberation" >&2
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "scripts/test.sh: $chromium is missing and there is no apt-get: install Chromium so that $chromium runs it, then run this again." >&2
    exit 1
  fi
  echo "scripts/test.sh: installing Chromium for the end-to-end test (apt-get install chromium)"
  local log
  log="$(mktemp "${TMPDIR:-/tmp}/assay-apt-chromium.XXXXXX")"
  if ! {
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation
  } >"$log" 2>&1; then
    echo "scripts/test.sh: could not install Chromium with apt-get; its output:" >&2
    cat "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  if [ ! -x "$chromium" ]; then
    echo "scripts/test.sh: apt-get installed chromium, but $chromium is still missing" >&2
    exit 1
  fi
  echo "scripts/test.sh: $("$chromium" --version 2>/dev/null || echo chromium) installed"
}
ensure_chromium

# --- PostgreSQL --------------------------------------------------------------
pg_url=""
cleanup() {
  if [ -n "$pg_url" ]; then
    bash "$SCRIPTS_DIR/pg-throwaway.sh" stop "$pg_url" || echo "scripts/test.sh: could not stop the throwaway PostgreSQL at $pg_url" >&2
  fi
}
trap cleanup EXIT
# Ctrl-C / kill: leave through the EXIT trap so the cluster is removed.
trap 'exit 130' INT
trap 'exit 143' TERM

if [ -n "${ASSAY_TEST_PG_URL:-}" ]; then
  echo "scripts/test.sh: PostgreSQL: using ASSAY_TEST_PG_URL from the environment"
else
  pg_url="$(bash "$SCRIPTS_DIR/pg-throwaway.sh" start)" || {
    summary "FAILED: could not start a throwaway PostgreSQL cluster"
    exit 1
  }
  export ASSAY_TEST_PG_URL="$pg_url"
  echo "scripts/test.sh: PostgreSQL: throwaway cluster at $pg_url"
fi

# --- Build and test ----------------------------------------------------------
build_status=0
pnpm build || build_status=$?
if [ "$build_status" != 0 ]; then
  summary "FAILED: pnpm build exited with $build_status (tests not run)"
  exit "$build_status"
fi

test_log="$(mktemp "${TMPDIR:-/tmp}/assay-test-log.XXXXXX")"
# Two loops: the fast one (unit and integration), then the full one (processes, crashes, floods, browsers).
set +e
pnpm test 2>&1 | tee "$test_log"
test_status=${PIPESTATUS[0]}
pnpm test:system 2>&1 | tee -a "$test_log"
system_status=${PIPESTATUS[0]}
[ "$test_status" = 0 ] && test_status=$system_status
set -e
if [ "$test_status" = 0 ]; then
  summary "PASSED: build and all tests succeeded"
else
  summary "FAILED: pnpm test / pnpm test:system exited with $test_status"
fi
# The closing line, plain for any reader: vitest's totals of every package added up.
sed 's/\x1b\[[0-9;]*m//g' "$test_log" | awk '
  / Tests  / { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) passed += $i; if ($(i+1) ~ /^failed/) failed += $i } }
  END { printf "%d passed, %d failed\n", passed, failed }'
rm -f "$test_log"
exit "$test_status"
