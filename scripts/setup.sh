#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for Detent: Lua 5.4's headers and library
# (liblua5.4-dev), libedit's (libedit-dev: the console's line editing), pkg-config (SwiftPM
# finds both with it), the static archives of libedit's own libraries (libncurses-dev's
# libtinfo, libbsd-dev, libmd-dev: scripts/install.sh links them into the release binary with
# Lua's and libedit's; libedit-dev pulls them in today, named here so that stays so), socat and
# python3 (the daemon protocol tests use them as clients that are not Detent), tmux (the console
# tests type into a real terminal), lua-busted (busted 2 with luassert, which Tests/BustedParity
# compares Detent against), libxml2-utils (xmllint validates the JUnit report), chromium and
# chromium-driver (the HTML trace replay is tested in a real browser), lcov (genhtml and lcov
# read the LCOV file `detent run --coverage` writes), gcc (the hostile-spec tests build a native
# Lua module with cc that crashes, loops and floods, to show no worker outlives it). Then a Python virtual
# environment in .build/python with the pinned packages of Tests/python/requirements.txt
# (junitparser, tap.py, selenium). Safe to run repeatedly: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(liblua5.4-dev libedit-dev libncurses-dev libbsd-dev libmd-dev pkg-config socat python3 python3-venv tmux lua-busted libxml2-utils chromium chromium-driver lcov gcc)
# static_archives DIR NAME... — whether every NAME is a file in DIR.
static_archives() {
  local dir=$1 name; shift
  for name in "$@"; do [ -f "$dir/$name" ] || return 1; done
}
have_all() {
  command -v pkg-config >/dev/null 2>&1 && pkg-config --exists lua5.4 && pkg-config --exists libedit &&
    static_archives "$(pkg-config --variable=libdir lua5.4)" liblua5.4.a libedit.a libtinfo.a libbsd.a libmd.a &&
    command -v tmux >/dev/null 2>&1 && command -v socat >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1 &&
    command -v busted >/dev/null 2>&1 && command -v xmllint >/dev/null 2>&1 &&
    command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 && command -v genhtml >/dev/null 2>&1 &&
    command -v cc >/dev/null 2>&1
}

if ! have_all; then
  as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then as_root=(sudo); else
      echo "setup: packages are missing and this user cannot install them (run as root or install ${packages[*]})" >&2
      exit 1
    fi
  fi
  echo "setup: installing ${packages[*]}" >&2
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null
  have_all
fi

# The Python consumers, pinned, in a virtual environment of the checkout's own.
venv=.build/python
requirements=Tests/python/requirements.txt
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$venv/requirements.installed"; then
  echo "setup: installing the pinned Python packages of $requirements into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/requirements.installed"
fi
