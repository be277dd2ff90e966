#!/usr/bin/env bash
# Style.TheLengthCheckCountsLines: scripts/function-lengths.sh fails on a function of 81 lines that
# holds one statement (it counts lines, not statements) and passes one of 80.
set -euo pipefail
script="$(cd "$(dirname "$0")/.." && pwd)/scripts/function-lengths.sh"
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
function_of() {  # NAME LINES: a function of that many lines, comments but for one return
  echo "int $1(int a) {"
  for ((i = 0; i < $2 - 3; ++i)); do echo "  // line $i"; done
  printf '  return a;\n}\n'
}
function_of fits 80 > "$folder/fits.cpp"
if ! out=$("$script" 80 "$folder"); then echo "an 80-line function was refused: $out"; exit 1; fi
function_of tooLong 81 > "$folder/long.cpp"
if out=$("$script" 80 "$folder"); then echo "an 81-line function of one statement passed: $out"; exit 1; fi
case $out in
  *"81 $folder/long.cpp(1): tooLong"*) ;;
  *) echo "the report does not name the 81-line function: $out"; exit 1 ;;
esac
[[ $out != *fits* ]] || { echo "the report names the 80-line function: $out"; exit 1; }
echo "function-lengths counts lines: 80 pass, 81 fail"
