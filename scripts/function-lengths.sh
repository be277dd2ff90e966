#!/usr/bin/env bash
# Every function in src/ (or FOLDER) stays within LIMIT lines (default 80) as pmccabe counts them
# (Debian's pmccabe, installed by scripts/install-deps.sh); the test Style.FunctionsStayShort runs
# this, Style.TheLengthCheckCountsLines runs it on a folder of its own.   Usage: [LIMIT [FOLDER]]
# Prints each function over the limit (lines, file(line): name) and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-80}
folder=${2:-src}
command -v pmccabe > /dev/null || { echo "function-lengths: pmccabe is missing (scripts/install-deps.sh installs it)" >&2; exit 2; }
mapfile -t files < <(find "$folder" -name '*.cpp' -o -name '*.h' | sort)
[ ${#files[@]} -gt 0 ] || { echo "function-lengths: no sources under $folder/" >&2; exit 2; }
[ "$folder" != src ] || [ ${#files[@]} -gt 100 ] || { echo "function-lengths: found only ${#files[@]} sources under src/" >&2; exit 2; }
# (pmccabe warns of the function-try-blocks in viewer/export.cpp and skips them: short ones.)
# pmccabe's columns: complexity, traditional complexity, statements, first line, lines, file(line): name.
long=$(pmccabe "${files[@]}" 2>/dev/null | awk -v limit="$limit" '$5 > limit { $1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); print }')
if [ -n "$long" ]; then
  echo "functions over $limit lines (lines, where, name):"
  echo "$long"
  exit 1
fi
echo "function-lengths: every function in ${#files[@]} files under $limit lines"
