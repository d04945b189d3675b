#!/usr/bin/env bash
# Our server and the reference relay (bench/relay) under the same load, one after the other in
# one run, and the ratios between them. The relay's frames are as large as what a seat of ours
# received per command in the same run, so both carry the same bytes at the same turns.
#
# Usage: bench/compare_relay.sh BUILD_DIR full|normal LOAD_ARGS...
#   e.g. bench/compare_relay.sh build/release normal --rooms 100 --players 2 --think-ms 18
#        bench/compare_relay.sh build/release normal --idle --rooms 5000 --duration 60 \
#          --source-addrs 127.0.0.1-127.0.0.20
# Prints one JSON line per server (the load report plus "target"), then a table of ratios.
# Needs node and bench/relay's node_modules (npm ci in bench/relay, done here if missing).
set -euo pipefail
usage="usage: bench/compare_relay.sh BUILD_DIR full|normal LOAD_ARGS..."
build=${1:?$usage}
durability=${2:?$usage}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
port=${CARC_RELAY_PORT:-18092}
ulimit -n "$(ulimit -Hn)"

ours=$("$here/capacity.sh" "$build" "$durability" "$@")

[[ -d "$here/relay/node_modules/ws" ]] ||
  (cd "$here/relay" && npm ci --no-audit --no-fund --loglevel=error)
log=$(mktemp /tmp/carc-relay.XXXXXX)
node "$here/relay/relay.mjs" --port "$port" --max-room-size 16 >"$log" 2>&1 &
relay=$!
trap 'kill -TERM $relay 2>/dev/null; wait $relay 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 50); do
  grep -q "relay listening" "$log" && break
  sleep 0.1
done
bytes=$(python3 -c 'import json,sys; print(max(8, round(json.loads(sys.argv[1]).get("bytes_per_seat_per_command", 0))))' "$ours")
theirs=$("$build/clients/cli/carcassonne" load --relay --relay-bytes "$bytes" \
  --server "ws://127.0.0.1:$port" --json "$@")

python3 - "$ours" "$theirs" <<'EOF'
import json, sys
ours, relay = (json.loads(a) for a in sys.argv[1:3])
ours["target"], relay["target"] = "carcassonne-server", "ws relay"
print(json.dumps(ours))
print(json.dumps(relay))
rows = [
    ("connections held", "connections_held"),
    ("server RSS per connection, KiB", "server_rss_kib_per_connection"),
    ("server RSS after the clients left, KiB", "server_rss_kib_after"),
]
if ours["mode"] == "play":
    rows += [
        ("commands/s", "commands_per_s"),
        ("latency p50, ms", ("latency_ms", "p50")),
        ("latency p99, ms", ("latency_ms", "p99")),
        ("server CPU per command, us", "server_cpu_us_per_command"),
    ]
def get(report, key):
    return report[key[0]][key[1]] if isinstance(key, tuple) else report[key]
print(f"{'':40} {'ours':>12} {'relay':>12} {'ours/relay':>11}")
for label, key in rows:
    a, b = get(ours, key), get(relay, key)
    ratio = f"{a / b:.2f}" if isinstance(a, (int, float)) and b and b > 0 and a >= 0 else "-"
    print(f"{label:40} {a:>12} {b:>12} {ratio:>11}")
EOF
