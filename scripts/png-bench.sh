#!/usr/bin/env bash
# Makes the three images of the PNG benchmark (docs/performance.md) and runs it: the astronaut
# scaled to 2048x2048 and pixel-sorted, a `bench --plot` chart, a viewer screenshot (under Xvfb).
#   scripts/png-bench.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build/release}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ffmpeg -loglevel error -i assets/astronaut.png -vf scale=2048:2048:flags=lanczos "$work/photo.png"
"$build/texsort" pixelsort "$work/photo.png" -o "$work/sorted2048.png" >/dev/null
"$build/texsort" bench --algos bitonic,radix,bitonic-fast --sizes 256,4096,65536 --plot "$work/chart.png" >/dev/null
xvfb-run -a -s "-screen 0 1280x820x24" "$build/texsort" demo --pixelsort --frames 20 \
  --screenshot "$work/screenshot.png" >/dev/null
"$build/texsort-png-bench" --repeats 7 "$work/sorted2048.png" "$work/chart.png" "$work/screenshot.png" "$work/photo.png"
