#!/usr/bin/env bash
# What running spec files as busted runs them costs (issue 27 §3: the walk over describe
# blocks, one step per block, and the spec chunk's globals read through busted's
# environments): two `detent` binaries side by side, alternating, whole-process wall time and
# user CPU, on three workloads:
#   suite    the bundled scenarios (scripts/scenarios)
#   tests    one file of 20,000 empty tests in 200 describe blocks (the walk itself)
#   globals  one test that reads globals 5 M times (math.floor, a global table, assert)
#
#   scripts/bench/spec_walk.sh OLD_DETENT NEW_DETENT [ROUNDS]   (default 5 rounds)
#
# Prints each run, then the median wall and CPU per binary and workload and the median of the
# paired new/old ratios.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/bench/lib.sh
old=$1 new=$2 rounds=${3:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  for b in $(seq 1 200); do
    echo "describe('block $b', function()"
    for t in $(seq 1 100); do echo "  it('test $t', function() end)"; done
    echo "end)"
  done
} > "$work/tests_spec.lua"
cat > "$work/globals_spec.lua" <<'LUA'
counter = { n = 0 }
it("reads globals", function()
  for i = 1, 5000000 do counter.n = math.floor(counter.n + i * 0.5) end
  assert.is_true(counter.n > 0)
end)
LUA
declare -A wall cpu
for round in $(seq 1 "$rounds"); do
  for workload in suite tests globals; do
    case $workload in
      suite) args=(scripts/scenarios) ;;
      tests) args=("$work/tests_spec.lua") ;;
      globals) args=("$work/globals_spec.lua") ;;
    esac
    for which in old new; do
      binary=${!which}
      /usr/bin/time -f "%e %U" -o "$work/time" "$binary" run "${args[@]}" > /dev/null 2>&1 || true
      line=$(tail -1 "$work/time")
      echo "round $round $workload $which: $line s"
      wall[$workload.$which]+="${line%% *} "
      cpu[$workload.$which]+="${line##* } "
    done
  done
done
for workload in suite tests globals; do
  ow=(${wall[$workload.old]}) nw=(${wall[$workload.new]}) oc=(${cpu[$workload.old]}) nc=(${cpu[$workload.new]})
  ratios=() cratios=()
  for i in "${!ow[@]}"; do
    ratios+=("$(awk -v a="${nw[$i]}" -v b="${ow[$i]}" 'BEGIN { printf "%.3f", a / b }')")
    cratios+=("$(awk -v a="${nc[$i]}" -v b="${oc[$i]}" 'BEGIN { printf "%.3f", a / b }')")
  done
  echo "$workload: old $(median "${ow[@]}") s wall $(median "${oc[@]}") s cpu; new $(median "${nw[@]}") s wall $(median "${nc[@]}") s cpu; new/old $(median "${ratios[@]}")x wall $(median "${cratios[@]}")x cpu"
done
