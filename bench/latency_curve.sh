#!/usr/bin/env bash
# p99 latency against offered commands/s, for our server and the reference relay, and its plot.
# Each point is one bench/compare_relay.sh run: ROOMS two-seat rooms whose seats think T ms
# before each command, so the offered rate is about ROOMS x 1000 / T commands/s.
#
# Usage: bench/latency_curve.sh BUILD_DIR OUT_PREFIX [ROOMS] [THINK_MS...]
#   e.g. bench/latency_curve.sh build/release docs/latency 100 200 100 50 20 10 5
# Writes OUT_PREFIX.jsonl (the load reports, with "target" and "offered_per_s") and
# OUT_PREFIX.svg (bench/plot_latency.py). About 40 s per point.
set -euo pipefail
usage="usage: bench/latency_curve.sh BUILD_DIR OUT_PREFIX [ROOMS] [THINK_MS...]"
build=${1:?$usage}
out=${2:?$usage}
rooms=${3:-100}
shift $(($# < 3 ? $# : 3))
thinks=("$@")
((${#thinks[@]} > 0)) || thinks=(200 100 50 20 10 5)
here=$(cd "$(dirname "$0")" && pwd)

: >"$out.jsonl"
for think in "${thinks[@]}"; do
  offered=$((rooms * 1000 / think))
  echo "latency_curve: $rooms rooms, think $think ms (about $offered commands/s offered)" >&2
  "$here/compare_relay.sh" "$build" normal --rooms "$rooms" --players 2 --think-ms "$think" \
    --duration 10 --settle 0 |
    python3 -c '
import json, sys
for line in sys.stdin:
    if line.startswith("{"):
        r = json.loads(line)
        r["offered_per_s"] = int(sys.argv[1])
        print(json.dumps(r))
      ' "$offered" >>"$out.jsonl"
done
python3 "$here/plot_latency.py" "$out.jsonl" "$out.svg" \
  --title "p99 latency against offered load ($rooms two-seat rooms, one machine)"
