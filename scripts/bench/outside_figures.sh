#!/usr/bin/env bash
# Issue 29 §6's four figures as the bars measure them: whole `detent run` processes of generated
# specs, the minimum of RUNS runs (default 3), every binary given measured in the same rounds,
# interleaved (a, b, a, b, ...), so that a noisy neighbour weighs on each alike.
#
#   reads     an engine property read against a Lua table field read: specs looping READS
#             times (default 20 M) over `v = d.origin` (a drawer), `v = t.origin` (a table) and
#             `v = i` (the loop alone); a read costs (T − T_loop) / READS, and the ratio is the
#             property's over the table's. Twice: with `d`, `t` and `v` upvalues of the loop, as
#             `detent bench --only bridge` has them (the issue's figures), and with all three
#             locals of the test (a register read of a table is a single VM instruction).
#   ticks     the busy world: scripts/bench/scenario_ticks.lua (a navigation stack pushing and
#             popping beside a springing drawer, two properties traced), frames / wall seconds.
#   files     a spec file's own cost: FILES (default 200) files of one test against one file of
#             FILES tests, (T_files − T_one) / FILES, with FILE_JOBS workers (default 1; `detent
#             run` without --jobs has one per core).
#   lua       pure Lua work: scripts/bench/pure_lua.lua under `detent run` over `lua5.4`.
#
#   swift build -c release --product detent && bash scripts/bench/outside_figures.sh [BINARY...]
#   RUNS=5 ONLY=reads,ticks bash scripts/bench/outside_figures.sh .build/bench-before/detent .build/release/detent
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
need lua5.4 lua5.4
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-3}
READS=${READS:-20000000}
FILES=${FILES:-200}
FILE_JOBS=${FILE_JOBS:-1}
ONLY=${ONLY:-reads,ticks,files,lua}
binaries=("$@")
[ ${#binaries[@]} -eq 0 ] && binaries=("${DETENT:-.build/release/detent}")
for b in "${binaries[@]}"; do [ -x "$b" ] || { echo "outside_figures: no executable $b (swift build -c release --product detent)" >&2; exit 2; }; done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# microseconds of one run (its output in $scratch/out); a failing run stops the script
micros() {
  local s e; s=$(date +%s%N)
  "$@" > "$scratch/out" 2>&1 || { cat "$scratch/out" >&2; echo "outside_figures: failed: $*" >&2; exit 1; }
  e=$(date +%s%N); echo $(( (e - s) / 1000 ))
}
wants() { [[ ",$ONLY," == *",$1,"* ]]; }

reads_spec() {  # NAME SETUP BODY: `t`, `d` and `v` upvalues of the test (the file's locals), or its locals
  printf 'local t, d, v\ndescribe("reads", function() it("%s", function()\n  %s\n  for i = 1, %d do %s end\nend) end)\n' \
    "$1" "$2" "$READS" "$3" > "$scratch/reads_up_$1.lua"
  printf 'describe("reads", function() it("%s", function()\n  local t, d, v\n  %s\n  for i = 1, %d do %s end\nend) end)\n' \
    "$1" "$2" "$READS" "$3" > "$scratch/reads_local_$1.lua"
}
reads_spec loop 't = { origin = 1.5 }' 'v = i'
reads_spec table 't = { origin = 1.5 }' 'v = t.origin'
reads_spec property 'd = world:drawer{ anchors = { "top", "bottom" } }' 'v = d.origin'

trivial_specs "$scratch" "$FILES"

declare -A t
# run KEY MICROS: records a run (micros' own exit does not stop the script from a substitution)
run() { [[ "$2" =~ ^[0-9]+$ ]] || { echo "outside_figures: a run failed ($1)" >&2; exit 1; }; t[$1]+="$2 "; }
for ((r = 1; r <= RUNS; r++)); do
  if wants lua; then run lua "$(micros lua5.4 scripts/bench/pure_lua.lua)"; fi
  for b in "${binaries[@]}"; do
    if wants reads; then
      for form in up local; do
        for what in loop table property; do run "$b reads $form $what" "$(micros "$b" run --jobs 1 --no-plugins "$scratch/reads_${form}_$what.lua")"; done
      done
    fi
    if wants ticks; then
      us=$(micros "$b" run --jobs 1 --no-plugins scripts/bench/scenario_ticks.lua)
      frames=$(grep -o 'frames stepped: [0-9]*' "$scratch/out" | awk '{ s += $3 } END { print s + 0 }')
      run "$b ticks" "$(awk -v f="$frames" -v us="$us" 'BEGIN { printf "%.0f", f / (us / 1e6) }')"
    fi
    if wants files; then
      run "$b files many" "$(micros "$b" run --jobs "$FILE_JOBS" --no-plugins "$scratch/many")"
      run "$b files one" "$(micros "$b" run --jobs "$FILE_JOBS" --no-plugins "$scratch/one")"
    fi
    if wants lua; then run "$b lua" "$(micros "$b" run --no-plugins scripts/bench/pure_lua.lua)"; fi
  done
done

echo "Minimum of $RUNS whole-process runs each, binaries interleaved ($(date -u +%F), load $(cut -d' ' -f1-3 /proc/loadavg))"
echo
echo "| binary | table read | property read | ratio | the same, locals | busy world ticks/s | spec file own cost | pure Lua | ratio to lua5.4 |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
lua_min=""; wants lua && lua_min=$(minimum ${t[lua]})
for b in "${binaries[@]}"; do
  table=- property=- ratio=- locals=- ticks=- files=- lua=- lua_ratio=-
  if wants reads; then
    per_read() { awk -v a="$1" -v l="$2" -v n="$READS" 'BEGIN { printf "%.1f ns", (a - l) * 1000 / n }'; }
    for form in up local; do
      loop=$(minimum ${t[$b reads $form loop]}); tab=$(minimum ${t[$b reads $form table]}); prop=$(minimum ${t[$b reads $form property]})
      r=$(awk -v a="$prop" -v b="$tab" -v l="$loop" 'BEGIN { printf "%.2f×", (a - l) / (b - l) }')
      if [ $form = up ]; then
        table=$(per_read "$tab" "$loop"); property=$(per_read "$prop" "$loop"); ratio=$r
      else
        locals="$(per_read "$prop" "$loop") / $(per_read "$tab" "$loop") = $r"
      fi
    done
  fi
  if wants ticks; then ticks=$(printf '%s\n' ${t[$b ticks]} | sort -g | tail -1 | awk '{ printf "%.2f M", $1 / 1e6 }'); fi
  if wants files; then
    files=$(awk -v m="$(minimum ${t[$b files many]})" -v o="$(minimum ${t[$b files one]})" -v n="$FILES" 'BEGIN { printf "%.0f µs", (m - o) / n }')
  fi
  if wants lua; then
    l=$(minimum ${t[$b lua]})
    lua=$(awk -v a="$l" 'BEGIN { printf "%.3f s", a / 1e6 }')
    lua_ratio=$(awk -v a="$l" -v b="$lua_min" 'BEGIN { printf "%.2f×", a / b }')
  fi
  echo "| $b | $table | $property | $ratio | $locals | $ticks | $files | $lua | $lua_ratio |"
done
if wants lua; then echo; echo "lua5.4 on scripts/bench/pure_lua.lua: $(awk -v a="$lua_min" 'BEGIN { printf "%.3f s", a / 1e6 }')"; fi
