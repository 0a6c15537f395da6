#!/usr/bin/env bash
# detent run --jobs 1 against --jobs 2 on the bundled suite, in one script run: the two
# alternate (1, 2, 1, 2, ...) so that a noisy neighbour on the shared machine weighs on both
# alike; prints each run's wall and CPU seconds, the medians and the speed-up, as Markdown.
#
#   swift build -c release && [WAIT_IDLE=1] bash scripts/bench/jobs_bench.sh [RUNS] [PATH...]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runs=${1:-5}
shift || true
paths=("$@")
[ ${#paths[@]} -eq 0 ] && paths=(scripts/scenarios)
detent=${DETENT:-.build/release/detent}
[ -x "$detent" ] || { echo "no $detent: run swift build -c release first" >&2; exit 2; }

# The machine is shared, and Linux's autogroup scheduling gives each busy session an equal
# share of the cores whatever its thread count: with one other busy session --jobs 2 gets one
# core, like --jobs 1. With WAIT_IDLE=1 each run first waits (up to 15 min) for a second in
# which the cores were at least 90 % idle. As root, running the script in a session of its own
# whose autogroup has nice -20 stands in for an idle machine for the minute it takes:
#   setsid bash -c 'echo -20 > /proc/self/autogroup && bash scripts/bench/jobs_bench.sh 5' 
wait_idle() {
  [ "${WAIT_IDLE:-0}" = 1 ] || return 0
  local deadline=$((SECONDS + 900))
  while ((SECONDS < deadline)); do
    local t1 t2
    read -ra t1 < /proc/stat
    sleep 1
    read -ra t2 < /proc/stat
    # cpu user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    local idle=$((t2[4] + t2[5] - t1[4] - t1[5]))
    local busy=$((t2[1] + t2[2] + t2[3] + t2[6] + t2[7] + t2[8] - t1[1] - t1[2] - t1[3] - t1[6] - t1[7] - t1[8]))
    (( idle * 10 >= 9 * (idle + busy) )) && return 0
  done
  echo "the machine was not idle for 15 minutes" >&2
  exit 1
}

declare -A wall cpu
echo "| run | jobs | wall s | CPU s (user+sys) | load average before |"
echo "|---|---|---|---|---|"
for ((i = 1; i <= runs; i++)); do
  for jobs in 1 2; do
    wait_idle
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    out=$( { /usr/bin/time -f "%e %U %S" "$detent" run --jobs "$jobs" "${paths[@]}" > /tmp/jobs_bench.$$.out; } 2>&1 | tail -1)
    tail -1 /tmp/jobs_bench.$$.out | grep -q ', 0 failed' || { echo "run failed: $(tail -1 /tmp/jobs_bench.$$.out)" >&2; exit 1; }
    read -r e u s <<< "$out"
    c=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
    wall[$jobs]+="$e "
    cpu[$jobs]+="$c "
    echo "| $i | $jobs | $e | $c | $load |"
  done
done
rm -f /tmp/jobs_bench.$$.out
m1=$(median ${wall[1]})
m2=$(median ${wall[2]})
c1=$(median ${cpu[1]})
c2=$(median ${cpu[2]})
echo
echo "median wall: --jobs 1 ${m1} s, --jobs 2 ${m2} s; speed-up $(awk -v a="$m1" -v b="$m2" 'BEGIN { printf "%.2f", a / b }')x"
echo "median CPU: --jobs 1 ${c1} s, --jobs 2 ${c2} s"
# What two workers could reach at best with these files: each file's time (its tests' attempt
# durations in a --jobs 1 JSON report), handed out in run order to whichever worker is free.
"$detent" run --jobs 1 -o json "${paths[@]}" 2> /dev/null | python3 -c '
import json, sys
files, order = {}, []
for t in json.load(sys.stdin)["tests"]:
    if t["file"] not in files: order.append(t["file"]); files[t["file"]] = 0.0
    files[t["file"]] += t["duration"] + sum(a.get("duration", 0) for a in t.get("retries", []))
total, workers = sum(files.values()), [0.0, 0.0]
for f in order: workers[workers.index(min(workers))] += files[f]
longest = max(files, key=files.get)
print(f"schedule bound: {total:.2f} s of tests in {len(files)} files, two workers in run order {max(workers):.2f} s: {total / max(workers):.2f}x at most; longest file {longest} {files[longest]:.2f} s")
'
