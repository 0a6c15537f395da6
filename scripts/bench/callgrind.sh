#!/usr/bin/env bash
# Instruction counts behind BENCHMARKS.md (valgrind's callgrind: repeatable on a noisy machine).
#   swift build -c release --product detent && bash scripts/bench/callgrind.sh WHAT [BINARY]
# WHAT is one of
#   startup    instructions of `detent run --no-plugins` on scripts/bench/startup_spec.lua
#   version    instructions of `detent --version` (loading, the runtime and argument parsing)
#   reads      instructions of one `drawer.origin` read in a Lua loop (runs of 300,000 and
#              600,000 reads; the difference over 300,000), and how many of them are liblua's
#   animators  the top functions of 12,000 frames of 100 `sheet`-curve timing animators, with
#              instructions per animator per frame
#   ticks      instructions per frame of the busy world (scripts/bench/scenario_ticks.lua, one
#              test of 13 virtual minutes and one of 3; the difference over 36,000 frames);
#              with TOP=N, also the N functions with the most instructions a frame, callees
#              included (the worker's profiles, the same difference)
#   files      instructions a spec file costs of its own (issue 29 §6): 200 files of one passing
#              test against one file of 200 such tests (scripts/bench/lib.sh's trivial_specs),
#              the difference over 200, for the coordinator and the worker apart; with TOP=N,
#              also the worker's N functions with the most instructions a file, callees included
# BINARY defaults to .build/release/detent. valgrind 3.19 cannot read Swift's debug info, so
# the binary is copied with it stripped, into a folder of its own. A run that fails under
# valgrind stops the script: its count would be of a crash. KEEP=1 leaves the profiles in the
# temporary folder (named on the script's last line) for callgrind_annotate.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need valgrind valgrind
need callgrind_annotate valgrind
# A crash under valgrind should fail the script at once: Swift's backtracer cannot attach there
# and waits for its time-out.
export SWIFT_BACKTRACE=enable=no
cd "$(dirname "$0")/../.."
what=${1:?startup, version, reads, animators, ticks or files}
binary=${2:-.build/release/detent}
work=$(mktemp -d)
trap 'if [ -n "${KEEP:-}" ]; then echo "profiles kept in $work"; else rm -rf "$work"; fi' EXIT
cp "$binary" "$work/detent" && strip --strip-debug "$work/detent"
# refs NAME ARGUMENT... — the instructions of `detent ARGUMENT...`, its worker processes
# included (`detent run` runs spec files in `detent __worker`): the profiles in NAME.PID.out
refs() {
  local name=$1 log; shift
  log=$(valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$work/$name.%p.out" "$work/detent" "$@" 2>&1 >/dev/null) ||
    { echo "callgrind.sh: detent $* failed under valgrind:" >&2; grep -v '^==' <<<"$log" >&2; exit 1; }
  awk '/refs:/ { gsub(",", "", $NF); s += $NF } END { print s }' <<<"$log"
}
liblua() {
  local f s=0
  for f in "$work/$1".*.out; do
    s=$((s + $(callgrind_annotate "$f" | awk '/liblua5.4/ { gsub(",", "", $1); s += $1 } END { print s + 0 }')))
  done
  echo "$s"
}
# A profile's instructions: its `summary:` line, the first count written, which a worker stopped
# while its profile was written (its coordinator's grace is short) still has.
total() { awk '/^summary:/ { print $2 }' "$1"; }
# The profile with the most instructions of those given (a run's worker), and the one with the
# fewest (its coordinator).
largest() { for f in "$@"; do echo "$(total "$f") $f"; done | sort -n | tail -1 | cut -d' ' -f2; }
smallest() { for f in "$@"; do echo "$(total "$f") $f"; done | sort -n | head -1 | cut -d' ' -f2; }
# "  1,234 ( 5.67%)  file:function [object]" → "1234<TAB>file:function"
inclusive() {
  callgrind_annotate --inclusive=yes --threshold=100 "$1" | awk 'match($0, /^ *[0-9,]+ +\( *[0-9.]+%\) +/) {
    split(substr($0, 1, RLENGTH), head, " "); n = head[1]; gsub(",", "", n)
    name = substr($0, RLENGTH + 1); sub(/ \[.*$/, "", name)
    if (name != "PROGRAM TOTALS") print n "\t" name }'
}
demangle() { if command -v swift > /dev/null; then swift demangle --simplified; else cat; fi; }
# top_difference BEFORE AFTER N — the TOP functions whose inclusive count grew most from profile
# BEFORE to profile AFTER, over N (per frame, per file)
top_difference() {
  inclusive "$1" > "$work/before.incl"; inclusive "$2" > "$work/after.incl"
  awk -F'\t' -v n="$3" 'NR == FNR { before[$2] += $1; next } { after[$2] += $1 } END { for (f in after) printf "%8.0f  %s\n", (after[f] - before[f]) / n, f }' \
    "$work/before.incl" "$work/after.incl" | sort -rn | head -"$TOP" | demangle
}
case "$what" in
  startup)
    n=$(refs startup run --no-plugins scripts/bench/startup_spec.lua)
    echo "detent run, one empty test: $n instructions" ;;
  version)
    n=$(refs version --version)
    echo "detent --version: $n instructions" ;;
  reads)
    for n in 300000 600000; do
      printf 'describe("r", function() it("reads", function()\n  local d = world:drawer{ anchors = { "top", "bottom" } }\n  local v\n  for i = 1, %d do v = d.origin end\nend) end)\n' "$n" > "$work/reads_$n.lua"
    done
    a=$(refs r300 run --no-plugins "$work/reads_300000.lua"); b=$(refs r600 run --no-plugins "$work/reads_600000.lua")
    la=$(liblua r300); lb=$(liblua r600)
    echo "one drawer.origin read (with its loop step): $(( (b - a) / 300000 )) instructions, $(( (lb - la) / 300000 )) of them in liblua" ;;
  animators)
    printf 'describe("a", function() it("steps", function()\n  local as = {}\n  for i = 1, 100 do as[i] = world:animate{ from = 0, to = 1000, duration = 1e6, curve = "sheet" } end\n  trace{ as[1].name .. ".value", as[100].name .. ".velocity" }\n  wait(200)\nend) end)\n' > "$work/animators.lua"
    n=$(refs animators run --no-plugins "$work/animators.lua")
    echo "total: $n instructions; per animator per frame (1,200,000 steps):"
    callgrind_annotate "$(ls -S "$work"/animators.*.out | head -1)" | grep -E "DetentMotion|AnimatorEngine" | head -6 |
      awk '{ n = $1; gsub(",", "", n); for (i = 2; i <= NF; i++) if ($i ~ /^\?\?\?:/) name = substr($i, 5); printf "%6.0f  %s\n", n / 1200000, name }' ;;
  ticks)
    for m in 3 13; do
      sed "s/^local MINUTES = .*/local MINUTES = $m/; s/for n = 1, 6 do/for n = 1, 1 do/" scripts/bench/scenario_ticks.lua > "$work/ticks_$m.lua"
    done
    a=$(refs t3 run --jobs 1 --no-plugins "$work/ticks_3.lua"); b=$(refs t13 run --jobs 1 --no-plugins "$work/ticks_13.lua")
    echo "busy world: $(( (b - a) / 36000 )) instructions a frame (13 - 3 virtual minutes at 60 Hz)"
    if [ "${TOP:-0}" -gt 0 ]; then
      # The worker's profile is the one with the most instructions; each function's inclusive
      # count, 13-minute run minus 3-minute run, over the 36,000 frames between them.
      echo "instructions a frame, callees included (top $TOP):"
      top_difference "$(largest "$work"/t3.*.out)" "$(largest "$work"/t13.*.out)" 36000
    fi ;;
  files)
    trivial_specs "$work/specs" 200
    refs many run --jobs 1 --no-plugins "$work/specs/many" > /dev/null; refs one run --jobs 1 --no-plugins "$work/specs/one" > /dev/null
    for side in largest smallest; do
      a=$(total "$($side "$work"/one.*.out)"); b=$(total "$($side "$work"/many.*.out)")
      echo "a spec file's own instructions, $([ $side = largest ] && echo worker || echo coordinator): $(( (b - a) / 200 ))"
    done
    if [ "${TOP:-0}" -gt 0 ]; then
      echo "the worker's instructions a file, callees included (top $TOP):"
      top_difference "$(largest "$work"/one.*.out)" "$(largest "$work"/many.*.out)" 200
    fi ;;
  *) echo "unknown: $what (startup, version, reads, animators, ticks or files)" >&2; exit 2 ;;
esac
