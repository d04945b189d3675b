#!/usr/bin/env bash
# Rewrites the golden records, the bench signature, the PublicHash views and the tile set from
# the current engine.
# Run it only for a deliberate change of behaviour, and say so in the commit.
# Usage: tests/golden/regenerate.sh path/to/carcassonne path/to/codec_tests
set -euo pipefail
cli=${1:?usage: regenerate.sh path/to/carcassonne path/to/codec_tests}
codec_tests=${2:?usage: regenerate.sh path/to/carcassonne path/to/codec_tests}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$here/records"
mkdir -p "$here/records"
play() {  # name players seed rules
  local tmp
  tmp=$(mktemp -d)
  "$cli" selfplay --games 1 --players "$2" --seed "$3" --rules "$4" --out "$tmp" >/dev/null
  mv "$tmp"/*.json "$here/records/$1.json"
  rmdir "$tmp"
}
play base_2p 2 11 ""
play base_3p 3 12 ""
play base_4p 4 13 ""
play base_5p 5 14 ""
play base_6p 6 15 ""
play c1_farms_4p 4 21 "farm_scoring=c1"
play no_farmers_3p 3 22 "farmers=false"
play small_city_2p 2 23 "small_city=true"
play no_incomplete_3p 3 24 "incomplete_features_score=false"
play hand3_private_3p 3 25 "hand_size=3,hand_visibility=private"
play hand1_2p 2 26 "hand_size=1"
play hole_extra_turn_4p 4 27 "extra_turn_on_hole=true"
play table_7x7_closes_2p 2 28 "board_limit=7x7,edge_closes_features=true"
play table_5x9_reshuffle_3p 3 29 "board_limit=5x9,unplaceable_tile=reshuffle"
rm -rf "$here/castle_records"
mkdir -p "$here/castle_records"
tmp=$(mktemp -d)
"$cli" selfplay --game castle --games 3 --seed 5 --out "$tmp" >/dev/null
for i in 0 1 2; do mv "$tmp/game-5-00000$i.json" "$here/castle_records/castle_selfplay_seed5_$i.json"; done
rmdir "$tmp"
# What `carcassonne replay --check` prints for the shared records and the golden ones (file
# names without their folders): the CLI test compares it byte for byte.
shared=$(cd "$here/../../.." && pwd)/shared/records
# shellcheck disable=SC2046
"$cli" replay --check $(ls "$shared"/*.json | sort) $(ls "$here"/records/*.json | sort) \
  $(ls "$here"/castle_records/*.json | sort) |
  sed -E 's#"file":"[^"]*/([^"/]*)"#"file":"\1"#' > "$here/replay_check.jsonl"
# The games and their option tables (the web client's tests build option forms from it).
"$cli" games --json > "$here/game_table.json"
"$cli" bench --games 500 --players 3 --seed 42 | sed -n 's/^signature: //p' > "$here/bench_signature.txt"
# The PublicHash views (read by the C++ codec tests and the web client's unit tests).
CARC_WRITE_GOLDEN=1 "$codec_tests" "[hash]" >/dev/null
# The tile set as snapshots carry it (read by the C++ codec tests and the web client's tests).
CARC_WRITE_GOLDEN=1 "$codec_tests" "[tileset]" >/dev/null
echo "golden records (base and Castle), their replay report, the game table, bench signature, PublicHash views and tile set rewritten in $here"
