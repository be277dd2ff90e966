#!/usr/bin/env bash
# Plants sampled mutants, one at a time, on the lines a change touched, and says which the tests
# kill. For each: the line is changed in place, BUILD runs (a mutant that does not build is
# stillborn, not counted), then TEST; TEST failing kills the mutant. The file is put back after
# each, and on any exit (Ctrl+C included).
#
#   scripts/mutants.sh [-n COUNT] [-s SEED] [-b BUILD] [-f FILE_REGEX] [-t SECONDS] BASE TEST...
#
#   BASE      the commit the change is measured from (git diff BASE: the added lines)
#   TEST      the command that must fail on a mutant, e.g. ctest --test-dir build/release -R 'Inputs|Outputs'
#   -n COUNT  mutants planted (default 12), sampled over every line and operator that applies
#   -s SEED   the sample's seed (default 1): the same seed, the same mutants
#   -b BUILD  what rebuilds after a change (default: cmake --build --preset release -j "$(nproc)")
#   -f REGEX  only files matching it (default: C++ and JavaScript under src/ and web/)
#   -t SECS   TEST's time for one mutant (default 600): a mutant that hangs it (a loop that never
#             ends) is killed when the time is up
#
# The operators: a comparison flipped (== !=, < >=, > <=), a logic operator swapped (&& ||), a
# constant moved by one, a condition negated, a statement dropped, an early return, the two
# arguments of a call swapped. Prints one line a mutant (killed / SURVIVED / stillborn, where,
# what) and the killed share of those that built. A survivor is a behaviour no test holds, or an
# equivalent mutant: read it and say which.
set -euo pipefail
cd "$(dirname "$0")/.."
count=12 seed=1 limit=600 build="cmake --build --preset release -j $(nproc)" files='^(src|web)/.*\.(cpp|h|js)$'
while getopts "n:s:b:f:t:" opt; do
  case $opt in
    n) count=$OPTARG ;; s) seed=$OPTARG ;; b) build=$OPTARG ;; f) files=$OPTARG ;; t) limit=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
base=$1
shift
git rev-parse --verify -q "$base^{commit}" > /dev/null || { echo "mutants: $base is not a commit" >&2; exit 2; }

plan=$(mktemp) backup=$(mktemp) log=$(mktemp)
current=""
restore() { if [ -n "$current" ]; then cp "$backup" "$current"; touch "$current"; current=""; fi; }
trap 'restore; rm -f "$plan" "$backup" "$log"' EXIT
trap 'exit 130' INT TERM

git diff -U0 "$base" -- . | python3 "$(dirname "$0")/mutants.py" --count "$count" --seed "$seed" --files "$files" > "$plan"
[ -s "$plan" ] || { echo "mutants: no line of the change since $base takes a mutant"; exit 0; }

killed=0 survived=0 stillborn=0
# The plan on descriptor 3: the build and the tests may read standard input.
while IFS=$'\t' read -r -u 3 file line operator before after; do
  current=$file
  cp "$file" "$backup"
  python3 - "$file" "$line" "$before" "$after" << 'EOF'
import sys
path, line, before, after = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
lines = open(path, encoding="utf-8").read().split("\n")
assert lines[line - 1] == before, f"{path}:{line} changed since the plan"
lines[line - 1] = after
open(path, "w", encoding="utf-8").write("\n".join(lines))
EOF
  where="$file:$line $operator"
  if ! bash -c "$build" < /dev/null > "$log" 2>&1; then
    stillborn=$((stillborn + 1))
    echo "stillborn  $where"
  elif timeout --kill-after=10 "$limit" "$@" < /dev/null > "$log" 2>&1; then
    survived=$((survived + 1))
    echo "SURVIVED   $where: $(echo "$after" | sed 's/^ *//')"
  elif [ $? -eq 124 ]; then
    killed=$((killed + 1))
    echo "killed     $where (the tests ran past ${limit} s)"
  else
    killed=$((killed + 1))
    echo "killed     $where"
  fi
  restore
done 3< "$plan"
bash -c "$build" > "$log" 2>&1 || echo "mutants: the build after the last mutant failed: see '$build'" >&2
built=$((killed + survived))
echo "mutants: $killed of $built killed ($((built ? 100 * killed / built : 0)) %), $stillborn did not build"
