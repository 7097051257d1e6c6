#!/usr/bin/env bash
# The native languages' Debian packages, for scripts/test.sh (CI installs them) and scripts/up.sh (says which
# languages this machine runs; `--with-languages` installs the rest). The list is scripts/native-languages.list,
# generated from the sandbox's registry (packages/sandbox/src/native/native-toolchains.ts) by
# `node scripts/write-native-languages.mjs`; a test fails when they differ (decision 1312).
#
#   source scripts/native-languages.sh
#   assay_native_missing_packages   # the packages this machine lacks, one line, space-separated
#   assay_native_languages_line     # one line: the languages this machine runs and how to add the rest

# name:path[,path...]:package[ package...] (the files a toolchain needs: its commands, a module it loads), one a line
mapfile -t ASSAY_NATIVE_LANGUAGES <"$(dirname -- "${BASH_SOURCE[0]}")/native-languages.list"
ASSAY_JAIL_PACKAGE="bubblewrap"
ASSAY_JAIL_COMMAND="/usr/bin/bwrap"

# Languages whose commands are all present (their names, space-separated).
assay_native_present() {
  local entry language commands present=()
  for entry in "${ASSAY_NATIVE_LANGUAGES[@]}"; do
    IFS=: read -r language commands _ <<<"$entry"
    local ok=1 command
    for command in ${commands//,/ }; do [ -e "$command" ] || ok=0; done
    [ "$ok" = 1 ] && present+=("$language")
  done
  echo "${present[*]}"
}

assay_native_missing_packages() {
  local entry commands packages missing=()
  [ -x "$ASSAY_JAIL_COMMAND" ] || missing+=("$ASSAY_JAIL_PACKAGE")
  for entry in "${ASSAY_NATIVE_LANGUAGES[@]}"; do
    IFS=: read -r _ commands packages <<<"$entry"
    local command
    for command in ${commands//,/ }; do
      if [ ! -e "$command" ]; then
        missing+=($packages)
        break
      fi
    done
  done
  # Languages share packages (binutils): each once, in the order first named.
  local package seen=" " unique=()
  for package in "${missing[@]}"; do
    [[ "$seen" == *" $package "* ]] || unique+=("$package")
    seen+="$package "
  done
  echo "${unique[*]}"
}

# Whether a jail can be made here as the server makes it: as root it first drops to an ordinary uid, so
# unprivileged user namespaces must be allowed.
assay_native_jail_works() {
  [ -x "$ASSAY_JAIL_COMMAND" ] || return 1
  local as_user=()
  if [ "$(id -u)" = 0 ] && [ -x /usr/bin/setpriv ]; then as_user=(/usr/bin/setpriv --reuid 65534 --regid 65534 --clear-groups); fi
  "${as_user[@]}" "$ASSAY_JAIL_COMMAND" --ro-bind /usr /usr --symlink usr/lib64 /lib64 --symlink usr/lib /lib \
    --unshare-all --unshare-user --die-with-parent /usr/bin/true >/dev/null 2>&1
}

# apt-get install of what is missing (as root; creates the man directory slim images lack, which the JDK's
# alternatives need). Returns apt-get's status; its output goes to the caller's stdout.
assay_native_install() {
  local missing
  missing="$(assay_native_missing_packages)"
  [ -z "$missing" ] && return 0
  mkdir -p /usr/share/man/man1
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
}

assay_native_languages_line() {
  local present missing sudo=""
  present="$(assay_native_present)"
  missing="$(assay_native_missing_packages)"
  [ "$(id -u)" = 0 ] || sudo="sudo "
  local how="bash scripts/up.sh --with-languages (or: ${sudo}apt-get install -y --no-install-recommends $missing)"
  if [ "${ASSAY_NATIVE_JAIL:-}" = off ]; then
    echo "Languages: JavaScript, TypeScript, Python and SQL; native languages turned off (ASSAY_NATIVE_JAIL=off)"
  elif ! assay_native_jail_works; then
    if [ ! -x "$ASSAY_JAIL_COMMAND" ]; then
      echo "Languages: JavaScript, TypeScript, Python and SQL; no native language (no bubblewrap jail) — add them: $how"
    else
      echo "Languages: JavaScript, TypeScript, Python and SQL; no native language (this host cannot make user namespaces for the jail: allow them, e.g. sysctl -w kernel.unprivileged_userns_clone=1, see docs/languages.md)"
    fi
  elif [ -z "$missing" ]; then
    echo "Languages: JavaScript, TypeScript, Python, SQL and, jailed, ${present// /, } (every language Assay offers)"
  else
    echo "Languages: JavaScript, TypeScript, Python, SQL${present:+ and, jailed, ${present// /, }}; to add the rest: $how"
  fi
}
