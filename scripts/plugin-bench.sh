#!/usr/bin/env bash
# The frei0r filter against the command line on the same clip, in one run (docs/performance.md):
# FRAMES frames of ffmpeg's testsrc2 at SIZE (default 1280x720, H.264), sorted with default options
#   (a) by `texsort pixelsort clip.mp4 -o out.mp4`, and
#   (b) by `ffmpeg -i clip.mp4 -vf frei0r=texsort_pixelsort ... out.mp4` with the command line's own
#       H.264 settings (libx264 medium, CRF 18, yuv420p),
# RUNS times each, interleaved; prints each run's frames/s, the medians and (b)/(a).
# Usage: scripts/plugin-bench.sh [BUILD_DIR]   (SIZE, FRAMES, RUNS, OPTIONS from the environment)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
size=${SIZE:-1280x720}
frames=${FRAMES:-30}
runs=${RUNS:-5}
options=${OPTIONS:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/texsort" info | grep -iE '^(renderer|gl|version)' || true
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), $(nproc) cores; $(date +%F); $(git log -1 --format=%h 2>/dev/null)"
echo "clip: $frames frames of testsrc2 at $size, H.264; options: ${options:-(defaults)}"
ffmpeg -v error -nostdin -f lavfi -i "testsrc2=size=$size:rate=30" -frames:v "$frames" \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p "$work/clip.mp4"

seconds() {  # seconds COMMAND...: its wall time, to the millisecond
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2> "$work/err.txt" || { cat "$work/err.txt" >&2; exit 1; }
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# shellcheck disable=SC2086  # OPTIONS is a list of words
for run in $(seq "$runs"); do
  cli=$(seconds "$build/texsort" pixelsort "$work/clip.mp4" -o "$work/cli.mp4" -q $options)
  plugin=$(seconds env FREI0R_PATH="$build/frei0r-1" ffmpeg -v error -nostdin -y -i "$work/clip.mp4" \
    -vf "format=rgba,frei0r=filter_name=texsort_pixelsort:filter_params=$options" \
    -c:v libx264 -preset medium -crf 18 -pix_fmt yuv420p "$work/plugin.mp4")
  printf 'run %d: command line %.2f frames/s, ffmpeg + filter %.2f frames/s\n' "$run" \
    "$(echo "$frames / $cli" | bc -l)" "$(echo "$frames / $plugin" | bc -l)"
  echo "$frames / $cli" | bc -l >> "$work/cli.txt"
  echo "$frames / $plugin" | bc -l >> "$work/plugin.txt"
done
a=$(median < "$work/cli.txt")
b=$(median < "$work/plugin.txt")
printf 'medians: command line %.2f frames/s, ffmpeg + filter %.2f frames/s, ratio %.2f\n' "$a" "$b" "$(echo "$b / $a" | bc -l)"
