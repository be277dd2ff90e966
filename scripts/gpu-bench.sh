#!/usr/bin/env bash
# Issue 40's measurements on a lent GPU machine, in one short run: the renderer, the compute rows
# checked pass by pass, the ladder (article 000's columns and texsort's B32 rows) at 2^20 and 2^24,
# where each compute dispatch's time goes, the pixel sort on both backends (per pass at 4096x4096,
# and which one --algo auto takes), and torch.sort beside them where PyTorch
# is installed. Everything goes to OUT (default $OUT, else docs/gpu-DATE/), named by date.
# Usage: scripts/gpu-bench.sh [OUT]   (needs build/release: make build).
# SIZES=65536 SIDES=256 for a dry run (sort sizes; pixel-sort sides, the last one timed per pass).
set -euo pipefail
cd "$(dirname "$0")/.."
day=$(date +%F)
out=${1:-${OUT:-docs/gpu-$day}}
sizes=${SIZES:-1048576,16777216}
sides=${SIDES:-2048,4096}
bin=build/release/texsort
mkdir -p "$out"
"$bin" info | tee "$out/info-$day.txt"
"$bin" check --quick --algos compute-b2,compute-c2,compute-b16,compute-noshared,compute-b32,compute-b32c4,compute-b32c16 \
  | tee "$out/check-$day.txt"
"$bin" bench --ladder --sizes "$sizes" --runs 5 --no-progress | tee "$out/ladder-$day.txt"
"$bin" bench --per-pass --algos compute-c2,compute-b32,compute-b32c4,compute-b32c16 --sizes "$sizes" --runs 5 --no-progress \
  | tee "$out/per-pass-$day.txt"
"$bin" bench --pixelsort assets/astronaut.png --sides "$sides" --runs 5 --no-progress \
  --algos bitonic-wide,bitonic-fast,compute-b32,compute-b32c4,compute-b32c16 | tee "$out/pixelsort-$day.txt"
"$bin" bench --pixelsort assets/astronaut.png --sides "${sides##*,}" --per-pass --runs 5 --no-progress \
  --algos bitonic-wide,compute-b32c4,compute-b32c16 | tee "$out/pixelsort-per-pass-$day.txt"
# Which line sort --algo auto takes on this GPU (the report's passes line), with its result checked.
"$bin" pixelsort assets/astronaut.png -o "$out/auto-$day.png" --verify | tee "$out/pixelsort-auto-$day.txt"
if python3 -c 'import torch; assert torch.cuda.is_available()' 2>/dev/null; then
  python3 scripts/torch_sort.py | tee "$out/torch-sort-$day.txt"
else
  echo "torch.sort: PyTorch with CUDA is not installed here" | tee "$out/torch-sort-$day.txt"
fi
echo "gpu-bench: wrote $out"
