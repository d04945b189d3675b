# shellcheck shell=bash
# Sourced by the deploy tests: a free loopback port, and waiting for an HTTP endpoint.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
wait_http() {  # URL: until it answers 200 (15 s at most)
  for _ in $(seq 150); do
    if curl -fsS -o /dev/null --max-time 1 "$1" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "$(basename "$0"): $1 never answered" >&2
  return 1
}
