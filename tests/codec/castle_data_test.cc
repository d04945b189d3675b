// The Castle's data files: the embedded set equals engine/data/castle on disk, and broken files
// are refused with a message that names the file, the entry and the problem.
#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "carc/codec/castle/castle_data.h"
#include "carc/engine/castle/castle_play.h"
#include "read_file.h"

namespace carc::test {
namespace {

const std::string kDir = std::string(CARC_SOURCE_DIR) + "/engine/data/castle/";

std::string ErrorOf(const std::string& board, const std::string& tiles) {
  auto parsed = codec::ParseCastleSet(board, tiles);
  const auto* error = std::get_if<std::string>(&parsed);
  return error != nullptr ? *error : "";
}

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

TEST_CASE("K-2 the embedded Castle set is the one in engine/data/castle") {
  const std::string board = ReadFile(kDir + "board.json");
  const std::string tiles = ReadFile(kDir + "tiles.json");
  CHECK(codec::DefaultCastleBoardJson() == board);
  CHECK(codec::DefaultCastleTilesJson() == tiles);
  auto parsed = codec::ParseCastleSet(board, tiles);
  REQUIRE(std::holds_alternative<engine::castle::CastleSet>(parsed));
  CHECK(std::get<engine::castle::CastleSet>(parsed) == *codec::DefaultCastleSet());
}

TEST_CASE("K-2 broken Castle data is refused with a clear message") {
  const std::string board = ReadFile(kDir + "board.json");
  const std::string tiles = ReadFile(kDir + "tiles.json");
  CHECK(ErrorOf("{", tiles).find("not valid JSON") != std::string::npos);
  CHECK(ErrorOf(Replace(board, "carcassonne-castle-board/1", "x"), tiles).find("format") !=
        std::string::npos);
  CHECK(ErrorOf(Replace(board, "\"side\": \"N\"", "\"side\": \"Q\""), tiles)
            .find("side must be N, E, S or W") != std::string::npos);
  CHECK(ErrorOf(board, Replace(tiles, "\"type\": \"tower\"", "\"type\": \"castle\""))
            .find("type must be path, tower, house or court") != std::string::npos);
  CHECK(ErrorOf(board, Replace(tiles, "\"N\": \"t - t\"", "\"N\": \"t t\"")).find("three words") !=
        std::string::npos);
  CHECK(ErrorOf(board, Replace(tiles, "\"N\": \"t - t\"", "\"N\": \"t c t\""))
            .find("at a path point is no path") != std::string::npos);
  CHECK(
      ErrorOf(Replace(board, "\"fields\": [12, 13]", "\"fields\": [0, 1]"), tiles).find("shared") !=
      std::string::npos);
  CHECK(ErrorOf(Replace(board, "\"wall_tile\": false, ", ""), tiles)
            .find("exactly one corner tower must start without a wall tile") != std::string::npos);
}

TEST_CASE("K-2 a Castle board wider or taller than 128 is refused, 128 itself is not") {
  // The state keeps a space's cell in 16 bits; a set beyond the limit must never reach a game.
  const auto set = codec::DefaultCastleSet();
  const auto padded = [&](int columns, int rows) {
    engine::castle::CastleSet s = *set;
    for (std::string& row : s.board.rows) row.resize(static_cast<std::size_t>(columns), '.');
    s.board.rows.resize(static_cast<std::size_t>(rows),
                        std::string(static_cast<std::size_t>(columns), '.'));
    return s;
  };
  const auto widened = [&](int columns, int rows) {
    return engine::castle::Validate(padded(columns, rows));
  };
  const std::string limit = "board: at most 128 columns and 128 rows";
  CHECK(widened(128, 128).find(limit) == std::string::npos);
  CHECK(widened(129, set->height()).find(limit) != std::string::npos);
  CHECK(widened(set->width(), 129).find(limit) != std::string::npos);
  // The whole set still checks out at the limit, and a game on it plays to its end.
  REQUIRE(widened(128, 128).empty());
  engine::castle::CastleConfig config;
  config.set = std::make_shared<const engine::castle::CastleSet>(padded(128, 128));
  config.seed = 5;
  engine::castle::CastleState state(config);
  engine::castle::RandomPlayer player(5);
  engine::castle::PlayOut(state, player);
  CHECK(state.IsOver());
  CHECK(state.placed().size() > 40);
}

}  // namespace
}  // namespace carc::test
