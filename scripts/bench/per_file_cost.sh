#!/usr/bin/env bash
# The cost of a spec file before its first test, as whole processes (issue 16 §3): N trivial
# spec files of one test each against one file of N such tests, both under
# `detent run --jobs 1 --no-plugins`, in paired runs (default 7). The per-file cost is
# (T_files − T_one) / N; prints each median and the median of the paired differences.
#   swift build -c release --product detent && bash scripts/bench/per_file_cost.sh
# DETENT= the binary to measure (default .build/release/detent); BASELINE= a second binary
# (say, a build of an earlier commit) measured in the same rounds, interleaved, for a ratio;
# FILES= the number of files (default 200); RUNS= the number of paired runs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$(dirname "$0")/../.."
DETENT=${DETENT:-.build/release/detent}
BASELINE=${BASELINE:-}
FILES=${FILES:-200}
RUNS=${RUNS:-7}
for binary in "$DETENT" $BASELINE; do
  [ -x "$binary" ] || { echo "per_file_cost: no executable $binary (swift build -c release --product detent)" >&2; exit 1; }
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
trivial_specs "$scratch" "$FILES"
# microseconds of one run; a failing run stops the script
micros() { local s e; s=$(date +%s%N); "$@" >/dev/null || return 1; e=$(date +%s%N); echo $(( (e - s) / 1000 )); }
files=(); one=(); diffs=(); base_files=(); base_one=(); base_diffs=()
for _ in $(seq "$RUNS"); do
  f=$(micros "$DETENT" run --jobs 1 --no-plugins "$scratch/many")
  o=$(micros "$DETENT" run --jobs 1 --no-plugins "$scratch/one")
  files+=("$f"); one+=("$o"); diffs+=("$(( f - o ))")
  if [ -n "$BASELINE" ]; then
    f=$(micros "$BASELINE" run --jobs 1 --no-plugins "$scratch/many")
    o=$(micros "$BASELINE" run --jobs 1 --no-plugins "$scratch/one")
    base_files+=("$f"); base_one+=("$o"); base_diffs+=("$(( f - o ))")
  fi
done
report() {  # label, median files, median one, median difference
  awk -v label="$1" -v f="$2" -v o="$3" -v d="$4" -v n="$FILES" 'BEGIN {
    printf "%s\n  %d files of one test      %.3f s\n", label, n, f / 1e6
    printf "  one file of %d tests      %.3f s\n", n, o / 1e6
    printf "  per-file cost              %.0f µs  (median of paired (T_files - T_one) / %d)\n", d / n, n }'
}
report "$DETENT" "$(median "${files[@]}")" "$(median "${one[@]}")" "$(median "${diffs[@]}")"
if [ -n "$BASELINE" ]; then
  report "$BASELINE" "$(median "${base_files[@]}")" "$(median "${base_one[@]}")" "$(median "${base_diffs[@]}")"
  awk -v a="$(median "${diffs[@]}")" -v b="$(median "${base_diffs[@]}")" 'BEGIN { printf "per-file cost, baseline / measured: %.1fx\n", b / a }'
fi
