#!/usr/bin/env bash
# Start-up of `detent run --no-plugins` on a one-test spec (scripts/bench/startup_spec.lua), as
# whole processes: ROUNDS rounds (default 9), each timing 10 runs in a row of every binary
# given (default .build/release/detent), the binaries alternating; prints each binary's median
# over the rounds of the mean wall time of one run, in ms, and plain lua5.4 on an empty
# script for scale.
#   swift build -c release --product detent && bash scripts/bench/startup.sh [BINARY...]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need lua5.4 lua5.4
cd "$(dirname "$0")/../.."
SPEC=scripts/bench/startup_spec.lua
ROUNDS=${ROUNDS:-9}
binaries=("$@")
[ ${#binaries[@]} -eq 0 ] && binaries=(.build/release/detent)
# mean milliseconds of one run over 10 in a row; a failing run stops the script
ten() { local s e; s=$(date +%s%N); for _ in 1 2 3 4 5 6 7 8 9 10; do "$@" >/dev/null || return 1; done; e=$(date +%s%N); awk -v ns=$((e - s)) 'BEGIN { printf "%.2f\n", ns / 1e7 }'; }
declare -A means
for ((i = 1; i <= ROUNDS; i++)); do
  for b in "${binaries[@]}"; do means[$b]+="$(ten "$b" run --no-plugins "$SPEC") "; done
  means[lua5.4]+="$(ten lua5.4 -e '') "
done
for b in "${binaries[@]}" lua5.4; do
  echo "$b: $(median ${means[$b]}) ms (median of $ROUNDS rounds of 10 runs)"
done
