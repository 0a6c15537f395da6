#!/usr/bin/env bash
# Fuzzes Detent's config files and Lua API with libFuzzer (+ AddressSanitizer), each target
# for a bounded time, over its corpus in Tests/FuzzCorpus/<target> (new interesting inputs
# are added there; commit them). A finding stops the target and leaves crash-*/timeout-*
# files in Tests/FuzzCorpus/findings; `swift run detent-fuzz-lua --print FILE` shows the spec
# a Lua input makes, and `swift run detent-fuzz-lua FILE` replays it. (Linked with lld: gold fails
# on the sanitizer runtime's debug information.)
#
#   bash scripts/fuzz/run.sh [SECONDS_PER_TARGET]     (default 60)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
mkdir -p Tests/FuzzCorpus/config Tests/FuzzCorpus/lua Tests/FuzzCorpus/findings
status=0
for target in config lua; do
  product="detent-fuzz-$target"
  swift build --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld \
    --product "$product" >&2
  binary="$(swift build --scratch-path .build-fuzz --show-bin-path)/$product"
  echo "fuzz: $product for $seconds s" >&2
  # -timeout: one input running longer is a hang; -rss_limit_mb: one eating memory is a finding.
  # -detect_leaks=0: TOMLKit 0.6 leaks what its C++ glue mallocs for every parse (tableGetKeys,
  # TOMLTable(string:)), which would stop every run at its first input; leaks are not what
  # this hunts for (crashes, traps and hangs are).
  if ! ASAN_OPTIONS=detect_leaks=0 "$binary" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1 \
       -artifact_prefix=Tests/FuzzCorpus/findings/"$target"- Tests/FuzzCorpus/"$target"; then
    echo "fuzz: $product found an input that fails (see Tests/FuzzCorpus/findings)" >&2
    status=1
  fi
done
exit $status
