#!/usr/bin/env bash
# Runs each libFuzzer target for $1 seconds (default 30) from the seed corpora; the working
# corpora grow in build/fuzz/corpus-*. A crash stops with the input's path: fix the cause, then
# keep the input in fuzz/regressions/ (the unit tests replay every file there).
set -euo pipefail
seconds=${1:-30}
cd "$(dirname "$0")/.."
out=build/fuzz
mkdir -p "$out/corpus-decode" "$out/corpus-png-plain" "$out/corpus-cli" "$out/crashes"
run() {
  local target=$1; shift
  echo "fuzz: $target for ${seconds}s"
  if ! "$out/fuzz/$target" -max_total_time="$seconds" -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$out/crashes/$target-" "$@" > "$out/$target.log" 2>&1; then
    grep -E "ERROR|runtime error|SUMMARY|Test unit written" "$out/$target.log" | head -n 5
    echo "fuzz: $target found a crash (log: $out/$target.log)" >&2
    exit 1
  fi
  echo "fuzz: $target: $(grep -E 'stat::number_of_executed_units' "$out/$target.log" | awk '{print $2}') executions, no crash"
}
run fuzz_decode -max_len=300000 "$out/corpus-decode" fuzz/seeds/images assets
run fuzz_png_plain -max_len=300000 "$out/corpus-png-plain" fuzz/seeds/images assets
run fuzz_cli -max_len=512 "$out/corpus-cli" fuzz/seeds/cli
