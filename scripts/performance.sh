#!/usr/bin/env bash
# Reproduces docs/performance.md's measurements: the fast and classic bitonic paths (and every
# other algorithm at the smaller sizes) in one run, as a table, JSON and a log-log plot.
# Usage: scripts/performance.sh [OUT_DIR]   (default docs/); needs a build (make build).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs}
bin=build/release/texsort
"$bin" bench --algos bitonic,bitonic-fast --sizes 4096,65536,262144,1048576 --runs 7 --no-progress \
  --plot "$out/performance-paths.png" | tee "$out/performance-paths.txt"
"$bin" bench --algos bitonic,bitonic-fast --sizes 4096,65536,262144,1048576 --runs 7 --no-progress --json \
  > "$out/performance-paths.json"
"$bin" bench --runs 3 --no-progress --plot "$out/performance-algorithms.png" > "$out/performance-algorithms.txt"
echo "performance: wrote $out/performance-paths.{txt,json,png} and $out/performance-algorithms.{txt,png}"
