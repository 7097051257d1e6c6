#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: fast (fsync off), on a free port of
# 127.0.0.1, trust authentication, gone without a trace after `stop`.
#
#   url="$(bash scripts/pg-throwaway.sh start)"   # prints postgres://postgres@127.0.0.1:PORT/assay_test
#   psql "$url" -c 'select 1'
#   bash scripts/pg-throwaway.sh url  "$url"      # prints the URL again (also: PORT, DATADIR, or none = $ASSAY_PG_DATADIR)
#   bash scripts/pg-throwaway.sh stop "$url"      # pg_ctl stop -m immediate, then removes the directory
#
# `stop` and `url` take the URL (or a port, or the cluster's directory); with no
# argument they use $ASSAY_PG_DATADIR. `start` records the cluster in
# ${TMPDIR:-/tmp}/assay-pg-PORT.state and in DIR/state, and prints the directory on
# stderr only with ASSAY_PG_VERBOSE=1. The server log is DIR/postgres.log.
#
# The PostgreSQL server binaries are found with `pg_config --bindir` or in the
# newest /usr/lib/postgresql/*/bin; if there are none and we are root, Debian's
# `postgresql` package is installed. initdb refuses to run as root, so as root
# the cluster belongs to, and runs as, the OS user `postgres`.
set -euo pipefail

STATE_BASE="${TMPDIR:-/tmp}"
STATE_BASE="${STATE_BASE%/}"
[ -n "$STATE_BASE" ] || STATE_BASE=/tmp
DB_NAME=assay_test
MARKER=.assay-pg-throwaway

die() {
  echo "pg-throwaway: $*" >&2
  exit 1
}

usage() {
  cat >&2 <<'EOF'
usage: pg-throwaway.sh start
       pg-throwaway.sh url  [URL|PORT|DATADIR]   (default: $ASSAY_PG_DATADIR)
       pg-throwaway.sh stop [URL|PORT|DATADIR]   (default: $ASSAY_PG_DATADIR)
EOF
  exit 2
}

is_root() { [ "$(id -u)" = 0 ]; }

# Directory holding initdb/pg_ctl/postgres, newest version first; empty if none.
find_bindir() {
  local dir
  if command -v pg_config >/dev/null 2>&1; then
    dir="$(pg_config --bindir 2>/dev/null || true)"
    if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      printf '%s\n' "$dir"
      return 0
    fi
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      printf '%s\n' "$dir"
      return 0
    fi
  done
  dir="$(dirname -- "$(command -v initdb 2>/dev/null || echo /nonexistent/initdb)")"
  if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
    printf '%s\n' "$dir"
  fi
}

ensure_bindir() {
  BINDIR="$(find_bindir)"
  [ -n "$BINDIR" ] && return 0
  is_root || die "PostgreSQL server binaries not found (no initdb); install them, e.g. 'apt-get install -y postgresql' as root"
  command -v apt-get >/dev/null 2>&1 || die "PostgreSQL server binaries not found and apt-get is not available"
  echo "pg-throwaway: installing PostgreSQL (apt-get install -y postgresql)..." >&2
  local log
  log="$(mktemp "$STATE_BASE/assay-apt.XXXXXX")"
  if ! { DEBIAN_FRONTEND=noninteractive apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql; } </dev/null >"$log" 2>&1; then
    tail -n 50 "$log" >&2
    rm -f "$log"
    die "apt-get install postgresql failed"
  fi
  rm -f "$log"
  BINDIR="$(find_bindir)"
  [ -n "$BINDIR" ] || die "postgresql was installed but initdb is still not found"
}

# Runs a command as the cluster's owner: `postgres` when we are root, else ourselves.
# From / so that an unreadable current directory does not matter.
as_owner() {
  if is_root; then
    (cd / && runuser -u postgres -- "$@")
  else
    (cd / && "$@")
  fi
}

free_port() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
  else
    node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
  fi
}

# Prints the port named by a URL or a bare port number; nothing for anything else.
port_of() {
  case "$1" in
    postgres://* | postgresql://*) printf '%s\n' "$1" | sed -nE 's#^postgres(ql)?://[^/]*:([0-9]+)(/.*)?$#\2#p' ;;
    '' | *[!0-9]*) ;;
    *) printf '%s\n' "$1" ;;
  esac
}

