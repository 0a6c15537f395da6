#!/usr/bin/env bash
# One spec file of 100,000 trivial tests (`it("passes N", function() end)`, each with its own
# function, as a generator writes them): what declaring and running that many tests in one Lua
# state costs, against its memory cap ([limits] memory_cap_mib = 64). Whole
# `detent run --jobs 1 --no-plugins` processes; prints each run's wall time and peak RSS (GNU
# time's %M: the coordinator's, or the worker's when larger), then the medians of wall time
# and user CPU (what a busy machine moves least) and the largest peak.
#   swift build -c release --product detent && bash scripts/bench/large_file.sh
# DETENT= the binary to measure (default .build/release/detent); TESTS= the number of tests
# (default 100000); RUNS= the number of runs (default 5); BODY= each test's function (default
# `function() end`; `BODY='function() assert.is_true(true) end'` gives each test an assertion).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(dirname "$0")/../.."
DETENT=${DETENT:-.build/release/detent}
TESTS=${TESTS:-100000}
RUNS=${RUNS:-5}
BODY=${BODY:-function() end}
[ -x "$DETENT" ] || { echo "large_file: no executable $DETENT (swift build -c release --product detent)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "large_file: needs GNU time (apt-get install -y time)" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
one_large_file() {
  local file=$1 n=$2 i
  {
    echo 'describe("one file", function()'
    for i in $(seq "$n"); do printf '  it("passes %d", %s)\n' "$i" "$BODY"; done
    echo 'end)'
  } > "$file"
}
one_large_file "$scratch/large_spec.lua" "$TESTS"
walls=(); cpus=(); peaks=()
for run in $(seq "$RUNS"); do
  # Any failure stops the script: every test must pass.
  /usr/bin/time -f "%e %U %M" -o "$scratch/time" "$DETENT" run --jobs 1 --no-plugins "$scratch/large_spec.lua" > "$scratch/out"
  read -r wall cpu peak < <(tail -1 "$scratch/time")
  echo "run $run: $wall s wall, $cpu s user CPU, peak RSS $((peak / 1024)) MiB, $(tail -1 "$scratch/out")"
  walls+=("$wall"); cpus+=("$cpu"); peaks+=("$peak")
done
largest=$(printf '%s\n' "${peaks[@]}" | sort -g | tail -1)
echo "$TESTS tests in one file: median $(median "${walls[@]}") s wall, $(median "${cpus[@]}") s user CPU, largest peak RSS $((largest / 1024)) MiB"
