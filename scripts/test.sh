#!/usr/bin/env bash
# THE one command that runs Assay's whole test suite, on a fresh machine too:
#
#   bash scripts/test.sh
#
# 1. toolchain: Node check, pnpm 10, `pnpm install --frozen-lockfile` (scripts/ensure-toolchain.sh)
# 2. Debian tools the tests drive: Chromium, poppler-utils, curl, tmux, and the native languages' jail and
#    toolchains (bubblewrap, OpenJDK 17, gcc, clang, Mono, Go, rustc, Ruby, PHP: scripts/native-languages.sh)
#    (ensure_debian_tools, below)
# 3. PostgreSQL: unless ASSAY_TEST_PG_URL is already set, a throwaway cluster
#    (scripts/pg-throwaway.sh) whose URL is exported as ASSAY_TEST_PG_URL and
#    which is stopped and deleted on exit, whatever happens
# 4. `pnpm build`, `pnpm lint` (Biome: lint and format) and `pnpm typecheck` (every package, tests included),
#    then every package's `test` (the fast loop, in two lanes) and `test:system` (the full one): what `pnpm test`
#    and `pnpm test:system` run
# The exit status is the tests' (or the build's or a check's, if one fails first).
set -euo pipefail

SCRIPTS_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
# Sets ASSAY_ROOT and installs what is missing; exits on failure.
source "$SCRIPTS_DIR/ensure-toolchain.sh"
cd "$ASSAY_ROOT"

started_at=$SECONDS
# How long each phase took, printed with the closing lines (a CI page shows only the tail): where the time goes.
phases=""
phase_started=$SECONDS
phase_done() {
  phases="${phases:+$phases, }$1 $((SECONDS - phase_started))s"
  phase_started=$SECONDS
}
summary() {
  echo "scripts/test.sh: $* ($((SECONDS - started_at))s${phases:+: $phases})"
}

# --- Debian packages the tests drive ----------------------------------------------------------------
# The browser tests drive Debian's Chromium at /usr/bin/chromium through playwright-core (no test tool
# ever downloads a browser); the report tests read PDFs back with poppler's pdftotext and pdftoppm; the TUI test drives `assay` in tmux. Only
# Debian packages and the npm registry are reachable, so they come from apt: installed here, as root, when
# missing (about 30 s; the native toolchains about 20 s more). Not root and missing: stop and say what to run.
# shellcheck source=native-languages.sh
source "$SCRIPTS_DIR/native-languages.sh"
ensure_debian_tools() {
  local missing=()
  # The jail's hostile-class tests and every native language's tests run in CI (docs/languages.md).
  # shellcheck disable=SC2207
  missing+=($(assay_native_missing_packages))
  [ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
  command -v pdftotext >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
  command -v curl >/dev/null 2>&1 || missing+=(curl)
  command -v tmux >/dev/null 2>&1 || missing+=(tmux)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "scripts/test.sh: missing ${missing[*]}, and installing needs root. Install them, then run this again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "scripts/test.sh: missing ${missing[*]} and there is no apt-get: install them, then run this again." >&2
    exit 1
  fi
  echo "scripts/test.sh: installing ${missing[*]} (apt-get install)"
  local log
  log="$(mktemp "${TMPDIR:-/tmp}/assay-apt.XXXXXX")"
  # Slim images drop /usr/share/man, where the JDK's update-alternatives links its manual pages.
  mkdir -p /usr/share/man/man1
  if ! {
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  } >"$log" 2>&1; then
    echo "scripts/test.sh: could not install ${missing[*]} with apt-get; its output:" >&2
    cat "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  [ -x /usr/bin/chromium ] || { echo "scripts/test.sh: apt-get installed chromium, but /usr/bin/chromium is still missing" >&2; exit 1; }
}
ensure_debian_tools
phase_done "tools"

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
phase_done "postgresql"

# --- Build and test ----------------------------------------------------------
build_status=0
# The toolchains and the jail are installed above: every native language must run here (none is let off as
# unavailable), and every registered language must have its fixture in the every-language suite.
export ASSAY_REQUIRE_NATIVE=1 ASSAY_EXPECT_ALL_FIXTURES=1
pnpm build || build_status=$?
phase_done "build"
if [ "$build_status" != 0 ]; then
  summary "FAILED: pnpm build exited with $build_status (tests not run)"
  exit "$build_status"
fi
for check in lint typecheck; do
  check_status=0
  pnpm "$check" || check_status=$?
  phase_done "$check"
  if [ "$check_status" != 0 ]; then
    summary "FAILED: pnpm $check exited with $check_status (tests not run; \`pnpm format\` fixes formatting)"
    exit "$check_status"
  fi
done

test_log="$(mktemp "${TMPDIR:-/tmp}/assay-test-log.XXXXXX")"
# Two loops: the fast one (unit and integration), then the full one (processes, crashes, floods, browsers). On 2
# cores the fast loop keeps both busy and the full one does not, so the fast loop runs in two lanes of our own, each
# task once, its build done above (`--only`): turbo would start the server's suite, the longest, only once the
# packages it builds on had started theirs. The worker's system suite (two files) ends the second lane; every other
# system suite runs after, on a quiet machine: the server's and the sandbox's floods bound times, and the CLI's spawns
# `assay` dozens of times a test (beside the fast loop it took 826 s instead of 472 s, and five tests timed out).
lane_status_dir="$(mktemp -d "${TMPDIR:-/tmp}/assay-lanes.XXXXXX")"
run_lane() {
  local name=$1 status=0
  shift
  while [ $# -gt 0 ]; do
    # shellcheck disable=SC2086
    pnpm exec turbo run $1 --only --continue --concurrency=1 || status=$?
    shift
  done
  echo "$status" >"$lane_status_dir/$name"
}
set +e
{
  run_lane server "test --filter=@assay/server" &
  run_lane packages "test --filter=!@assay/server" "test:system --filter=@assay/worker"
  wait
} 2>&1 | tee "$test_log"
test_status=0
for lane in server packages; do
  lane_status="$(cat "$lane_status_dir/$lane" 2>/dev/null || echo 1)"
  [ "$lane_status" = 0 ] || test_status=$lane_status
done
rm -rf "$lane_status_dir"
phase_done "fast loop"
pnpm exec turbo run test:system --only --continue --concurrency=1 --filter=!@assay/worker 2>&1 | tee -a "$test_log"
system_status=${PIPESTATUS[0]}
phase_done "system loop"
[ "$test_status" = 0 ] && test_status=$system_status
set -e
if [ "$test_status" = 0 ]; then
  summary "PASSED: build and all tests succeeded"
else
  summary "FAILED: pnpm test / pnpm test:system exited with $test_status"
fi
# Whoever reads only the tail of this output (a CI page) learns which tests failed: vitest's FAIL lines and its
# failed-test marks, repeated here, at most 40.
failed_lines="$(sed 's/\x1b\[[0-9;]*m//g' "$test_log" | grep -E '(^|: ) *(FAIL |× )' | sort -u | head -40 || true)"
if [ -n "$failed_lines" ]; then
  echo "scripts/test.sh: what failed:"
  printf '%s\n' "$failed_lines"
fi
# The closing line, plain for any reader: vitest's totals of every package added up.
sed 's/\x1b\[[0-9;]*m//g' "$test_log" | awk '
  / Tests  / { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) passed += $i; if ($(i+1) ~ /^failed/) failed += $i } }
  END { printf "%d passed, %d failed\n", passed, failed }'
rm -f "$test_log"
exit "$test_status"