# Prints the cluster directory named by $1 (URL, port or directory) or $ASSAY_PG_DATADIR;
# nothing if that cluster is already gone.
resolve_dir() {
  local ref="${1:-${ASSAY_PG_DATADIR:-}}" port state dir
  [ -n "$ref" ] || die "which cluster? pass its URL, port or directory, or set ASSAY_PG_DATADIR"
  if [ -d "$ref" ] && [ -f "$ref/$MARKER" ]; then
    (cd "$ref" && pwd -P)
    return 0
  fi
  port="$(port_of "$ref")"
  if [ -z "$port" ]; then
    case "$ref" in
      /*) return 0 ;; # a directory that no longer exists: already stopped
      *) die "not a throwaway cluster's URL, port or directory: $ref" ;;
    esac
  fi
  state="$STATE_BASE/assay-pg-$port.state"
  [ -f "$state" ] || return 0
  dir="$(sed -n 's/^DATADIR=//p' "$state" | head -n 1)"
  if [ -n "$dir" ] && [ -d "$dir" ]; then
    printf '%s\n' "$dir"
  else
    rm -f -- "$state" # stale: its cluster is gone
  fi
}

read_state() {
  # Sets DATADIR, PORT, BINDIR, URL from "$1/state".
  local dir="$1" key value
  DATADIR="$dir"
  PORT=""
  BINDIR=""
  URL=""
  [ -f "$dir/state" ] || return 0
  while IFS='=' read -r key value; do
    case "$key" in
      PORT) PORT="$value" ;;
      BINDIR) BINDIR="$value" ;;
      URL) URL="$value" ;;
    esac
  done <"$dir/state"
}

stop_dir() {
  local dir="$1"
  read_state "$dir"
  [ -n "$BINDIR" ] || BINDIR="$(find_bindir)"
  if [ -f "$dir/pgdata/postmaster.pid" ] && [ -n "$BINDIR" ]; then
    as_owner "$BINDIR/pg_ctl" stop -D "$dir/pgdata" -m immediate -s >/dev/null 2>&1 || true
  fi
  # Only ever remove what `start` created.
  case "$(basename -- "$dir")" in
    assay-pg-*) [ -f "$dir/$MARKER" ] && rm -rf -- "$dir" ;;
    *) die "refusing to remove $dir: not an assay-pg-* directory" ;;
  esac
  if [ -n "$PORT" ] && [ -f "$STATE_BASE/assay-pg-$PORT.state" ] &&
    [ "$(sed -n 's/^DATADIR=//p' "$STATE_BASE/assay-pg-$PORT.state" | head -n 1)" = "$dir" ]; then
    rm -f -- "$STATE_BASE/assay-pg-$PORT.state"
  fi
}

cmd_start() {
  ensure_bindir
  if is_root; then
    id -u postgres >/dev/null 2>&1 || die "running as root needs the OS user 'postgres' (initdb refuses root); it comes with Debian's postgresql package"
    command -v runuser >/dev/null 2>&1 || die "runuser is missing (package util-linux)"
  fi

  local base="$STATE_BASE" dir
  dir="$(mktemp -d "$base/assay-pg-XXXXXX")"
  dir="$(cd "$dir" && pwd -P)"
  touch "$dir/$MARKER"
  if is_root; then
    chown -R postgres: "$dir"
    # A TMPDIR that postgres cannot reach (e.g. under /root): fall back to /tmp.
    if ! runuser -u postgres -- test -w "$dir"; then
      rm -rf -- "$dir"
      base=/tmp
      dir="$(mktemp -d "$base/assay-pg-XXXXXX")"
      touch "$dir/$MARKER"
      chown -R postgres: "$dir"
    fi
  fi
  chmod 700 "$dir"
  # Cleans up whatever a failed start left behind.
  trap 'rc=$?; if [ "$rc" != 0 ]; then stop_dir "'"$dir"'" >/dev/null 2>&1 || true; fi' EXIT

  if ! as_owner "$BINDIR/initdb" -D "$dir/pgdata" -A trust -U postgres --no-locale -E UTF8 --no-sync >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    die "initdb failed"
  fi
  as_owner mkdir -p "$dir/sock"

  local attempt port="" started=0
  for attempt in 1 2 3 4 5; do
    port="$(free_port)"
    [ -n "$port" ] || die "could not find a free TCP port"
    if as_owner "$BINDIR/pg_ctl" start -w -t 60 -s -D "$dir/pgdata" -l "$dir/postgres.log" \
      -o "-c listen_addresses=127.0.0.1 -p $port -c fsync=off -c synchronous_commit=off -c full_page_writes=off -k $dir/sock" \
      </dev/null >/dev/null 2>&1; then
      started=1
      break
    fi
    # Most likely someone took the port between our probe and the bind: try another.
    as_owner "$BINDIR/pg_ctl" stop -D "$dir/pgdata" -m immediate -s >/dev/null 2>&1 || true
  done
  if [ "$started" != 1 ]; then
    tail -n 30 "$dir/postgres.log" >&2 2>/dev/null || true
    die "postgres did not start (log above, from $dir/postgres.log)"
  fi

  if ! "$BINDIR/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME" </dev/null >"$dir/createdb.log" 2>&1; then
    cat "$dir/createdb.log" >&2
    die "createdb $DB_NAME failed"
  fi

  local url="postgres://postgres@127.0.0.1:$port/$DB_NAME"
  printf 'DATADIR=%s\nPORT=%s\nBINDIR=%s\nURL=%s\n' "$dir" "$port" "$BINDIR" "$url" >"$dir/state"
  cp "$dir/state" "$STATE_BASE/assay-pg-$port.state"
  if [ "${ASSAY_PG_VERBOSE:-0}" = 1 ]; then
    echo "pg-throwaway: cluster in $dir (log: $dir/postgres.log); export ASSAY_PG_DATADIR=$dir" >&2
  fi
  trap - EXIT
  printf '%s\n' "$url"
}

cmd_url() {
  local dir
  dir="$(resolve_dir "${1:-}")"
  [ -n "$dir" ] && [ -d "$dir" ] || die "no running throwaway cluster for '${1:-${ASSAY_PG_DATADIR:-}}'"
  read_state "$dir"
  [ -n "$URL" ] || die "no URL recorded in $dir/state"
  printf '%s\n' "$URL"
}

cmd_stop() {
  local dir
  dir="$(resolve_dir "${1:-}")"
  # Already gone (or never started): stopping is idempotent.
  if [ -z "$dir" ] || [ ! -d "$dir" ]; then
    return 0
  fi
  stop_dir "$dir"
}

[ $# -ge 1 ] || usage
command="$1"
shift
case "$command" in
  start) [ $# -eq 0 ] || usage; cmd_start ;;
  url) [ $# -le 1 ] || usage; cmd_url "$@" ;;
  stop) [ $# -le 1 ] || usage; cmd_stop "$@" ;;
  -h | --help | help) usage ;;
  *) usage ;;
esac
