// The Castle's data files: the embedded set equals engine/data/castle on disk, and broken files
// are refused with a message that names the file, the entry and the problem.
#include <catch2/catch.hpp>
#include <string>

#include "carc/codec/castle/castle_data.h"
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

}  // namespace
}  // namespace carc::test
