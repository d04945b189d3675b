#!/usr/bin/env bash
# Failover time of a cluster of two nodes on one PostgreSQL database (README "More than one
# machine"): a node is killed with SIGKILL while a game is played on it; prints how long until
# the other node serves the room and until the room's players have a command acknowledged
# again. Starts its own PostgreSQL on loopback (tests/support/test_postgres.sh) and stops it.
#
#   bench/failover.sh BUILD_DIR [TRIALS] [LEASE_MS]
#   e.g. bench/failover.sh build/dev 10          (the default lease, 3000 ms)
#
# BUILD_DIR is a build with tests (dev or check): the measurement is tests/server/
# failover_bench.cc, hidden from the suite. Timings are wall-clock and dominated by the lease,
# not by CPU, so a dev build measures what a release build would.
set -euo pipefail
build=${1:?usage: bench/failover.sh BUILD_DIR [TRIALS] [LEASE_MS]}
trials=${2:-10}
here=$(cd "$(dirname "$0")/.." && pwd)
state=$(mktemp -d /tmp/carc-failover.XXXXXX)
trap '"$here/tests/support/test_postgres.sh" stop "$state" >/dev/null; rm -rf "$state"' EXIT
"$here/tests/support/test_postgres.sh" start "$state"
export CARC_TEST_PG_STATE=$state CARC_FAILOVER_TRIALS=$trials
if [[ -n "${3:-}" ]]; then export CARC_FAILOVER_LEASE_MS=$3; fi
echo "failover: $trials trials, lease ${3:-default (3000)} ms, $(nproc) cores, $(date -u +%F)"
"$build/tests/server_tests" "[failover-bench]"
