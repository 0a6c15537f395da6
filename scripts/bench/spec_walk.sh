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
# Prints each run, then per binary and workload the medians of wall time, CPU time and (from
# inside) the sum of the tests' durations in the run's JSON report, and the medians of the
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
declare -A wall cpu inside
for round in $(seq 1 "$rounds"); do
  for workload in suite tests globals; do
    case $workload in
      suite) args=(scripts/scenarios) ;;
      tests) args=("$work/tests_spec.lua") ;;
      globals) args=("$work/globals_spec.lua") ;;
    esac
    for which in old new; do
      binary=${!which}
      # Exit 1 (failed tests) is timed: e3a016f fails the three scenarios rewritten for busted's
      # rules (finally, insulate, busted forms), which still run. Anything else stops the script.
      status=0
      /usr/bin/time -f "%e %U" -o "$work/time" "$binary" run --report "$work/report.json" "${args[@]}" > /dev/null 2>&1 || status=$?
      if [ "$status" -gt 1 ]; then echo "$binary run ${args[*]}: exit $status" >&2; exit 1; fi
      line=$(tail -1 "$work/time")
      tests=$(python3 -c 'import json, sys; print("%.4f" % sum(t["duration"] for t in json.load(open(sys.argv[1]))["tests"]))' "$work/report.json")
      echo "round $round $workload $which: $line s, tests $tests s"
      wall[$workload.$which]+="${line%% *} "
      cpu[$workload.$which]+="${line##* } "
      inside[$workload.$which]+="$tests "
    done
  done
done
for workload in suite tests globals; do
  ow=(${wall[$workload.old]}) nw=(${wall[$workload.new]}) oc=(${cpu[$workload.old]}) nc=(${cpu[$workload.new]})
  oi=(${inside[$workload.old]}) ni=(${inside[$workload.new]})
  ratios=() cratios=() iratios=()
  for i in "${!ow[@]}"; do
    ratios+=("$(awk -v a="${nw[$i]}" -v b="${ow[$i]}" 'BEGIN { printf "%.3f", a / b }')")
    cratios+=("$(awk -v a="${nc[$i]}" -v b="${oc[$i]}" 'BEGIN { printf "%.3f", a / b }')")
    iratios+=("$(awk -v a="${ni[$i]}" -v b="${oi[$i]}" 'BEGIN { printf "%.3f", a / b }')")
  done
  echo "$workload: old $(median "${ow[@]}") s wall $(median "${oc[@]}") s cpu $(median "${oi[@]}") s tests;" \
       "new $(median "${nw[@]}") s wall $(median "${nc[@]}") s cpu $(median "${ni[@]}") s tests;" \
       "new/old $(median "${ratios[@]}")x wall $(median "${cratios[@]}")x cpu $(median "${iratios[@]}")x tests"
done
