#!/usr/bin/env bash
# One capacity run: a fresh carcassonne-server on loopback with its per-connection rate limit,
# room limits and connection caps raised (the load is one process on a few addresses, not many
# people), and `carcassonne load` against it; prints the load tool's JSON. The server is
# stopped and its data directory removed at the end, whatever happens.
#
# Usage: bench/capacity.sh BUILD_DIR full|normal LOAD_ARGS...
#   e.g. bench/capacity.sh build/release normal --rooms 50 --players 2 --duration 10
#        bench/capacity.sh build/release normal --idle --rooms 5000 --duration 60 \
#          --source-addrs 127.0.0.1-127.0.0.20
# CARC_LOAD_CLI names another `carcassonne` binary for the load (bench/compare_capacity.sh runs
# two servers' builds under one client).
set -euo pipefail
build=${1:?usage: bench/capacity.sh BUILD_DIR full|normal LOAD_ARGS...}
durability=${2:?usage: bench/capacity.sh BUILD_DIR full|normal LOAD_ARGS...}
shift 2
port=${CARC_CAPACITY_PORT:-18091}
# shellcheck source=bench/server.sh
source "$(dirname "$0")/server.sh"
start_server "$build" "$port" capacity \
  --durability "$durability" --max-connections 10500 --max-connections-per-address 2000 \
  --rate-per-second 100000 --rate-burst 100000 --max-rooms 100000 \
  --max-rooms-per-address 100000
"${CARC_LOAD_CLI:-$build/clients/cli/carcassonne}" load --server "ws://127.0.0.1:$port" --json "$@"
