#!/usr/bin/env bash
# The leaderboard over 100,000 rated players (docs/benchmarks.md, docs/ratings.md): GET
# /api/leaderboard's query timed in SQLite and PostgreSQL for pages 1, 100 and 200, with the
# plan each store chooses (tests/server/leaderboard_bench.cc). Starts its own PostgreSQL on
# loopback (tests/support/test_postgres.sh) and stops it.
#
#   bench/leaderboard.sh BUILD_DIR [TRIALS]
#   e.g. bench/leaderboard.sh build/dev 200
#
# BUILD_DIR is a build with tests (dev or check); the measurement is hidden from the suite.
set -euo pipefail
build=${1:?usage: bench/leaderboard.sh BUILD_DIR [TRIALS]}
trials=${2:-200}
here=$(cd "$(dirname "$0")/.." && pwd)
state=$(mktemp -d /tmp/carc-leaderboard.XXXXXX)
trap '"$here/tests/support/test_postgres.sh" stop "$state" >/dev/null; rm -rf "$state"' EXIT
"$here/tests/support/test_postgres.sh" start "$state" >/dev/null
export CARC_TEST_PG_STATE=$state CARC_LEADERBOARD_TRIALS=$trials
echo "leaderboard: $trials trials a page, $(nproc) cores, $(date -u +%F)"
"$build/tests/server_tests" "[leaderboard-bench]"
