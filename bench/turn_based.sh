#!/usr/bin/env bash
# 10,000 turn-based games in progress for 1,000 accounts (docs/benchmarks.md): GET /api/me/games
# timed, and the server's CPU while the games wait (tests/server/turn_based_bench.cc).
#
#   bench/turn_based.sh BUILD_DIR [GAMES] [ACCOUNTS] [IDLE_SECONDS]
#   e.g. bench/turn_based.sh build/dev
#
# BUILD_DIR is a build with tests (dev or check); the measurement is hidden from the suite.
set -euo pipefail
build=${1:?usage: bench/turn_based.sh BUILD_DIR [GAMES] [ACCOUNTS] [IDLE_SECONDS]}
export CARC_TURN_BASED_GAMES=${2:-10000} CARC_TURN_BASED_ACCOUNTS=${3:-1000}
export CARC_TURN_BASED_IDLE_S=${4:-120}
echo "turn-based: $CARC_TURN_BASED_GAMES games, $CARC_TURN_BASED_ACCOUNTS accounts, $(nproc) cores, $(date -u +%F)"
"$build/tests/server_tests" "[turn-based-bench]"
