#!/usr/bin/env bash
# Server CPU per command of two builds in one run: bench/capacity.sh alternated between them
# ROUNDS times (default 3), every run under the NEW build's load tool, then each build's median
# and the ratio new/old. Any further arguments replace the default load.
#
# Usage: bench/compare_capacity.sh OLD_BUILD NEW_BUILD [ROUNDS] [LOAD_ARGS...]
#   e.g. bench/compare_capacity.sh /tmp/old/build/release build/release 3
set -euo pipefail
old=${1:?usage: bench/compare_capacity.sh OLD_BUILD NEW_BUILD [ROUNDS] [LOAD_ARGS...]}
new=${2:?usage: bench/compare_capacity.sh OLD_BUILD NEW_BUILD [ROUNDS] [LOAD_ARGS...]}
rounds=${3:-3}
shift $(($# < 3 ? $# : 3))
load=("$@")
[ ${#load[@]} -gt 0 ] || load=(--rooms 50 --players 2 --duration 10)
here=$(dirname "$0")
export CARC_LOAD_CLI="$new/clients/cli/carcassonne"
declare -A figures=([old]="" [new]="")
for round in $(seq "$rounds"); do
  for which in old new; do
    build=$old
    [ "$which" = new ] && build=$new
    json=$("$here/capacity.sh" "$build" normal "${load[@]}")
    us=$(python3 -c 'import json,sys; j=json.loads(sys.argv[1]); print(j["server_cpu_us_per_command"])' "$json")
    rate=$(python3 -c 'import json,sys; j=json.loads(sys.argv[1]); print(j["commands_per_s"])' "$json")
    echo "round $round $which: $us us/command, $rate commands/s"
    figures[$which]+="$us "
  done
done
python3 - "${figures[old]}" "${figures[new]}" <<'PY'
import statistics, sys
old = [float(x) for x in sys.argv[1].split()]
new = [float(x) for x in sys.argv[2].split()]
mo, mn = statistics.median(old), statistics.median(new)
print(f"median old {mo:.1f} us/command, new {mn:.1f} us/command, new/old {mn / mo:.2f}")
PY
