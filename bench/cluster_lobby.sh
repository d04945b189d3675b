#!/usr/bin/env bash
# The lobby of a cluster (README "More than one machine"): how stale a node's list of the other
# nodes' public rooms is and what the polling that keeps it costs (tests/server/
# listing_bench.cc), and what a Redirect costs a client that joins a room through another node
# (tests/server/redirect_bench.cc). Starts its own PostgreSQL on loopback
# (tests/support/test_postgres.sh) and stops it.
#
#   bench/cluster_lobby.sh BUILD_DIR [TRIALS]
#   e.g. bench/cluster_lobby.sh build/dev 20
#
# BUILD_DIR is a build with tests (dev or check); the measurements are hidden from the suite.
set -euo pipefail
build=${1:?usage: bench/cluster_lobby.sh BUILD_DIR [TRIALS]}
trials=${2:-20}
here=$(cd "$(dirname "$0")/.." && pwd)
state=$(mktemp -d /tmp/carc-listing.XXXXXX)
trap '"$here/tests/support/test_postgres.sh" stop "$state" >/dev/null; rm -rf "$state"' EXIT
"$here/tests/support/test_postgres.sh" start "$state" >/dev/null
export CARC_TEST_PG_STATE=$state CARC_LISTING_TRIALS=$trials CARC_REDIRECT_TRIALS=$((trials * 5))
echo "cluster lobby: $trials trials, default lease (3000 ms), $(nproc) cores, $(date -u +%F)"
"$build/tests/server_tests" "[listing-bench]"
"$build/tests/server_tests" "[redirect-bench]"
