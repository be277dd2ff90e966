#!/usr/bin/env bash
# Every page file (JavaScript, HTML, CSS, and the C++ behind the page) under web/ (or the FOLDERs)
# stays within LIMIT lines (default 400): a file one concept. The test Style.PageFilesStayShort runs
# this on web/, tests/web/ and src/web/; Style.TheFileLengthCheckFails runs it on a folder holding one
# file a line too long.   Usage: [LIMIT [FOLDER...]]
# Prints each file over the limit (lines, file) and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-400}
folders=("${@:2}")
[ ${#folders[@]} -gt 0 ] || folders=(web)
mapfile -t files < <(find "${folders[@]}" -name node_modules -prune -o \( -name '*.js' -o -name '*.mjs' -o -name '*.html' \
                     -o -name '*.css' -o -name '*.cpp' -o -name '*.h' \) -print | sort)
[ ${#files[@]} -gt 0 ] || { echo "file-lengths: no page files under ${folders[*]}" >&2; exit 2; }
long=$(wc -l "${files[@]}" | awk -v limit="$limit" '$2 != "total" && $1 > limit')
if [ -n "$long" ]; then
  echo "files over $limit lines (lines, file):"
  echo "$long"
  exit 1
fi
echo "file-lengths: every one of ${#files[@]} files under ${folders[*]} within $limit lines"
