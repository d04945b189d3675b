// What a connection receives of a Castle game: nothing hidden (the stack order, the seed, the
// face-down wall tiles), the board and tiles as the server uses them, legal moves only for the
// seat to move, and commands decoded without trusting the wire.
#include <catch2/catch.hpp>

#include "carc/codec/castle/castle_data.h"
#include "carc/codec/castle/castle_stream.h"
#include "carc/engine/castle/castle_play.h"

namespace carc::test {
namespace {

namespace castle = engine::castle;

// Plays `moves` random commands of a game with the given secrets.
castle::CastleState PlayWith(std::vector<int> draws, std::vector<castle::WallTile> wall, int moves,
                             std::vector<castle::Event>* last = nullptr) {
  castle::CastleConfig config;
  config.set = codec::DefaultCastleSet();
  config.first_player = 0;
  config.draw_order = std::move(draws);
  config.wall_tiles = std::move(wall);
  castle::CastleState state(config);
  castle::RandomPlayer player(99);
  for (int i = 0; i < moves && !state.IsOver(); ++i) {
    const auto c = player.Choose(state);
    std::vector<castle::Event> events;
    REQUIRE(state.Apply(c.seat, c.command, &events) == engine::RejectReason::kNone);
    if (last != nullptr) *last = events;
  }
  return state;
}

TEST_CASE("K-3 K-4 hidden information: the stack order and the face-down wall tiles never leave") {
  // Two games with the same public history (the same first 20 draws, no wall tile taken yet)
  // and different secrets: the rest of the stack and the kinds on the towers.
  const auto set = codec::DefaultCastleSet();
  std::vector<int> a;
  for (std::size_t t = 0; t < set->tiles.size(); ++t) {
    for (int c = 0; c < set->tiles[t].count; ++c) a.push_back(static_cast<int>(t));
  }
  std::vector<int> b = a;
  std::reverse(b.begin() + 20, b.end());
  const std::vector<castle::WallTile> wall_a = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4};
  const std::vector<castle::WallTile> wall_b = {0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 9, 8, 7, 6};
  std::vector<castle::Event> events_a;
  std::vector<castle::Event> events_b;
  // Few enough moves that nobody can have landed on a corner tower with a tile yet (field 12).
  const castle::CastleState sa = PlayWith(a, wall_a, 12, &events_a);
  const castle::CastleState sb = PlayWith(b, wall_b, 12, &events_b);
  REQUIRE(sa.placed() == sb.placed());
  REQUIRE(sa.score(0) < 12);
  REQUIRE(sa.score(1) < 12);
  CHECK(sa.ToString() != sb.ToString());  // the secrets differ
  for (engine::Seat seat : {engine::kSpectator, 0, 1}) {
    INFO("seat " << seat);
    CHECK(codec::CastleSnapshotFor(sa, seat).SerializeAsString() ==
          codec::CastleSnapshotFor(sb, seat).SerializeAsString());
    CHECK(codec::CastleBatchFor(sa, 0, events_a, seat, 1).SerializeAsString() ==
          codec::CastleBatchFor(sb, 0, events_b, seat, 1).SerializeAsString());
  }
  CHECK(codec::CastlePublicHashOf(sa) == codec::CastlePublicHashOf(sb));
}

TEST_CASE("K-2 the snapshot carries the board and tiles, which parse back to the server's set") {
  castle::CastleConfig config;
  config.set = codec::DefaultCastleSet();
  config.seed = 4;
  const castle::CastleState state(config);
  const auto snap = codec::CastleSnapshotFor(state, 0);
  REQUIRE(snap.has_castle());
  const auto& defs = snap.castle().definitions();
  auto parsed = codec::ParseCastleSet(defs.board_json(), defs.tiles_json());
  REQUIRE(std::holds_alternative<castle::CastleSet>(parsed));
  CHECK(std::get<castle::CastleSet>(parsed) == *config.set);
  CHECK(snap.castle().tower_has_wall_tile_size() == 14);
  CHECK(snap.castle().seats_size() == 2);
  CHECK_FALSE(snap.castle().current_tile().empty());
  // Legal moves go to the seat to move only.
  const engine::Seat mover = state.ToMove();
  CHECK(codec::CastleSnapshotFor(state, mover).castle().legal_moves().placements_size() > 0);
  CHECK(codec::CastleSnapshotFor(state, 1 - mover).castle().legal_moves().placements_size() == 0);
  CHECK(codec::CastleSnapshotFor(state, engine::kSpectator)
            .castle()
            .legal_moves()
            .placements_size() == 0);
}

TEST_CASE("K-5 Castle commands from the wire are decoded by region id and checked") {
  castle::CastleConfig config;
  config.set = codec::DefaultCastleSet();
  config.seed = 8;
  castle::CastleState state(config);
  v1::CastleCommand none;
  CHECK(std::get<std::string>(codec::CastleCommandFromProto(none, state)) ==
        "a Castle command is required");
  v1::CastleCommand bad_rotation;
  bad_rotation.mutable_place_tile()->mutable_position();
  bad_rotation.mutable_place_tile()->set_rotation(9);
  CHECK(std::holds_alternative<std::string>(codec::CastleCommandFromProto(bad_rotation, state)));
  // Every legal placement survives the round trip through the wire.
  for (const auto& p : state.LegalPlacements()) {
    const castle::Command c = castle::PlaceTile{p.pos, p.rotation};
    const auto back = codec::CastleCommandFromProto(codec::CastleCommandToProto(c, state), state);
    REQUIRE(std::holds_alternative<castle::Command>(back));
    CHECK(std::get<castle::Command>(back) == c);
  }
  const auto p = state.LegalPlacements().front();
  REQUIRE(state.Apply(state.ToMove(), castle::PlaceTile{p.pos, p.rotation}) ==
          engine::RejectReason::kNone);
  v1::CastleCommand follower;
  follower.mutable_place_follower()->set_region("no-such-region");
  CHECK(std::get<std::string>(codec::CastleCommandFromProto(follower, state))
            .find("has no region 'no-such-region'") != std::string::npos);
  for (std::uint8_t r : state.LegalFollowerRegions()) {
    const castle::Command c = castle::PlaceFollower{r};
    const auto back = codec::CastleCommandFromProto(codec::CastleCommandToProto(c, state), state);
    CHECK(std::get<castle::Command>(back) == c);
  }
}

}  // namespace
}  // namespace carc::test
