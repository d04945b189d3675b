# shellcheck shell=bash
# Sourced by the deploy tests: a free loopback port, and waiting for an HTTP endpoint.

# A port below the kernel's ephemeral range (ip_local_port_range starts at 32768): a port taken
# from that range can be handed, before our server binds it, to an outgoing connection of a test
# running beside this one, and then the server cannot listen on it.
free_port() {
  python3 - <<'PY'
import random, socket
for _ in range(200):
    port = random.randint(20000, 32000)
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break
else:
    raise SystemExit("no free port in 20000..32000")
PY
}

# URL [LOG...]: until it answers 200 (30 s at most); on failure the named logs' tails are shown,
# so that a slow start and a process that died are told apart.
wait_http() {
  local url=$1
  shift
  local deadline=$((SECONDS + 30))
  while ((SECONDS < deadline)); do
    if curl -fsS -o /dev/null --max-time 1 "$url" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "$(basename "$0"): $url never answered within 30 s" >&2
  local log
  for log in "$@"; do
    echo "--- $log:" >&2
    tail -n 30 "$log" >&2 || true
  done
  return 1
}
