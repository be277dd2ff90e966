#!/bin/sh
# The browser tests and scripts use the page through its controls, window.texsort and the one
# test hook's read-outs (web/hook.js: texsortPage.status(), whenSettled(), ...), never through the
# page's own variables: no file under the folders given (default tests/web) reads
# texsortPage.state. Prints each line that does; fails if any, or if it scanned no file.
set -eu
cd "$(dirname "$0")/.."
[ "$#" -gt 0 ] || set -- tests/web
scanned=$(find "$@" -name node_modules -prune -o -type f \( -name '*.mjs' -o -name '*.js' \) -print | wc -l)
if [ "$scanned" -eq 0 ]; then
  echo "page-hook: no script under $*" >&2
  exit 1
fi
found=$(find "$@" -name node_modules -prune -o -type f \( -name '*.mjs' -o -name '*.js' \) -print |
        xargs grep -nE 'texsortPage\??\.state\b' || true)
if [ -n "$found" ]; then
  printf '%s\n' "$found" | sed 's/^/page-hook: reads the page'"'"'s own state (use texsortPage.status()): /' >&2
  exit 1
fi
echo "page-hook: $scanned scripts under $* read the page through its hook"
