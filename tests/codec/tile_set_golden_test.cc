// The tile set pinned across languages. tests/golden/base_tile_set.json holds the tile set
// exactly as snapshots carry it: a BaseView whose only field is `tile_set`, its protobuf bytes
// in hex. This test checks the file against the engine; the web client's renderer tests draw
// from the same file, so a change of the set shows on both sides.
// With CARC_WRITE_GOLDEN=1 in the environment it rewrites the file instead
// (tests/golden/regenerate.sh does that).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "carc/codec/proto_codec.h"
#include "carc/engine/game_config.h"
#include "carc/engine/game_state.h"
#include "carc/engine/player_view.h"
#include "golden_file.h"
#include "read_file.h"

namespace fs = std::filesystem;
using namespace carc;
using test::Golden;
using test::Hex;
using test::Unhex;

namespace {

// The tile set of a fresh base game as the first snapshot carries it, and nothing else.
v1::BaseView TileSetView() {
  const engine::GameState state(engine::GameConfig{});
  const v1::BaseView full = codec::ViewToProto(engine::ViewFor(state, engine::kSpectator), true);
  v1::BaseView out;
  *out.mutable_tile_set() = full.tile_set();
  return out;
}

}  // namespace

TEST_CASE("Tile set golden view: the file matches the engine's tile set", "[golden][tileset]") {
  const fs::path file = Golden("base_tile_set.json");
  if (const char* w = std::getenv("CARC_WRITE_GOLDEN"); w != nullptr && std::string(w) == "1") {
    const nlohmann::json out = {{"view_hex", Hex(TileSetView().SerializeAsString())}};
    std::ofstream(file) << out.dump(2) << "\n";
    WARN("rewrote " << file.string());
  }
  const auto golden = nlohmann::json::parse(test::ReadFile(file));
  REQUIRE(golden.size() == 1);
  v1::BaseView stored;
  REQUIRE(stored.ParseFromString(Unhex(golden["view_hex"].get<std::string>())));
  const v1::BaseView current = TileSetView();
  // Every kind of the base set (A..X), and only the tile set: renderers take the file as is.
  CHECK(stored.tile_set_size() == 24);
  v1::BaseView only_tile_set;
  *only_tile_set.mutable_tile_set() = stored.tile_set();
  CHECK(stored.SerializeAsString() == only_tile_set.SerializeAsString());
  CHECK(stored.SerializeAsString() == current.SerializeAsString());
}
