#!/usr/bin/env bash
# The cost of a spec file before its first test, as whole processes (issue 16 §3): N trivial
# spec files of one test each against one file of N such tests, both under
# `detent run --jobs 1 --no-plugins`, in paired runs (default 7). The per-file cost is
# (T_files − T_one) / N; prints each median and the median of the paired differences.
#   swift build -c release --product detent && bash scripts/bench/per_file_cost.sh
# DETENT= another binary (say, a build of an earlier commit) to measure it the same way;
# FILES= the number of files (default 200); RUNS= the number of paired runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
DETENT=${DETENT:-.build/release/detent}
FILES=${FILES:-200}
RUNS=${RUNS:-7}
[ -x "$DETENT" ] || { echo "per_file_cost: no executable $DETENT (swift build -c release --product detent)" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/many" "$scratch/one"
{
  echo 'describe("one file", function()'
  for i in $(seq "$FILES"); do
    printf 'describe("f%d", function()\n' "$i" > "$scratch/many/f${i}_spec.lua"
    printf '  it("passes", function() assert.is_true(true) end)\nend)\n' >> "$scratch/many/f${i}_spec.lua"
    printf '  it("passes %d", function() assert.is_true(true) end)\n' "$i"
  done
  echo 'end)'
} > "$scratch/one/all_spec.lua"
# microseconds of one run; a failing run stops the script
micros() { local s e; s=$(date +%s%N); "$@" >/dev/null || return 1; e=$(date +%s%N); echo $(( (e - s) / 1000 )); }
files=(); one=(); diffs=()
for _ in $(seq "$RUNS"); do
  f=$(micros "$DETENT" run --jobs 1 --no-plugins "$scratch/many")
  o=$(micros "$DETENT" run --jobs 1 --no-plugins "$scratch/one")
  files+=("$f"); one+=("$o"); diffs+=("$(( f - o ))")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
mf=$(median "${files[@]}"); mo=$(median "${one[@]}"); md=$(median "${diffs[@]}")
awk -v f="$mf" -v o="$mo" -v d="$md" -v n="$FILES" 'BEGIN {
  printf "%d files of one test      %.3f s\n", n, f / 1e6
  printf "one file of %d tests      %.3f s\n", n, o / 1e6
  printf "per-file cost              %.0f µs  (median of paired (T_files - T_one) / %d)\n", d / n, n }'
