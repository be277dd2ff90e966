#!/usr/bin/env bash
# Packs what scripts/gpu-bench.sh needs on a lent GPU machine into .gl/ (ignored by git): the
# stripped release binaries, the GL loaders (libglvnd) and the libraries texsort links that the
# machine's image lacks, as Debian packages, and .gl/env.sh, which unpacks them there.
# Here:    make build && scripts/gpu-carry.sh
# There:   device run, carry [".gl"]:  source .gl/env.sh && BIN=.gl/texsort scripts/gpu-bench.sh "$OUT"
set -euo pipefail
cd "$(dirname "$0")/.."
grep -qx '/.gl/' .git/info/exclude 2> /dev/null || echo /.gl/ >> .git/info/exclude
rm -rf .gl && mkdir -p .gl
strip -o .gl/texsort build/release/texsort
strip -o .gl/texsort_gpu_tests build/release/tests/texsort_gpu_tests
# The loaders go into / (the device README's recipe); the rest beside them, in /tmp/x, so nothing of the image is replaced.
loaders="libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2"
others="libglfw3 libstb0 libx11-6 libx11-data libxcb1 libxau6 libxdmcp6 libbsd0 libmd0"
lists=$(mktemp -d)
apt=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 "-oDir::State::Lists=$lists")
mkdir -p "$lists/partial"
apt-get "${apt[@]}" update > /dev/null
(cd .gl && apt-get "${apt[@]}" download $loaders $others 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
rm -rf "$lists"
cat > .gl/env.sh <<ENV
# Sourced on the device machine from the repository root.
for p in $loaders; do dpkg -x .gl/\${p}_*.deb /; done
ldconfig
mkdir -p /tmp/x && for f in .gl/*.deb; do dpkg -x "\$f" /tmp/x; done
export LD_LIBRARY_PATH=/tmp/x/usr/lib/x86_64-linux-gnu
# The tests find assets by the path they were built in.
[ -e $PWD ] || { mkdir -p $(dirname "$PWD") && ln -s "\$PWD" $PWD; }
ENV
du -sh .gl
