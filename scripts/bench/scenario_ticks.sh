#!/usr/bin/env bash
# Ticks per second of issue 16's user-written scenario (scripts/bench/scenario_ticks.lua: a
# navigation stack pushing and popping every 0.4 s beside a springing drawer, two properties
# traced), timed as a whole `detent run` process: frames stepped (the sum the spec prints) /
# wall seconds. With several binaries (say one built from main and one from a branch) the runs
# alternate — a, b, a, b, ... — so that a noisy neighbour weighs on each alike; prints every
# run and each binary's median.
#
#   swift build -c release --product detent && bash scripts/bench/scenario_ticks.sh [BINARY...]
#   RUNS=7 bash scripts/bench/scenario_ticks.sh /tmp/detent-before .build/release/detent
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(dirname "$0")/../.."
SCRIPT=scripts/bench/scenario_ticks.lua
RUNS=${RUNS:-5}
binaries=("$@")
[ ${#binaries[@]} -eq 0 ] && binaries=("${DETENT:-.build/release/detent}")
for b in "${binaries[@]}"; do [ -x "$b" ] || { echo "no executable $b: run swift build -c release --product detent first" >&2; exit 2; }; done
out=$(mktemp)
trap 'rm -f "$out"' EXIT

declare -A rates
echo "| run | binary | frames stepped | wall s | ticks/s |"
echo "|---|---|---:|---:|---:|"
for ((i = 1; i <= RUNS; i++)); do
  for b in "${binaries[@]}"; do
    start=$(date +%s%N)
    "$b" run --jobs 1 --no-plugins --config config "$SCRIPT" > "$out" || { cat "$out" >&2; echo "the scenario failed under $b" >&2; exit 1; }
    end=$(date +%s%N)
    frames=$(grep -o 'frames stepped: [0-9]*' "$out" | awk '{ s += $3 } END { print s + 0 }')
    [ "$frames" -gt 0 ] || { echo "the scenario printed no frame counts" >&2; exit 1; }
    read -r wall rate < <(awk -v f="$frames" -v ns=$((end - start)) 'BEGIN { printf "%.3f %.0f\n", ns / 1e9, f / (ns / 1e9) }')
    rates[$b]+="$rate "
    echo "| $i | $b | $frames | $wall | $rate |"
  done
done
echo
for b in "${binaries[@]}"; do
  echo "median ticks/s, $b: $(median ${rates[$b]})"
done
