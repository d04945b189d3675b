# shellcheck shell=bash
# Sourced by the bench scripts: starts one fresh carcassonne-server on loopback and stops it,
# and removes its data directory, when the script exits, whatever happens.
#
#   start_server BUILD_DIR PORT NAME [SERVER_FLAGS...]
# sets `data` (the server's data directory, /tmp/carc-NAME.XXXXXX; its log is data/server.log)
# and `server` (its pid), and returns once /healthz answers; after 10 s without an answer it
# prints the log's end and exits 1.
start_server() {
  local build=$1 port=$2 name=$3
  shift 3
  data=$(mktemp -d "/tmp/carc-$name.XXXXXX")
  "$build/server/carcassonne-server" --bind 127.0.0.1 --port "$port" --data-dir "$data" "$@" \
    >"$data/server.log" 2>&1 &
  server=$!
  trap 'kill -INT $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "the server on port $port did not answer /healthz within 10 s; its log ends:" >&2
  tail -n 20 "$data/server.log" >&2
  exit 1
}
