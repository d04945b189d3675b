#!/usr/bin/env bash
# The reverse-proxy examples of deploy/ (Caddyfile, nginx/carcassonne-proxy.conf) in front of a
# real carcassonne-server, all on loopback: through each proxy the WebSocket upgrade passes, a
# whole bot game is played, and the server sees the client's own address (127.0.0.5), not the
# proxy's, because it trusts the proxy (--trusted-proxies 127.0.0.1). A client that is not a
# trusted proxy cannot choose its address with X-Forwarded-For.
#
# Usage: proxy_test.sh SERVER_BINARY CLI_BINARY   (needs caddy, nginx, curl; bounded: ~10 s, 2 min at most)
set -euo pipefail
server_bin=$1
cli_bin=$2
here=$(cd "$(dirname "$0")" && pwd)
deploy=$(cd "$here/../../deploy" && pwd)
work=$(mktemp -d /tmp/carc-proxy-test.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# shellcheck source=tests/deploy/common.sh
source "$(dirname "$0")/common.sh"
fail() {
  echo "proxy_test: FAILED: $*" >&2
  echo "--- server log:" >&2
  tail -n 30 "$work/server.log" >&2 || true
  exit 1
}

upstream=$(free_port)
"$server_bin" --bind 127.0.0.1 --port "$upstream" --data-dir "$work/data" --durability normal \
  --trusted-proxies 127.0.0.1 --log-level debug >>"$work/server.log" 2>&1 &
pids+=($!)
wait_http "http://127.0.0.1:$upstream/healthz" "$work/server.log"

# A client that is not a trusted proxy: its X-Forwarded-For is ignored.
key="dGhlIHNhbXBsZSBub25jZQ=="
ws_upgrade() {  # URL SOURCE_ADDRESS [extra curl args]: prints the status line of the answer
  local url=$1 source=$2
  shift 2
  curl -sS --max-time 2 --interface "$source" -o /dev/null -w '%{http_code}' \
    -H "Connection: Upgrade" -H "Upgrade: websocket" -H "Sec-WebSocket-Version: 13" \
    -H "Sec-WebSocket-Key: $key" "$@" "$url" 2>/dev/null || true
}
code=$(ws_upgrade "http://127.0.0.1:$upstream/ws" 127.0.0.7 -H "X-Forwarded-For: 10.9.8.7")
[[ "$code" == 101 ]] || fail "direct upgrade answered $code"
sleep 0.3
grep -q "from 127.0.0.7" "$work/server.log" || fail "the direct client's address is not 127.0.0.7"
if grep -q "10.9.8.7" "$work/server.log"; then fail "an untrusted X-Forwarded-For was believed"; fi

check_proxy() {  # NAME PORT LOG
  local name=$1 port=$2 log=$3
  wait_http "http://127.0.0.1:$port/healthz" "$log" "$work/server.log"
  local code
  code=$(ws_upgrade "http://127.0.0.1:$port/ws" 127.0.0.5 -H "X-Forwarded-For: 10.1.2.3")
  [[ "$code" == 101 ]] || fail "$name: the WebSocket upgrade answered $code"
  sleep 0.3
  grep -q "from 127.0.0.5" "$work/server.log" || fail "$name: the server did not see 127.0.0.5"
  if grep -q "10.1.2.3" "$work/server.log"; then fail "$name: a client's own X-Forwarded-For was believed"; fi
  local out
  out=$(timeout 30 "$cli_bin" bot --server "ws://127.0.0.1:$port" --create --seats 2 2>/dev/null) ||
    fail "$name: the bot game through the proxy failed"
  grep -q '"final"' <<<"$out" || fail "$name: no final scores: $out"
  echo "proxy_test: $name passes WebSocket upgrades and the client's address; a bot game played through it"
  : >"$work/server.log.mark"
}

# Caddy, with deploy/Caddyfile as it is.
caddy_port=$(free_port)
admin_port=$(free_port)
CARC_SITE="http://127.0.0.1:$caddy_port" CARC_UPSTREAM="127.0.0.1:$upstream" \
  CARC_CADDY_ADMIN="127.0.0.1:$admin_port" XDG_DATA_HOME="$work/caddy" XDG_CONFIG_HOME="$work/caddy" \
  caddy run --config "$deploy/Caddyfile" --adapter caddyfile >"$work/caddy.log" 2>&1 &
pids+=($!)
check_proxy caddy "$caddy_port" "$work/caddy.log"

# nginx, with deploy/nginx/carcassonne-proxy.conf included as it is, but for the upstream port.
nginx_port=$(free_port)
mkdir -p "$work/nginx"
sed "s#http://127.0.0.1:8080#http://127.0.0.1:$upstream#" "$deploy/nginx/carcassonne-proxy.conf" \
  >"$work/nginx/carcassonne-proxy.conf"
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:$nginx_port;
    include $work/nginx/carcassonne-proxy.conf;
  }
}
CONF
# The server's log is checked afresh for the second proxy.
: >"$work/server.log"
nginx -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
pids+=($!)
check_proxy nginx "$nginx_port" "$work/nginx/error.log"
echo "proxy_test: all passed"
