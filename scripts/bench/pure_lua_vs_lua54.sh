#!/usr/bin/env bash
# Pure Lua work under `detent run` against plain `lua5.4` (Debian's lua5.4 package), as whole
# processes: RUNS paired runs (default 7) of scripts/bench/pure_lua.lua under lua5.4, under
# detent run with the default instruction_counting = "watchdog", and with "exact" (a copy of config/
# with that one key changed). Prints each median and its ratio to lua5.4.
#   swift build -c release --product detent && bash scripts/bench/pure_lua_vs_lua54.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need lua5.4 lua5.4
cd "$(dirname "$0")/../.."
DETENT=${DETENT:-.build/release/detent}
SCRIPT=scripts/bench/pure_lua.lua
RUNS=${RUNS:-7}
exact=$(mktemp -d)
trap 'rm -rf "$exact"' EXIT
cp -r config "$exact/config"
sed -i 's/^instruction_counting = .*/instruction_counting = "exact"/' "$exact/config/runner.toml"
grep -q '^instruction_counting = "exact"' "$exact/config/runner.toml"
seconds() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000 )); }
lua=(); watchdog=(); counted=()
for _ in $(seq "$RUNS"); do
  lua+=("$(seconds lua5.4 "$SCRIPT")")
  watchdog+=("$(seconds "$DETENT" run --no-plugins "$SCRIPT")")
  counted+=("$(seconds "$DETENT" run --no-plugins --config "$exact/config" "$SCRIPT")")
done
ml=$(median "${lua[@]}"); mw=$(median "${watchdog[@]}"); me=$(median "${counted[@]}")
awk -v l="$ml" -v w="$mw" -v e="$me" 'BEGIN {
  printf "lua5.4                        %.3f s\n", l / 1e6
  printf "detent run (watchdog, default) %.3f s  %.2fx\n", w / 1e6, w / l
  printf "detent run (exact counting)    %.3f s  %.2fx\n", e / 1e6, e / l }'
