#!/usr/bin/env bash
# Pure Lua work under `detent run` against plain `lua5.4` (Debian's lua5.4 package), as whole
# processes: RUNS paired runs (default 7) of scripts/bench/pure_lua.lua under lua5.4, under
# detent run with the default instruction_counting = "watchdog", and with "exact" (a copy of config/
# with that one key changed). Prints each median and its ratio to lua5.4, and the median of
# the per-pair ratios (each detent run over the lua5.4 run just before it: steadier than the
# ratio of medians on a machine whose speed drifts during the loop).
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
# microseconds of one run; a failing run stops the script (its time would be of an error)
seconds() {
  local s e; s=$(date +%s%N)
  "$@" >/dev/null || { echo "pure_lua_vs_lua54: failed: $*" >&2; return 1; }
  e=$(date +%s%N); echo $(( (e - s) / 1000 ))
}
lua=(); watchdog=(); counted=(); pair_w=(); pair_e=()
for _ in $(seq "$RUNS"); do
  l=$(seconds lua5.4 "$SCRIPT"); lua+=("$l")
  w=$(seconds "$DETENT" run --no-plugins "$SCRIPT"); watchdog+=("$w")
  e=$(seconds "$DETENT" run --no-plugins --config "$exact/config" "$SCRIPT"); counted+=("$e")
  pair_w+=("$(awk -v a="$w" -v b="$l" 'BEGIN { print a / b }')")
  pair_e+=("$(awk -v a="$e" -v b="$l" 'BEGIN { print a / b }')")
done
ml=$(median "${lua[@]}"); mw=$(median "${watchdog[@]}"); me=$(median "${counted[@]}")
pw=$(median "${pair_w[@]}"); pe=$(median "${pair_e[@]}")
awk -v l="$ml" -v w="$mw" -v e="$me" -v pw="$pw" -v pe="$pe" 'BEGIN {
  printf "                               median   ratio  paired ratio\n"
  printf "lua5.4                         %.3f s\n", l / 1e6
  printf "detent run (watchdog, default) %.3f s  %.2fx  %.2fx\n", w / 1e6, w / l, pw
  printf "detent run (exact counting)    %.3f s  %.2fx  %.2fx\n", e / 1e6, e / l, pe }'
