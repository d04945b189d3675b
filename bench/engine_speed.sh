#!/usr/bin/env bash
# The engines' speed in one run: `carcassonne bench` for each game and player count, ROUNDS
# times in turn (so that a slow minute of a shared machine hits every row alike), on one core.
# Prints a Markdown table of the medians: games/s, turns/s and a mid-game state copy.
#
# Usage: bench/engine_speed.sh CLI_BINARY [GAMES] [ROUNDS]   (defaults: 20000 games, 5 rounds)
set -euo pipefail
cli=${1:?usage: bench/engine_speed.sh CLI_BINARY [GAMES] [ROUNDS]}
games=${2:-20000}
rounds=${3:-5}
configs=("--game castle" "--players 2" "--players 4" "--players 2 --expansion count"
  "--players 4 --expansion count")
# taskset keeps the run on one core where it exists.
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 1); fi

work=$(mktemp -d /tmp/carc-speed.XXXXXX)
trap 'rm -rf "$work"' EXIT
for ((r = 1; r <= rounds; r++)); do
  echo "round $r of $rounds" >&2
  for i in "${!configs[@]}"; do
    # shellcheck disable=SC2086
    "${pin[@]}" "$cli" bench --games "$games" --seed 1 ${configs[$i]} >"$work/$i.$r"
  done
done

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
field() { sed -n "s#^$1: \\([0-9.]*\\).*#\\1#p" "$work/$2".*; }

echo "| ARGS | games/s | turns/s | state copy (ns) | state copy (KiB) |"
echo "| --- | ---: | ---: | ---: | ---: |"
for i in "${!configs[@]}"; do
  games_s=$(field "games/s" "$i" | median)
  turns_s=$(field "turns/s" "$i" | median)
  copy_ns=$(field "state copy" "$i" | median)
  copy_kib=$(sed -n 's/^state copy: [0-9]* ns, \([0-9.]*\) KiB.*/\1/p' "$work/$i".* | median)
  printf '| `%s` | %.0f | %.0f | %.0f | %s |\n' "${configs[$i]}" "$games_s" "$turns_s" "$copy_ns" "$copy_kib"
done
