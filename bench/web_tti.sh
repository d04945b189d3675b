#!/usr/bin/env bash
# Time to interactive of the web client on a throttled line (bench/web_tti.mjs): a fresh
# carcassonne-server on loopback serving BUILD_DIR/web, then Chromium against it. The server is
# stopped and its data directory removed at the end, whatever happens.
#
# Usage: bench/web_tti.sh BUILD_DIR [RUNS] [--cpu-slowdown N]
#   e.g. bench/web_tti.sh build/release 5
set -euo pipefail
build=${1:?usage: bench/web_tti.sh BUILD_DIR [RUNS] [--cpu-slowdown N]}
shift
here=$(cd "$(dirname "$0")" && pwd)
port=${CARC_TTI_PORT:-18093}
# shellcheck source=bench/server.sh
source "$here/server.sh"
start_server "$build" "$port" tti --web-root "$build/web"
node "$here/web_tti.mjs" "http://127.0.0.1:$port" "$@"
