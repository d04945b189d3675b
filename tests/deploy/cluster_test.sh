#!/usr/bin/env bash
# deploy/compose.cluster.yaml without Docker: its three nodes and its Caddy front
# (deploy/cluster/Caddyfile) started on loopback with the environment the compose file gives
# them, the services' host names mapped to loopback ports, on a real PostgreSQL. Through the
# front: a bot game whose seats land on different nodes and are sent on by Redirects to
# /node/<id>/ws; the room list of the whole cluster on any node; and `carcassonne load` through
# the front while the node holding most of its rooms is killed with SIGKILL: every seat is
# connected again at the end.
#
# What differs from a real deployment, and why: plain HTTP on a loopback port instead of HTTPS
# (no certificate for 127.0.0.1), so the advertised wss:// URLs become ws://; the front's
# address is 127.0.0.1 instead of 172.28.0.10; PostgreSQL is the test server (trust
# authentication, so the password is not checked).
#
# Usage: cluster_test.sh SERVER_BINARY CLI_BINARY   (needs caddy, curl, python3-yaml and a
# PostgreSQL: CARC_TEST_PG_STATE, the ctest fixture's, or one started here; bounded: ~60 s)
set -euo pipefail
server_bin=$1
cli_bin=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d /tmp/carc-cluster-test.XXXXXX)
pids=()
own_pg=""
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  if [[ -n "$own_pg" ]]; then "$root/tests/support/test_postgres.sh" stop "$own_pg" >/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=tests/deploy/common.sh
source "$(dirname "$0")/common.sh"
fail() {
  echo "cluster_test: FAILED: $*" >&2
  for log in "$work"/*.log; do
    echo "--- $log:" >&2
    tail -n 15 "$log" >&2 || true
  done
  exit 1
}
metric() {  # PORT NAME: an unlabelled sample of that node's /metrics
  curl -fsS --max-time 2 "http://127.0.0.1:$1/metrics" | awk -v n="$2" '$1 == n { print $2 }'
}

if [[ -z "${CARC_TEST_PG_STATE:-}" ]]; then
  own_pg=$work/pg
  "$root/tests/support/test_postgres.sh" start "$own_pg" >/dev/null
  CARC_TEST_PG_STATE=$own_pg
fi
pg_url=$(cat "$CARC_TEST_PG_STATE/url")  # postgresql://carc@127.0.0.1:PORT/postgres
pg_hostport=${pg_url#*@}
pg_hostport=${pg_hostport%%/*}
db="compose_$$_$RANDOM"
psql "$pg_url" -qAtc "CREATE DATABASE $db" >/dev/null

front=$(free_port)
declare -A node_port=([a]=$(free_port) [b]=$(free_port) [c]=$(free_port))

# The compose file's environment for a service, with its ${...} and its service names replaced
# by what they are here; one NAME=VALUE per line.
compose_env() {
  python3 - "$root/deploy/compose.cluster.yaml" "$1" <<PY
import re, sys, yaml
compose = yaml.safe_load(open(sys.argv[1]))
env = compose["services"][sys.argv[2]]["environment"]
given = {"CARC_DB_PASSWORD": "unused", "CARC_SITE": "127.0.0.1:$front"}
def expand(v):
    v = re.sub(r"\\$\{(\w+)(:\?[^}]*)?\}", lambda m: given[m.group(1)], str(v))
    v = v.replace("@postgres:5432/carc", "@$pg_hostport/$db")
    v = v.replace("wss://", "ws://").replace("172.28.0.10", "127.0.0.1")
    for name, port in (("node-a", ${node_port[a]}), ("node-b", ${node_port[b]}),
                       ("node-c", ${node_port[c]})):
        v = v.replace(name + ":8080", "127.0.0.1:%d" % port)
    return v
for k, v in env.items():
    print("%s=%s" % (k, expand(v)))
PY
}

start_node() {  # ID
  local id=$1
  local -a vars
  mapfile -t vars < <(compose_env "node-$id")
  [[ " ${vars[*]} " == *" CARC_NODE_ID=$id "* ]] || fail "node-$id's environment: ${vars[*]}"
  env "${vars[@]}" CARC_LOG_FORMAT=text "$server_bin" --bind 127.0.0.1 --port "${node_port[$id]}" \
    --data-dir "$work/data-$id" >>"$work/node-$id.log" 2>&1 &
  pids+=($!)
  eval "pid_$id=$!"
}
for id in a b c; do start_node "$id"; done
for id in a b c; do wait_http "http://127.0.0.1:${node_port[$id]}/healthz" "$work/node-$id.log"; done
grep -q "joined" "$work/node-a.log" || fail "node a did not join the cluster"

mapfile -t front_vars < <(compose_env front)
env "${front_vars[@]}" CARC_SITE="http://127.0.0.1:$front" \
  CARC_CADDY_ADMIN="127.0.0.1:$(free_port)" XDG_DATA_HOME="$work/caddy" \
  XDG_CONFIG_HOME="$work/caddy" caddy run --config "$root/deploy/cluster/Caddyfile" \
  --adapter caddyfile >"$work/caddy.log" 2>&1 &
pids+=($!)
wait_http "http://127.0.0.1:$front/healthz" "$work/caddy.log"
for id in a b c; do
  wait_http "http://127.0.0.1:$front/node/$id/healthz" "$work/caddy.log" "$work/node-$id.log"
done
echo "cluster_test: 3 nodes and the front are up (front port $front)"

# A game of 3 seats, each on its own connection through the front's /ws: round robin puts
# them on different nodes, and the room's node is reached through /node/<id>/ws.
out=$(timeout 60 "$cli_bin" bot --server "ws://127.0.0.1:$front/ws" --create --public \
  --seats 3 --seed 7 2>"$work/bot.err") || fail "the bot game through the front failed: $(cat "$work/bot.err")"
grep -q '"final"' <<<"$out" || fail "no final scores: $out"
redirects=0
for id in a b c; do
  redirects=$((redirects + $(metric "${node_port[$id]}" carc_cluster_redirects_total)))
done
((redirects >= 1)) || fail "no seat was sent on to the room's node"
echo "cluster_test: a bot game through the front, its seats sent on by $redirects redirect(s)"

# A public room on one node is listed through any node.
"$cli_bin" bot --server "ws://127.0.0.1:${node_port[a]}/ws" --create --public --players 2 \
  --seats 1 --timeout 20 >/dev/null 2>"$work/host.err" &
host=$!
pids+=($host)
code=""
for _ in $(seq 50); do
  code=$(sed -n 's/^room \([A-Z0-9]*\)$/\1/p' "$work/host.err" | head -n1)
  [[ -n "$code" ]] && break
  sleep 0.1
done
[[ -n "$code" ]] || fail "the host printed no room code: $(cat "$work/host.err")"
listed=""
for _ in $(seq 50); do  # two periods of the default lease's third, 2 s, at most
  if "$cli_bin" rooms --server "ws://127.0.0.1:${node_port[c]}/ws" 2>/dev/null | grep -q "$code"; then
    listed=yes
    break
  fi
  sleep 0.2
done
[[ -n "$listed" ]] || fail "node c does not list node a's public room $code"
kill "$host" 2>/dev/null || true
echo "cluster_test: node c lists node a's public room $code"

leases() {  # ID: the rooms that node holds now
  local n
  n=$(metric "${node_port[$1]}" carc_cluster_leases 2>/dev/null || true)
  echo "${n:-0}"
}
declare -A before
for id in a b c; do before[$id]=$(leases "$id"); done

# Load through the front; 4 s in, the node that took the most of its rooms is killed (which
# node round robin gives a room to is chance: the node is chosen by what it holds). Every seat
# must be connected at the end.
"$cli_bin" load --server "ws://127.0.0.1:$front/ws" --rooms 6 --players 2 --think-ms 60 \
  --duration 12 --threads 2 --settle 0 --json >"$work/load.json" 2>"$work/load.err" &
load=$!
sleep 4
victim=""
most=0
for id in a b c; do
  gained=$(($(leases "$id") - ${before[$id]}))
  if ((gained > most)); then
    most=$gained
    victim=$id
  fi
done
[[ -n "$victim" ]] || fail "no node took a room of the load in 4 s"
victim_pid=pid_$victim
kill -KILL "${!victim_pid}"
echo "cluster_test: node $victim (holding $most of the load's rooms) killed"
wait "$load" || fail "load through the front ended badly: $(cat "$work/load.json" "$work/load.err")"
python3 - "$work/load.json" <<'PY' || fail "load: $(cat "$work/load.json")"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["connections_held"] == 12, "seats held at the end: %s" % r["connections_held"]
assert r["commands"] > 50, "commands: %s" % r["commands"]
assert r["connections_lost"] >= 1, "no seat was on the killed node"
assert r["connections_regained"] >= r["connections_lost"], "seats that never came back"
print("cluster_test: load through the front with a node killed: %d commands, %d connections "
      "lost and %d regained, %d redirects; all 12 seats connected at the end"
      % (r["commands"], r["connections_lost"], r["connections_regained"], r["redirects"]))
PY
echo "cluster_test: all passed"
