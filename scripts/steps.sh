#!/usr/bin/env bash
# The step runner of scripts/up.sh, scripts/ensure-toolchain.sh and scripts/test.sh: one line per step
# that says what is happening and how long it took, the step's own output hidden unless it fails.
#
#   source scripts/steps.sh
#   assay_step "Building (first run: about 1–2 minutes)" pnpm build
#
# prints "Building (first run: about 1–2 minutes)… " at once and "done in 48s" when the command succeeds.
# When it fails: "failed after 12s (exit status 2); its output:", then everything the command printed (on
# stderr), and assay_step returns the command's exit status. The command reads no standard input, so a
# question it asks can never leave the step waiting with nothing on the screen.

# Seconds since the epoch with a fraction where the shell has one (bash 5), whole seconds otherwise.
assay_now() {
  if [ -n "${EPOCHREALTIME:-}" ]; then printf '%s\n' "${EPOCHREALTIME/,/.}"; else date +%s; fi
}

# "0.4s" under ten seconds; "48s" under a minute; "2m31s" from a minute on (rounded to what is shown).
assay_duration() {
  awk -v from="$1" -v to="$2" 'BEGIN {
    s = to - from; if (s < 0) s = 0
    if (s < 9.95) { printf "%.1fs\n", s; exit }
    s = int(s + 0.5)
    if (s < 60) printf "%ds\n", s
    else printf "%dm%02ds\n", int(s / 60), s % 60
  }'
}

# assay_step LABEL COMMAND [ARG...]: runs COMMAND (a program or a shell function) with its output in a log.
assay_step() {
  local label="$1"
  shift
  local log started status=0 took
  log="$(mktemp "${TMPDIR:-/tmp}/assay-step.XXXXXX")"
  printf '%s… ' "$label"
  started="$(assay_now)"
  "$@" </dev/null >"$log" 2>&1 || status=$?
  took="$(assay_duration "$started" "$(assay_now)")"
  if [ "$status" = 0 ]; then
    printf 'done in %s\n' "$took"
    rm -f "$log"
    return 0
  fi
  printf 'failed after %s (exit status %s); its output:\n' "$took" "$status"
  cat "$log" >&2
  printf '%s: failed with exit status %s (the output above)\n' "$label" "$status" >&2
  rm -f "$log"
  return "$status"
}

# assay_step_skipped LABEL WHY: the line a step prints when a setting turned it off.
assay_step_skipped() {
  printf '%s… skipped (%s)\n' "$1" "$2"
}
