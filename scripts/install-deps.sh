#!/usr/bin/env bash
# Installs the Debian packages texsort needs to build, test and run. Idempotent: it installs only
# what is missing and says what that is; it fails with one clear line when it cannot.
set -euo pipefail

packages=(
  build-essential cmake pkg-config python3        # toolchain
  libgtest-dev                                     # GoogleTest (CTest runs it)
  libglfw3-dev libimgui-dev libstb-dev libcli11-dev # window, UI, image I/O, command line
  python3-glad                                     # generates the GL loader at configure time
  libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri # EGL + Mesa llvmpipe for headless GL
  xvfb xauth                                       # a real X server for the viewer's GUI tests
  libdeflate-dev                                   # inflates plain PNGs (src/image/png_plain.cpp)
  libspng-dev zlib1g-dev                           # PNG libraries texsort-png-bench measures the encoder against
  ffmpeg                                           # encodes texsort record's videos; ffprobe checks them in the tests
  frei0r-plugins-dev                               # the frei0r header the texsort_pixelsort filter is built on
  gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-bad melt  # hosts the filter's tests load it into
  clang libclang-rt-14-dev                         # libFuzzer for the fuzz targets
  pmccabe                                          # function lengths (scripts/function-lengths.sh, a test)
  emscripten                                       # the browser edition (make web): WebAssembly + WebGL2
  chromium-headless-shell                          # runs the browser tests (SwiftShader WebGL2)
)

# Node.js and npm for the browser tests' driver: the machine's own, else Debian's.
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# The browser tests' driver (puppeteer-core, pinned in tests/web/package-lock.json) from npm.
install_npm() {
  local lock=tests/web/package-lock.json stamp=tests/web/node_modules/.package-lock.json
  if [ -f "$stamp" ] && [ ! "$lock" -nt "$stamp" ]; then return 0; fi
  echo "install-deps: npm ci in tests/web (puppeteer-core)"
  if ! npm ci --prefix tests/web --no-audit --no-fund --loglevel=error >/tmp/texsort-npm.log 2>&1; then
    echo "install-deps: error: npm ci failed in tests/web (is the npm registry reachable? log: /tmp/texsort-npm.log)" >&2
    tail -n 5 /tmp/texsort-npm.log >&2
    exit 1
  fi
}

if [ ${#missing[@]} -eq 0 ]; then
  install_npm
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "install-deps: error: need root or sudo to install: ${missing[*]}" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${sudo[@]}" apt-get update -qq; then
  echo "install-deps: error: apt-get update failed (is a Debian package mirror reachable?)" >&2
  exit 1
fi
if ! "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/texsort-apt.log 2>&1; then
  echo "install-deps: error: apt-get install failed for: ${missing[*]} (log: /tmp/texsort-apt.log)" >&2
  tail -n 5 /tmp/texsort-apt.log >&2
  exit 1
fi
install_npm
echo "install-deps: done"
