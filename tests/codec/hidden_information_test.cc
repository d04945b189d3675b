// What must never reach a client (V-2, B-4): another seat's private hand, the stack order, the
// seed. Checked on the bytes the server would send: serialized views and filtered event batches.
//
// The stack order is checked by its definition, not by looking for letter strings: a letter
// substring can match by chance (five V on the stack and a legal-move list full of V), so the
// test instead plays two games that differ only in the order of the undrawn tiles and requires
// every byte sent to every audience to be the same while the public histories agree.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "wire_game.h"

using namespace carc;
using engine::Options;
using engine::Seat;

namespace {

Options PrivateHands() {
  Options o;
  o.hand_size = 3;
  o.hand_visibility = engine::HandVisibility::kPrivate;
  return o;
}

bool SeesHand(const Options& o, Seat viewer, Seat holder) {
  return o.hand_visibility == engine::HandVisibility::kPublic || viewer == holder;
}

std::string Letter(engine::TileKind k) {
  return k == engine::kNoTile ? "" : std::string(1, engine::BaseCatalog().Def(k).letter);
}

// The seed's 8 bytes in both byte orders.
std::vector<std::string> SeedPatterns(std::uint64_t seed) {
  std::string le;
  for (int i = 0; i < 8; ++i) le.push_back(static_cast<char>((seed >> (8 * i)) & 0xFF));
  std::string be(le.rbegin(), le.rend());
  return {le, be};
}

void CheckNoSeed(const std::string& bytes, std::uint64_t seed) {
  for (const std::string& p : SeedPatterns(seed)) CHECK(bytes.find(p) == std::string::npos);
}

// What `viewer` is sent at this point holds exactly what it may see.
void CheckView(const test::WireGame& game, Seat viewer, bool first) {
  const engine::GameState& state = game.state();
  const Options& o = game.options();
  const v1::BaseView view = game.ViewOf(viewer, first);
  CheckNoSeed(view.SerializeAsString(), state.config().seed);

  REQUIRE(view.hands_size() == state.players());
  std::array<int, engine::kMaxTileKinds> hidden{};
  for (Seat s = 0; s < state.players(); ++s) {
    const std::vector<engine::TileKind> hand = state.Hand(s);
    REQUIRE(view.hands(s).tiles_size() == static_cast<int>(hand.size()));
    for (std::size_t i = 0; i < hand.size(); ++i) {
      const std::string& sent = view.hands(s).tiles(static_cast<int>(i));
      if (SeesHand(o, viewer, s)) {
        CHECK(sent == Letter(hand[i]));
      } else {
        CHECK(sent == "?");
        ++hidden[hand[i]];
      }
    }
  }
  // B-4: the drawn tile is public; without hands it is the only tile not yet on the table
  // that anybody sees.
  CHECK(view.current_tile() == Letter(state.current_tile()));
  // The unseen counts are counts per kind (stack and hidden hands), never an order.
  std::array<int, engine::kMaxTileKinds> unseen{};
  for (const v1::TileCount& c : view.unseen()) {
    unseen[engine::BaseCatalog().KindOf(c.tile()[0])] = static_cast<int>(c.count());
  }
  for (int k = 0; k < engine::BaseCatalog().num_kinds; ++k) {
    const auto kind = static_cast<engine::TileKind>(k);
    CHECK(unseen[kind] == state.StackCount(kind) + hidden[kind]);
  }
  // Legal moves name only tiles the mover holds (B-4 current tile, V-2 own hand).
  for (const v1::Placement& p : view.legal_moves().placements()) {
    const auto& own = view.hands(viewer).tiles();
    CHECK((p.tile() == view.current_tile() ||
           std::find(own.begin(), own.end(), p.tile()) != own.end()));
  }
}

void CheckEvents(const test::WireGame& game, const std::vector<engine::Event>& events,
                 Seat viewer) {
  const Options& o = game.options();
  for (const engine::Event& e : engine::FilterEvents(events, viewer, o)) {
    const v1::BaseEvent p = codec::EventToProto(e, game.state().catalog());
    CheckNoSeed(p.SerializeAsString(), game.state().config().seed);
    if (!p.has_tile_drawn()) continue;
    const bool hidden = o.hand_size > 0 && !SeesHand(o, viewer, p.tile_drawn().seat());
    CHECK((p.tile_drawn().tile() == "?") == hidden);
  }
}

void CheckGame(int players, const Options& options, std::uint64_t seed) {
  test::WireGame game(test::RandomConfig(players, seed, options), seed ^ 0x5555);
  for (Seat v = engine::kSpectator; v < players; ++v) {
    CheckView(game, v, true);
    CheckEvents(game, game.setup_events(), v);
  }
  while (game.Step()) {
    for (Seat v = engine::kSpectator; v < players; ++v) {
      CheckView(game, v, false);
      CheckEvents(game, game.last_events(), v);
      CheckNoSeed(game.BatchFor(v).SerializeAsString(), seed);
    }
  }
}

int TilesDrawn(const std::vector<engine::Event>& events) {
  return static_cast<int>(std::count_if(events.begin(), events.end(), [](const auto& e) {
    return std::holds_alternative<engine::TileDrawn>(e);
  }));
}

// Two games with the same first `cut` draws and the rest of the stack in another order send the
// same bytes to every audience for as long as neither has drawn past the cut.
void CheckStackOrderInvisible(int players, const Options& options, std::mt19937_64& rng) {
  const engine::TileCatalog& cat = engine::BaseCatalog();
  std::vector<engine::TileKind> order;
  for (int k = 0; k < cat.num_kinds; ++k) {
    const engine::TileDef& d = cat.Def(static_cast<engine::TileKind>(k));
    for (int i = d.start_copies; i < d.count; ++i)
      order.push_back(static_cast<engine::TileKind>(k));
  }
  std::shuffle(order.begin(), order.end(), rng);
  const int cut = options.hand_size * players + 5 + static_cast<int>(rng() % 40);
  std::vector<engine::TileKind> other = order;
  std::shuffle(other.begin() + cut, other.end(), rng);
  REQUIRE(other != order);

  engine::GameConfig a = test::RandomConfig(players, rng() | (1ULL << 63), options);
  engine::GameConfig b = a;
  a.draw_order = order;
  b.draw_order = other;
  test::WireGame one(a, rng());
  test::WireGame two(b, 0);
  int drawn = TilesDrawn(one.setup_events());
  REQUIRE(drawn <= cut);
  auto same_bytes = [&](bool first) {
    for (Seat v = engine::kSpectator; v < players; ++v) {
      CHECK(one.ViewOf(v, first).SerializeAsString() == two.ViewOf(v, first).SerializeAsString());
      if (!first) {
        CHECK(one.BatchFor(v).SerializeAsString() == two.BatchFor(v).SerializeAsString());
      }
    }
  };
  same_bytes(true);
  int compared = 0;
  while (one.Step()) {
    drawn += TilesDrawn(one.last_events());
    if (drawn > cut) break;
    two.Play(one.last_command().seat, one.last_command().command);
    REQUIRE(one.state().ToString() != two.state().ToString());  // the stacks do differ
    same_bytes(false);
    ++compared;
  }
  CHECK(compared > 0);
}

}  // namespace

TEST_CASE("V-2 views and events never show another seat's private hand or the seed") {
  std::mt19937_64 rng(20240601);
  for (int game = 0; game < 50; ++game) {
    const int players = 2 + game % 5;
    CheckGame(players, PrivateHands(), rng() | (1ULL << 63));
  }
}

TEST_CASE("B-4 with default options views and events never show the seed") {
  std::mt19937_64 rng(20240602);
  for (int game = 0; game < 50; ++game) {
    const int players = 2 + game % 5;
    CheckGame(players, Options{}, rng() | (1ULL << 63));
  }
}

TEST_CASE("B-4 V-2 the order of the undrawn tiles changes no byte sent to anybody") {
  std::mt19937_64 rng(20240603);
  for (int game = 0; game < 40; ++game) {
    CheckStackOrderInvisible(2 + game % 5, game % 2 == 0 ? PrivateHands() : Options{}, rng);
  }
}
