#!/usr/bin/env bash
# Where the server's CPU goes per command: one capacity run (bench/capacity.sh's server flags
# and load) with `perf record` attached to the server for the middle of the run, then the
# report by shared object and the top symbols. Needs linux-perf; the server is stopped and its
# data directory removed at the end, whatever happens.
#
# Usage: bench/command_profile.sh BUILD_DIR [SECONDS] [OUT_PREFIX]
#   prints the load tool's JSON, then `perf report` by DSO and the 40 hottest symbols; the raw
#   profile stays in OUT_PREFIX.data (default /tmp/carc-profile).
set -euo pipefail
build=${1:?usage: bench/command_profile.sh BUILD_DIR [SECONDS] [OUT_PREFIX]}
seconds=${2:-6}
out=${3:-/tmp/carc-profile}
port=${CARC_CAPACITY_PORT:-18095}
# shellcheck source=bench/server.sh
source "$(dirname "$0")/server.sh"
start_server "$build" "$port" profile \
  --durability normal --max-connections 10500 --max-connections-per-address 2000 \
  --rate-per-second 100000 --rate-burst 100000 --max-rooms 100000 \
  --max-rooms-per-address 100000
"$build/clients/cli/carcassonne" load --server "ws://127.0.0.1:$port" --json \
  --rooms 50 --players 2 --duration $((seconds + 4)) >"$out.json" &
load=$!
sleep 2
perf record -F 499 ${PERF_CALLGRAPH:---call-graph dwarf,16384} -o "$out.data" -p "$server" -- sleep "$seconds" 2>/dev/null >/dev/null
wait "$load"
cat "$out.json"
perf report -i "$out.data" --no-children --sort dso --stdio 2>/dev/null | grep -v '^#' |
  grep -v '^$' | head -12
perf report -i "$out.data" --no-children --sort dso,sym --stdio -g none 2>/dev/null |
  grep -v '^#' | grep -v '^$' | head -40
