#!/usr/bin/env bash
# Every page file (JavaScript, HTML, CSS) under web/ (or FOLDER) stays within LIMIT lines (default
# 400): a file one concept. The test Style.PageFilesStayShort runs this; Style.TheFileLengthCheckFails
# runs it on a folder holding one file a line too long.   Usage: [LIMIT [FOLDER]]
# Prints each file over the limit (lines, file) and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-400}
folder=${2:-web}
mapfile -t files < <(find "$folder" -name node_modules -prune -o \( -name '*.js' -o -name '*.mjs' -o -name '*.html' -o -name '*.css' \) -print | sort)
[ ${#files[@]} -gt 0 ] || { echo "file-lengths: no page files under $folder/" >&2; exit 2; }
long=$(wc -l "${files[@]}" | awk -v limit="$limit" '$2 != "total" && $1 > limit')
if [ -n "$long" ]; then
  echo "files over $limit lines (lines, file):"
  echo "$long"
  exit 1
fi
echo "file-lengths: every one of ${#files[@]} files under $folder/ within $limit lines"
