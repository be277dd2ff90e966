#!/usr/bin/env bash
# `make demo`: opens the viewer on the bundled astronaut; without a display, sorts it headless and
# says where the result is.
set -uo pipefail
bin=${1:-build/release/texsort}
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  "$bin" demo assets/astronaut.png
  status=$?
  [ "$status" -ne 4 ] && exit "$status"   # 4: no window could be opened; fall back below
fi
out=build/astronaut-sorted.png
echo "demo: no display, so sorting headless instead (the viewer needs a desktop or Xvfb)"
"$bin" sort assets/astronaut.png -o "$out" --verify || exit $?
echo "demo: the sorted image is $out"
