#!/usr/bin/env bash
# The CPU an idle carcassonne-server uses (docs/benchmarks.md): a server on a fresh data
# directory, loopback only, nothing connected; its process's CPU (utime + stime from
# /proc/PID/stat) over SECONDS after a 5 s start. Extra arguments go to the server, e.g. the
# moderation watch's period:
#
#   bench/idle_cpu.sh BUILD_DIR SECONDS [SERVER_ARGS...]
#   e.g. bench/idle_cpu.sh build/release 120 --moderation-poll-ms 1000
#
# The figure's resolution is the kernel's clock tick (10 ms on Debian's kernels): take long
# windows.
set -euo pipefail
build=${1:?usage: bench/idle_cpu.sh BUILD_DIR SECONDS [SERVER_ARGS...]}
seconds=${2:?usage: bench/idle_cpu.sh BUILD_DIR SECONDS [SERVER_ARGS...]}
shift 2
dir=$(mktemp -d)
port=$((20000 + RANDOM % 10000))
"$build/server/carcassonne-server" --bind 127.0.0.1 --port "$port" --data-dir "$dir" "$@" \
  >"$dir/server.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
sleep 5
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
t0=$(ticks)
sleep "$seconds"
t1=$(ticks)
echo "idle server ($*): $(((t1 - t0) * 1000 / hz)) ms of CPU in $seconds s," \
  "$(((t1 - t0) * 60000 / hz / seconds)) ms a minute, $(nproc) cores, $(date -u +%F)"
