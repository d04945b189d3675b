#!/usr/bin/env bash
# `carcassonne load` against three set-ups, in one run and with the same load, so that their
# figures compare as ratios: one node on its embedded SQLite store; one node on PostgreSQL; three
# nodes sharing that PostgreSQL (the load's rooms spread round robin over them). PostgreSQL is
# Debian's postgresql-15, started on loopback for the run with fsync and full page writes on
# (tests/support/test_postgres.sh, CARC_PG_DURABLE=1) and stopped at the end; its settings are
# printed. Every server gets capacity.sh's raised limits (the load is one process, not many
# people). Prints one line of figures per set-up, then each run's JSON.
#
#   bench/cluster_load.sh BUILD_DIR full|normal LOAD_ARGS...
#   e.g. bench/cluster_load.sh build/dev normal --rooms 30 --players 2 --duration 20
#
# --durability: full commits each batch durably (SQLite synchronous=FULL, PostgreSQL
# synchronous_commit=on); normal does not wait for the disk (SQLite synchronous=NORMAL in WAL
# mode, PostgreSQL synchronous_commit=off). Ports 18101..18104 on 127.0.0.1.
set -euo pipefail
build=${1:?usage: bench/cluster_load.sh BUILD_DIR full|normal LOAD_ARGS...}
durability=${2:?usage: bench/cluster_load.sh BUILD_DIR full|normal LOAD_ARGS...}
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/carc-cluster-load.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  "$here/tests/support/test_postgres.sh" stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
limits=(--durability "$durability" --max-connections 10500 --max-connections-per-address 2000
  --rate-per-second 100000 --rate-burst 100000 --max-rooms 100000 --max-rooms-per-address 100000)

# start_node PORT NAME [FLAGS...]: a server on 127.0.0.1:PORT, its data and log in $work/NAME.
start_node() {
  local port=$1 name=$2
  shift 2
  mkdir -p "$work/$name"
  "$build/server/carcassonne-server" --bind 127.0.0.1 --port "$port" --data-dir "$work/$name" \
    "${limits[@]}" "$@" >"$work/$name/server.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "the server on port $port did not answer /healthz within 10 s; its log ends:" >&2
  tail -n 20 "$work/$name/server.log" >&2
  exit 1
}
stop_nodes() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
}
# run NAME LABEL SERVERS LOAD_ARGS...: the load against SERVERS; its JSON in $work/NAME.json,
# a line of figures under LABEL.
run() {
  local name=$1 label=$2 servers=$3
  shift 3
  "$build/clients/cli/carcassonne" load --server "$servers" --json --settle 0 "$@" \
    >"$work/$name.json" || true
  python3 - "$label" "$work/$name.json" <<'PY'
import json, sys
name, path = sys.argv[1], sys.argv[2]
r = json.load(open(path))
l = r["latency_ms"]
print(f"{name:<22} {r['commands_per_s']:>10.1f} {l['p50']:>8.2f} {l['p99']:>8.2f} "
      f"{r['server_cpu_us_per_command']:>10.1f} {r['connections_held']:>5} "
      f"{sum(r['errors'].values()):>6}")
PY
}

CARC_PG_DURABLE=1 "$here/tests/support/test_postgres.sh" start "$work/pg" >/dev/null
url=$(cat "$work/pg/url")
echo "cluster_load: $(nproc) cores, $(date -u +%F), durability $durability, load: $*"
echo -n "PostgreSQL $(psql "$url" -Atc 'SHOW server_version'):"
psql "$url" -Atc "SELECT ' ' || name || '=' || setting || COALESCE(unit, '') FROM pg_settings \
  WHERE name IN ('fsync', 'full_page_writes', 'shared_buffers', 'wal_level', 'max_connections', \
  'synchronous_commit', 'commit_delay') ORDER BY name" | tr -d '\n'
echo " (synchronous_commit is set per session by --durability)"
printf '%-22s %10s %8s %8s %10s %5s %6s\n' set-up "commands/s" "p50 ms" "p99 ms" "cpu us/cmd" held errors

start_node 18101 sqlite
run sqlite "1 node, SQLite" ws://127.0.0.1:18101 "$@"
stop_nodes

psql "$url" -Atc "CREATE DATABASE one" >/dev/null
start_node 18101 pg1 --store "${url%/*}/one" --node-id n0
run pg1 "1 node, PostgreSQL" ws://127.0.0.1:18101 "$@"
stop_nodes

psql "$url" -Atc "CREATE DATABASE three" >/dev/null
for i in 0 1 2; do
  start_node $((18102 + i)) "pg3-$i" --store "${url%/*}/three" --node-id "n$i"
done
run pg3 "3 nodes, PostgreSQL" ws://127.0.0.1:18102,ws://127.0.0.1:18103,ws://127.0.0.1:18104 "$@"
stop_nodes

for f in "$work"/*.json; do
  echo "$(basename "$f" .json): $(cat "$f")"
done
