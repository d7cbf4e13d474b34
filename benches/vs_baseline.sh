#!/usr/bin/env bash
# perft(DEPTH) from the Abapa start: our perft example against the tight C
# baseline (../shared/bench/perft_baseline.c), built and run in the same
# session, alternating, each pinned to one core. Prints each run and the
# medians and ratios.
#   benches/vs_baseline.sh [DEPTH=11] [RUNS=7] [BASELINE_C=../shared/bench/perft_baseline.c]
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-11}
runs=${2:-7}
src=${3:-../shared/bench/perft_baseline.c}
core=${CORE:-1}
cc -O3 -march=native -o target/perft_baseline "$src"
cargo build --release --quiet --example perft
ours=target/release/examples/perft

seconds() { # runs a command, prints its wall time in seconds
  local t0 t1
  t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# The three must agree on the count before their times mean anything.
count() { "$@" 2>/dev/null | grep -o 'perft([0-9]*) = [0-9]*' | head -n 1; }
expected=$(count target/perft_baseline "$depth")
for mode in "" --play-leaves; do
  got=$(count "$ours" $mode "$depth")
  if [ "$got" != "$expected" ]; then
    echo "counts differ: C baseline '$expected', oware $mode '$got'" >&2
    exit 1
  fi
done
echo "counts agree: $expected"

: >target/vs_c.txt; : >target/vs_bulk.txt; : >target/vs_leaves.txt
for i in $(seq "$runs"); do
  c=$(seconds taskset -c "$core" target/perft_baseline "$depth")
  b=$(seconds taskset -c "$core" "$ours" "$depth")
  l=$(seconds taskset -c "$core" "$ours" --play-leaves "$depth")
  printf 'run %d: C %.3f s, oware %.3f s, oware without bulk counting %.3f s\n' "$i" "$c" "$b" "$l"
  echo "$c" >>target/vs_c.txt; echo "$b" >>target/vs_bulk.txt; echo "$l" >>target/vs_leaves.txt
done
c=$(median <target/vs_c.txt); b=$(median <target/vs_bulk.txt); l=$(median <target/vs_leaves.txt)
printf 'perft(%s) medians over %s runs: C baseline %.3f s, oware %.3f s (%.2fx as fast), oware playing every leaf %.3f s (%.2fx)\n' \
  "$depth" "$runs" "$c" "$b" "$(echo "$c / $b" | bc -l)" "$l" "$(echo "$c / $l" | bc -l)"
