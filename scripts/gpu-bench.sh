#!/usr/bin/env bash
# The measurements to take on a lent GPU machine, sized to one device lease (15 minutes in all, a
# machine's start included): the renderer, the compute rows checked pass by pass, the ladder at 2^20,
# where each compute dispatch's time goes at 2^20 and 2^24, the pixel sort on both backends (2048x2048,
# per pass at 4096x4096, and which one --algo auto takes), the GPU tests, and torch.sort beside them
# where PyTorch is installed, and Nsight Compute (ncu) on two dispatches where it is. Each step
# runs under its own limit (STEP_S, default 90 s) so one slow step cannot starve the rest; a step cut
# short says so. Everything goes to one file, OUT/gpu-bench-DATE.txt (OUT: the argument, else $OUT,
# else docs/h100/), since the device tool brings back at most 8 files.
# On the device machine: source .gl/env.sh (made here by scripts/gpu-carry.sh), then run this.
# A 2^24 ladder cell takes 10-13 s on an H100 (its yardsticks run beside it: std::sort, and the classic
# schedule for the fast paths), so the ladder stays at 2^20.
# Usage: scripts/gpu-bench.sh [OUT]   (BIN: the texsort to run, default build/release/texsort)
# SIZES=65536 SIDES=256 LADDER=65536 for a dry run.
set -uo pipefail
cd "$(dirname "$0")/.."
day=$(date +%F)
out=${1:-${OUT:-docs/h100}}
bin=${BIN:-build/release/texsort}
tests=${TESTS:-$(dirname "$bin")/tests/texsort_gpu_tests}
[ -x "$tests" ] || tests=$(dirname "$bin")/texsort_gpu_tests
sizes=${SIZES:-1048576,16777216}
ladder=${LADDER:-1048576}
sides=${SIDES:-2048,4096}
limit=${STEP_S:-90}
mkdir -p "$out"
report="$out/gpu-bench-$day.txt"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

step() {  # step TITLE COMMAND...: one section of the report, under its time limit
  local title=$1 start=$SECONDS rc
  shift
  printf '\n## %s\n' "$title" | tee -a "$report"
  timeout "$limit" "$@" 2>&1 | tee -a "$report"
  rc=${PIPESTATUS[0]}
  [ "$rc" -eq 124 ] && echo "(stopped by its ${limit} s limit)" | tee -a "$report"
  echo "($((SECONDS - start)) s, exit $rc)" | tee -a "$report"
}

echo "texsort scripts/gpu-bench.sh, $day, $(git log -1 --format=%h 2>/dev/null || echo 'no git')" | tee "$report"
if command -v nvidia-smi > /dev/null; then
  nvidia-smi --query-gpu=name,driver_version,clocks.current.sm,clocks.max.sm --format=csv | tee -a "$report"
fi
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), $(nproc) cores" | tee -a "$report"
step "texsort info" "$bin" info
step "texsort check --quick, the compute rows" "$bin" check --quick \
  --algos compute-b2,compute-c2,compute-b16,compute-noshared,compute-b32,compute-b32c4,compute-b32c16,compute-radix
step "bench --ladder --sizes $ladder" "$bin" bench --ladder --sizes "$ladder" --runs 5 --no-progress
step "bench --per-pass --sizes $sizes" "$bin" bench --per-pass --algos compute-c2,compute-b32,compute-b32c4,compute-b32c16,compute-radix \
  --sizes "$sizes" --runs 5 --no-progress
step "bench --pixelsort --sides ${sides%%,*}" "$bin" bench --pixelsort assets/astronaut.png --sides "${sides%%,*}" --runs 5 \
  --no-progress --algos bitonic-wide,bitonic-fast,compute-b32,compute-b32c4,compute-b32c16,compute-radix
step "bench --pixelsort --sides ${sides##*,} --per-pass" "$bin" bench --pixelsort assets/astronaut.png --sides "${sides##*,}" \
  --per-pass --runs 5 --no-progress --algos bitonic-wide,compute-b32c4,compute-b32c16,compute-radix
# Which line sort --algo auto takes on this GPU (the report's passes line), with its result checked.
step "pixelsort --algo auto --verify" "$bin" pixelsort assets/astronaut.png -o "$scratch/auto.png" --verify
if [ -x "$tests" ]; then
  step "texsort_gpu_tests (GPU == CPU model after every pass)" "$tests" --gtest_brief=1
fi
# The 160 GB/s question (issue 67): what bounds a 2^24 B32 dispatch and a radix scatter beside a plain
# compute copy of the same buffers. Nsight Compute is made for CUDA; whether it sees OpenGL's
# compute dispatches at all is the first thing this step shows ("No kernels were profiled" if not).
if command -v ncu > /dev/null; then
  step "ncu: compute-b32 and compute-radix at 2^24, their dispatches and the copy" \
    ncu --target-processes all --clock-control none --launch-count 24 --section SpeedOfLight \
    --section MemoryWorkloadAnalysis "$bin" bench --per-pass --algos compute-b32,compute-radix --sizes 16777216 \
    --runs 1 --no-progress --no-naive
else
  echo "ncu: not installed here" | tee -a "$report"
fi
if python3 -c 'import torch; assert torch.cuda.is_available()' 2> /dev/null; then
  step "torch.sort (scripts/torch_sort.py)" python3 scripts/torch_sort.py
else
  echo "torch.sort: PyTorch with CUDA is not installed here" | tee -a "$report"
fi
echo "gpu-bench: wrote $report"
