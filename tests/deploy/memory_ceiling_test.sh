#!/usr/bin/env bash
# The memory ceiling the Dockerfile sets (ENV CARC_MEMORY_MAX_MIB), on a release build: the
# server starts under it, the kernel holds it (/proc/PID/limits, "Max data size") and /metrics
# reports it. Sanitizer builds map terabytes of shadow memory and cannot run under a ceiling,
# so this runs on the release build, in .ci/run's Dockerfile stage.
#
#   tests/deploy/memory_ceiling_test.sh SERVER_BINARY
set -euo pipefail
server=${1:?usage: memory_ceiling_test.sh SERVER_BINARY}
# shellcheck source=tests/deploy/common.sh
source "$(dirname "$0")/common.sh"
dir=$(mktemp -d)
port=$(free_port)
pid=""
cleanup() {
  if [[ -n "$pid" ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT

# The Dockerfile's value, read from it: the test follows what ships.
mib=$(sed -n 's/.*CARC_MEMORY_MAX_MIB=\([0-9]*\).*/\1/p' "$(dirname "$0")/../../Dockerfile")
[[ -n "$mib" ]] || { echo "memory_ceiling_test: the Dockerfile sets no CARC_MEMORY_MAX_MIB" >&2; exit 1; }
CARC_MEMORY_MAX_MIB=$mib "$server" --bind 127.0.0.1 --port "$port" --data-dir "$dir" >"$dir/log" 2>&1 &
pid=$!
wait_http "http://127.0.0.1:$port/healthz" "$dir/log"
limit=$(awk '/^Max data size/ {print $4}' "/proc/$pid/limits")
expected=$((mib * 1024 * 1024))
[[ "$limit" == "$expected" ]] || { echo "memory_ceiling_test: Max data size $limit, expected $expected" >&2; exit 1; }
metric=$(curl -fsS "http://127.0.0.1:$port/metrics" | awk '$1 == "carc_memory_ceiling_bytes" {print $2}')
[[ "$metric" == "$expected" ]] || { echo "memory_ceiling_test: carc_memory_ceiling_bytes $metric" >&2; exit 1; }
rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status")
echo "memory_ceiling_test: CARC_MEMORY_MAX_MIB=$mib held (Max data size $limit bytes, /metrics agrees; resident ${rss} KiB)"
