#!/usr/bin/env bash
# Can busy computer players starve the rooms of people? One fresh carcassonne-server on
# loopback; the command latency (p99, command sent -> its events at every seat) of rooms of
# people played by `carcassonne load`, first alone, then while BOT_ROOMS other rooms each seat a
# computer player (level LEVEL) that thinks on the server's --bot-threads. Both runs in one
# process of this script, one after the other, so the ratio compares like with like. The server
# is stopped and its data removed at the end, whatever happens; every run ends by itself.
#
# Usage: bench/computer_latency.sh BUILD_DIR [BOT_ROOMS [SECONDS [LEVEL [BOT_THREADS]]]]
#   e.g. bench/computer_latency.sh build/release 50 20 hard 1
set -euo pipefail
build=${1:?usage: bench/computer_latency.sh BUILD_DIR [BOT_ROOMS [SECONDS [LEVEL [BOT_THREADS]]]]}
bot_rooms=${2:-50}
seconds=${3:-20}
level=${4:-hard}
bot_threads=${5:-1}
port=${CARC_CAPACITY_PORT:-18092}
people="--rooms 20 --players 2 --think-ms 200 --duration $seconds --settle 0"
# shellcheck source=bench/server.sh
source "$(dirname "$0")/server.sh"
start_server "$build" "$port" computers \
  --durability normal --bot-threads "$bot_threads" --max-connections-per-address 2000 \
  --rate-per-second 100000 --rate-burst 100000 --max-rooms 100000 \
  --max-rooms-per-address 100000
cli="$build/clients/cli/carcassonne"
p99() { python3 -c 'import json,sys; print(json.load(sys.stdin)["latency_ms"]["p99"])'; }
metric() { curl -sf "http://127.0.0.1:$port/metrics" | awk -v m="$1" '$1 == m {print $2}'; }

echo "people alone: 20 rooms x 2 clients, think 200 ms, ${seconds} s" >&2
# shellcheck disable=SC2086
alone=$("$cli" load --server "ws://127.0.0.1:$port" --json $people)
echo "$alone"

echo "the same with $bot_rooms rooms of computer players ($level, --bot-threads $bot_threads)" >&2
"$cli" load --server "ws://127.0.0.1:$port" --json --rooms "$bot_rooms" --players 1 \
  --computers 1 --computer-level "$level" --think-ms 200 --duration $((seconds + 10)) \
  --settle 0 --seed 7 >"$data/bots.json" &
bots=$!
sleep 5  # the computers' rooms are open and their queue full before the window
queued=$(metric carc_bot_jobs_queued)
# shellcheck disable=SC2086
busy=$("$cli" load --server "ws://127.0.0.1:$port" --json $people --seed 3)
echo "$busy"
wait $bots || true
echo "computer rooms: $(cat "$data/bots.json")"
a=$(echo "$alone" | p99)
b=$(echo "$busy" | p99)
echo "p99 alone ${a} ms, with busy computer players ${b} ms (ratio $(python3 -c "print(round($b / $a, 2))")); computer moves waiting at the start of the window: ${queued}; computer moves: $(metric carc_bot_moves_total), thinking $(metric carc_bot_think_seconds_total) s"
