#!/usr/bin/env bash
# How long a two-seat game of computer-speed clients takes, with TCP_NODELAY as the server and
# the CLI set it, and with it ignored on both ends (bench/no_nodelay.c preloaded into both), in
# one run on loopback. Prints the median of each and their ratio.
#
# Usage: bench/game_latency.sh SERVER_BINARY CLI_BINARY [GAMES]   (GAMES per side, default 10)
set -euo pipefail
server_bin=$1
cli_bin=$2
games=${3:-10}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/carc-latency.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
cc -shared -fPIC -O2 -o "$work/no_nodelay.so" "$here/no_nodelay.c" -ldl

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
start_server() {  # PORT PRELOAD
  LD_PRELOAD=$2 "$server_bin" --bind 127.0.0.1 --port "$1" --data-dir "$work/data-$1" \
    --durability normal --log-level warn >"$work/server-$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    curl -fsS -o /dev/null --max-time 1 "http://127.0.0.1:$1/healthz" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "game_latency: the server on port $1 did not start" >&2
  exit 1
}
median_game() {  # PORT PRELOAD: prints the median seconds of $games games
  local times=()
  for _ in $(seq "$games"); do
    local t0 t1
    t0=$(date +%s.%N)
    LD_PRELOAD=$2 "$cli_bin" bot --server "ws://127.0.0.1:$1" --create --seats 2 >/dev/null 2>&1
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

with_port=$(free_port)
start_server "$with_port" ""
without_port=$(free_port)
start_server "$without_port" "$work/no_nodelay.so"
with=$(median_game "$with_port" "")
without=$(median_game "$without_port" "$work/no_nodelay.so")
echo "two-seat bot game, median of $games: TCP_NODELAY ${with} s, without ${without} s, ratio $(echo "scale=1; $without / $with" | bc)x"
