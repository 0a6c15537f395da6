#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for Detent: Lua 5.4's headers and library
# (liblua5.4-dev), libedit's (libedit-dev: the console's line editing), pkg-config (SwiftPM
# finds both with it), socat and python3 (the daemon protocol tests use them as clients that
# are not Detent), tmux (the console tests type into a real terminal) and lua-busted (busted 2
# with luassert, which Tests/BustedParity compares Detent against). Safe to run repeatedly.
set -euo pipefail

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists lua5.4 && pkg-config --exists libedit && command -v tmux >/dev/null 2>&1 && command -v socat >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1 && command -v busted >/dev/null 2>&1; then
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then as_root=(sudo); else
    echo "setup: packages are missing and this user cannot install them (run as root or install liblua5.4-dev libedit-dev pkg-config socat python3 tmux lua-busted)" >&2
    exit 1
  fi
fi
echo "setup: installing liblua5.4-dev, libedit-dev, pkg-config, socat, python3, tmux and lua-busted" >&2
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq liblua5.4-dev libedit-dev pkg-config socat python3 tmux lua-busted >/dev/null
pkg-config --exists lua5.4 && pkg-config --exists libedit
