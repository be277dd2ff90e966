#!/usr/bin/env bash
# `make demo`: sorts the bundled astronaut on the GPU and says where the result is.
set -euo pipefail
bin=${1:-build/release/texsort}
out=build/astronaut-sorted.png
"$bin" sort assets/astronaut.png -o "$out" --verify
echo "demo: the sorted image is $out"
