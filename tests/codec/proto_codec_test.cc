// Engine <-> protobuf: round trips, refusals of bad input, and the PublicHash recipe.
#include "carc/codec/proto_codec.h"

#include <catch2/catch.hpp>
#include <climits>
#include <set>

#include "wire_game.h"

using namespace carc;
using engine::Options;

namespace {

template <typename Message>
Message Reparse(const Message& m) {
  Message out;
  REQUIRE(out.ParseFromString(m.SerializeAsString()));
  return out;
}

Options RoundTrip(const Options& o) {
  auto back = codec::OptionsFromProto(Reparse(codec::OptionsToProto(o)));
  INFO((std::holds_alternative<std::string>(back) ? std::get<std::string>(back) : ""));
  REQUIRE(std::holds_alternative<Options>(back));
  return std::get<Options>(back);
}

std::string RefusalOf(const v1::BaseOptions& p) {
  auto back = codec::OptionsFromProto(p);
  REQUIRE(std::holds_alternative<std::string>(back));
  return std::get<std::string>(back);
}

std::string RefusalOf(const v1::BaseCommand& p) {
  auto back = codec::CommandFromProto(p, engine::BaseCatalog());
  REQUIRE(std::holds_alternative<std::string>(back));
  return std::get<std::string>(back);
}

engine::Command RoundTrip(const engine::Command& c) {
  const engine::TileCatalog& cat = engine::BaseCatalog();
  auto back = codec::CommandFromProto(Reparse(codec::CommandToProto(c, cat)), cat);
  REQUIRE(std::holds_alternative<engine::Command>(back));
  return std::get<engine::Command>(back);
}

v1::BaseCommand PlaceTileProto(int x, int y, std::uint32_t rotation, const std::string& tile) {
  v1::BaseCommand c;
  c.mutable_place_tile()->mutable_position()->set_x(x);
  c.mutable_place_tile()->mutable_position()->set_y(y);
  c.mutable_place_tile()->set_rotation(rotation);
  c.mutable_place_tile()->set_tile(tile);
  return c;
}

// The recipe of docs/protocol.md, written out a second time on purpose: the byte string is
// built explicitly, so a change to codec::PublicHash that the document does not follow fails.
std::uint64_t DocumentedHash(const v1::BaseView& v) {
  std::string bytes;
  auto i32 = [&bytes](std::int64_t x) {
    const auto u = static_cast<std::uint32_t>(static_cast<std::int32_t>(x));
    for (int k = 0; k < 4; ++k) bytes.push_back(static_cast<char>((u >> (8 * k)) & 0xFF));
  };
  auto str = [&](const std::string& s) {
    i32(static_cast<std::int64_t>(s.size()));
    bytes += s;
  };
  i32(1);
  i32(v.phase());
  i32(v.to_move());
  i32(v.extra_turn());
  str(v.current_tile());
  i32(v.stack_size());
  i32(v.scores_size());
  for (int s : v.scores()) i32(s);
  i32(v.supply_size());
  for (std::uint32_t s : v.supply()) i32(s);
  i32(v.resigned_size());
  for (bool r : v.resigned()) i32(r ? 1 : 0);
  i32(v.hands_size());
  for (const auto& h : v.hands()) i32(h.tiles_size());
  i32(v.tiles_size());
  for (const auto& t : v.tiles()) {
    str(t.tile());
    i32(t.position().x());
    i32(t.position().y());
    i32(t.rotation());
  }
  i32(v.followers_size());
  for (const auto& f : v.followers()) {
    i32(f.seat());
    i32(f.position().x());
    i32(f.position().y());
    i32(f.segment());
    i32(f.kind());
  }
  i32(v.final_breakdown_size());
  for (const auto& p : v.final_breakdown()) {
    i32(p.road());
    i32(p.city());
    i32(p.cloister());
    i32(p.field());
  }
  i32(v.winners_size());
  for (int w : v.winners()) i32(w);
  if (v.has_count()) {  // Count games only
    i32(v.count().count());
    i32(v.count().quarters_size());
    for (const auto& q : v.count().quarters()) {
      i32(q.quarter());
      i32(q.followers_size());
      for (std::uint32_t n : q.followers()) i32(n);
    }
    i32(v.count().redeploy_kind());
    i32(v.count().redeploy_tiles_size());
    for (const auto& p : v.count().redeploy_tiles()) {
      i32(p.x());
      i32(p.y());
    }
  }
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : bytes) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace

TEST_CASE("options round trip through the wire, every value of every option") {
  CHECK(RoundTrip(Options{}) == Options{});
  for (const engine::OptionSpec& spec : engine::OptionSpecs()) {
    // Every accepted value listed in the spec ("a|b|c", "0..3", "1..7", "off|WxH (1..145)").
    std::vector<std::string> values;
    if (spec.name == "hand_size") values = {"0", "1", "2", "3"};
    if (spec.name == "followers") values = {"1", "4", "7"};
    if (spec.name == "board_limit") values = {"off", "1x1", "9x7", "145x145"};
    if (values.empty()) {
      std::string all(spec.values);
      for (std::size_t at = 0; at <= all.size();) {
        const std::size_t bar = std::min(all.find('|', at), all.size());
        values.push_back(all.substr(at, bar - at));
        at = bar + 1;
      }
    }
    for (const std::string& value : values) {
      Options o;
      o.board_width = o.board_height = 5;  // so that edge_closes_features=true is valid (V-7)
      REQUIRE(engine::SetOption(o, spec.name, value).empty());
      INFO(spec.name << "=" << value);
      CHECK(RoundTrip(o) == o);
    }
  }
}

TEST_CASE("options: empty strings and followers 0 mean the defaults") {
  v1::BaseOptions p;
  p.set_farmers(true);
  p.set_incomplete_features_score(true);
  auto o = codec::OptionsFromProto(p);
  REQUIRE(std::holds_alternative<Options>(o));
  CHECK(std::get<Options>(o) == Options{});
}

TEST_CASE("options: out-of-range values are refused with the option's name (V-2 V-5 V-7 B-2)") {
  const v1::BaseOptions good = codec::OptionsToProto(Options{});
  auto refuse = [&](auto change, const std::string& name) {
    v1::BaseOptions p = good;
    change(p);
    const std::string error = RefusalOf(p);
    INFO(error);
    CHECK(error.find(name) != std::string::npos);
  };
  refuse([](auto& p) { p.set_farm_scoring("c2"); }, "farm_scoring");
  refuse([](auto& p) { p.set_hand_size(4); }, "hand_size");
  refuse([](auto& p) { p.set_hand_size(0xFFFFFFFF); }, "hand_size");
  refuse([](auto& p) { p.set_hand_visibility("secret"); }, "hand_visibility");
  refuse([](auto& p) { p.set_unplaceable_tile("burn"); }, "unplaceable_tile");
  refuse([](auto& p) { p.set_start_player("me"); }, "start_player");
  refuse([](auto& p) { p.set_followers(8); }, "followers");
  refuse([](auto& p) { p.set_board_limit("146x9"); }, "board_limit");
  refuse([](auto& p) { p.set_board_limit("9"); }, "board_limit");
  refuse([](auto& p) { p.set_board_limit("0x0"); }, "board_limit");
  // Protocol 1's form, read when board_limit is empty.
  refuse(
      [](auto& p) {
        p.clear_board_limit();
        p.set_board_width(9);
      },
      "board_limit");
  refuse(
      [](auto& p) {
        p.clear_board_limit();
        p.set_board_height(9);
      },
      "board_limit");
  refuse(
      [](auto& p) {
        p.clear_board_limit();
        p.set_board_width(146);
        p.set_board_height(9);
      },
      "board_limit");
  refuse([](auto& p) { p.set_edge_closes_features(true); }, "edge_closes_features");
}

TEST_CASE("commands round trip through the wire") {
  const engine::TileCatalog& cat = engine::BaseCatalog();
  const std::vector<engine::Command> commands = {
      engine::PlaceTile{{0, -1}, 2, engine::kNoTile},
      engine::PlaceTile{{-1000, 1000}, 3, cat.KindOf('X')},
      engine::PlaceTile{{1000, -1000}, 0, cat.KindOf('A')},
      engine::PlaceFollower{0},
      engine::PlaceFollower{15},
      engine::SkipFollower{},
  };
  for (const engine::Command& c : commands) CHECK(RoundTrip(c) == c);
  CHECK(codec::CommandToProto(commands[0], cat).place_tile().tile().empty());
  CHECK(codec::CommandToProto(commands[1], cat).place_tile().tile() == "X");
}

TEST_CASE("commands with out-of-range fields are refused before the engine sees them") {
  CHECK(RefusalOf(PlaceTileProto(0, -1, 4, "")).find("rotation") != std::string::npos);
  CHECK(RefusalOf(PlaceTileProto(0, -1, 0xFFFFFFFF, "")).find("rotation") != std::string::npos);
  CHECK(RefusalOf(PlaceTileProto(1001, 0, 0, "")).find("position") != std::string::npos);
  CHECK(RefusalOf(PlaceTileProto(0, -1001, 0, "")).find("position") != std::string::npos);
  CHECK(RefusalOf(PlaceTileProto(INT32_MIN, 0, 0, "")).find("position") != std::string::npos);
  for (const char* tile : {"?", "Y", "a", "AB", " ", "\xff"}) {
    INFO(tile);
    CHECK(RefusalOf(PlaceTileProto(0, -1, 0, tile)).find("tile") != std::string::npos);
  }
  v1::BaseCommand no_position;
  no_position.mutable_place_tile()->set_rotation(1);
  CHECK(RefusalOf(no_position).find("position") != std::string::npos);
  v1::BaseCommand segment;
  segment.mutable_place_follower()->set_segment(16);
  CHECK(RefusalOf(segment).find("segment") != std::string::npos);
  CHECK(RefusalOf(v1::BaseCommand{}) == "empty command");
}

TEST_CASE("the tile set on the wire is the base catalog") {
  const v1::BaseView view =
      codec::ViewToProto(engine::ViewFor(engine::GameState(test::RandomConfig(2, 1)), -1), true);
  REQUIRE(view.tile_set_size() == 24);
  int total = 0;
  for (int k = 0; k < 24; ++k) {
    const v1::TileDefinition& t = view.tile_set(k);
    CHECK(t.letter() == std::string(1, static_cast<char>('A' + k)));
    CHECK(t.edges_size() == 4);
    CHECK(t.segments_size() > 0);
    total += static_cast<int>(t.count());
  }
  CHECK(total == 72);
  // D, the start tile: city north, road east-west (B-1).
  const v1::TileDefinition& d = view.tile_set(3);
  CHECK(d.edges(0) == v1::FEATURE_KIND_CITY);
  CHECK(d.edges(1) == v1::FEATURE_KIND_ROAD);
  CHECK(d.edges(2) == v1::FEATURE_KIND_FIELD);
  CHECK(view.tiles_size() == 1);
  CHECK(view.tiles(0).tile() == "D");
}

TEST_CASE("B-4 legal moves go to the seat to move only, every event kind is encoded") {
  test::WireGame game(test::RandomConfig(3, 99), 5);
  std::set<int> kinds;
  auto look = [&](const std::vector<engine::Event>& events) {
    for (const auto& e : events) {
      const v1::BaseEvent p = codec::EventToProto(e, game.state().catalog());
      CHECK(p.event_case() != v1::BaseEvent::EVENT_NOT_SET);
      kinds.insert(p.event_case());
    }
  };
  look(game.setup_events());
  do {
    look(game.last_events());
    const engine::Seat to_move = game.state().ToMove();
    for (engine::Seat v = engine::kSpectator; v < 3; ++v) {
      CHECK(game.ViewOf(v).has_legal_moves() == (v >= 0 && v == to_move));
      CHECK(game.BatchFor(v).has_base_legal_moves() == (v >= 0 && v == to_move));
    }
  } while (game.Step());
  CHECK(kinds.size() >= 7);  // a discard (B-6) is rare; the other seven kinds always occur
}

TEST_CASE("PublicHash follows the documented recipe and is equal for every viewer (V-2, C-1)") {
  Options hands;
  hands.hand_size = 2;
  hands.hand_visibility = engine::HandVisibility::kPrivate;
  Options count;
  count.count = true;
  for (const Options& o : {Options{}, hands, count}) {
    test::WireGame game(test::RandomConfig(4, 1234, o), 77);
    std::uint64_t previous = 0;
    do {
      const std::uint64_t h = game.SpectatorHash();
      CHECK(h != previous);  // every accepted command changes the public state
      previous = h;
      CHECK(DocumentedHash(game.ViewOf(engine::kSpectator)) == h);
      for (engine::Seat s = 0; s < 4; ++s) CHECK(codec::PublicHash(game.ViewOf(s, true)) == h);
    } while (game.Step());
  }
}
