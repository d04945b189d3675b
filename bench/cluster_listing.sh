#!/usr/bin/env bash
# The cluster-wide room list (README "More than one machine"): how stale a node's list of the
# other nodes' public rooms is, and what the polling that keeps it costs. Starts its own
# PostgreSQL on loopback (tests/support/test_postgres.sh) and stops it.
#
#   bench/cluster_listing.sh BUILD_DIR [TRIALS]
#   e.g. bench/cluster_listing.sh build/dev 20
#
# BUILD_DIR is a build with tests (dev or check): the measurement is tests/server/
# listing_bench.cc, hidden from the suite.
set -euo pipefail
build=${1:?usage: bench/cluster_listing.sh BUILD_DIR [TRIALS]}
trials=${2:-20}
here=$(cd "$(dirname "$0")/.." && pwd)
state=$(mktemp -d /tmp/carc-listing.XXXXXX)
trap '"$here/tests/support/test_postgres.sh" stop "$state" >/dev/null; rm -rf "$state"' EXIT
"$here/tests/support/test_postgres.sh" start "$state" >/dev/null
export CARC_TEST_PG_STATE=$state CARC_LISTING_TRIALS=$trials
echo "cluster listing: $trials trials, default lease (3000 ms), $(nproc) cores, $(date -u +%F)"
"$build/tests/server_tests" "[listing-bench]"
