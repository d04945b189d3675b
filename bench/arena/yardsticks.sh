#!/usr/bin/env bash
# The computer players' yardstick games (docs/ratings.md, "Computer players as the yardstick"):
# for one pool, 100 two-player games of each pairing of easy, medium and hard, so that each level
# plays 200, kept in bench/arena/logs/POOL-PAIRING.jsonl; then their ratings.
#
#   bench/arena/yardsticks.sh CLI POOL [PARALLEL]
#     CLI       the carcassonne binary (a release build: build/release/clients/cli/carcassonne)
#     POOL      base, count or castle
#     PARALLEL  games at once (default 1)
#
# mcts searches a fixed number of iterations per millisecond of its budget (the rate hard reached
# in its second on the machine that measured the yardsticks, idle), not by the clock: the games do
# not depend on how busy the machine is, and anyone replays them move for move. A run stopped
# (Ctrl-C, a reboot) is taken up where it stopped: the logs keep every finished game.
set -euo pipefail
cli=${1:?usage: yardsticks.sh CLI POOL [PARALLEL]}
pool=${2:?usage: yardsticks.sh CLI POOL [PARALLEL]}
parallel=${3:-1}
logs="$(dirname "$0")/logs"
case "$pool" in
  base) game=(--game base); rate=52 ;;
  count) game=(--game base --expansion count); rate=51 ;;
  castle) game=(--game castle); rate=40 ;;
  *) echo "yardsticks.sh: POOL is base, count or castle, not '$pool'" >&2; exit 2 ;;
esac
mkdir -p "$logs"
for pairing in easy-medium easy-hard medium-hard; do
  a=${pairing%-*}
  b=${pairing#*-}
  echo "== $pool: $a against $b" >&2
  "$cli" arena "${game[@]}" --a "$a" --b "$b" --games 100 --seed 1 --parallel "$parallel" \
    --iterations-per-ms "$rate" --log "$logs/$pool-$pairing.jsonl" >&2
done
"$cli" arena-ratings "$logs/$pool-easy-medium.jsonl" "$logs/$pool-easy-hard.jsonl" \
  "$logs/$pool-medium-hard.jsonl"
