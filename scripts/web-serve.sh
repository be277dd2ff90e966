#!/usr/bin/env bash
# `make web-serve`: serves the browser edition on 127.0.0.1 (PORT, default 8000) until Ctrl+C.
set -euo pipefail
site=${1:-build/web/site}
port=${PORT:-8000}
echo "texsort in the browser: http://127.0.0.1:$port/ (Ctrl+C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
