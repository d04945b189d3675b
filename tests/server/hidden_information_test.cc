// V-2 at the wire: in a game with private hands, no message a seat or a spectator receives
// holds another seat's hand tiles. Every message each bot received is recorded through its
// message hook and checked after the game.
#include <catch2/catch.hpp>

#include "bot_game.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

bool IsLetter(const std::string& t) {
  return t.size() == 1 && t[0] >= 'A' && t[0] <= 'X';
}

struct Seen {
  int hidden = 0;  // "?" tiles of other hands
  int own = 0;     // letters of the viewer's own hand
  int messages = 0;
};

// Checks every message `viewer` (-1 spectator) received; returns what it saw.
Seen CheckAudience(int viewer, int players, const std::vector<v1::ServerMessage>& messages) {
  Seen seen;
  for (const v1::ServerMessage& m : messages) {
    ++seen.messages;
    if (m.has_snapshot()) {
      const v1::BaseView& v = m.snapshot().base();
      CHECK(v.current_tile() == "");
      if (v.phase() == v1::BASE_PHASE_GAME_OVER) continue;
      REQUIRE(v.hands_size() == players);
      for (int h = 0; h < players; ++h) {
        for (const std::string& t : v.hands(h).tiles()) {
          if (h == viewer) {
            CHECK(IsLetter(t));
            ++seen.own;
          } else {
            CHECK(t == "?");
            ++seen.hidden;
          }
        }
      }
      if (v.has_legal_moves()) CHECK(viewer >= 0);
    } else if (m.has_event_batch()) {
      const v1::EventBatch& b = m.event_batch();
      if (b.has_base_legal_moves()) CHECK(viewer >= 0);
      for (const auto& e : b.events()) {
        if (!e.base().has_tile_drawn()) continue;
        const v1::TileDrawn& d = e.base().tile_drawn();
        if (d.seat() == viewer) {
          CHECK(IsLetter(d.tile()));
          ++seen.own;
        } else {
          CHECK(d.tile() == "?");
          ++seen.hidden;
        }
      }
    }
  }
  return seen;
}

}  // namespace

TEST_CASE("no seat or spectator receives another seat's private hand", "[server][V-2]") {
  constexpr int kPlayers = 3;
  TestServer server;
  // Index viewer + 1; each vector is written by its own bot's thread only.
  std::vector<std::vector<v1::ServerMessage>> received(kPlayers + 1);
  BotGameSpec spec;
  spec.players = kPlayers;
  spec.seed = 99;
  spec.options.hand_size = 3;
  spec.options.hand_visibility = engine::HandVisibility::kPrivate;
  spec.hook = [&received](int seat, const v1::ServerMessage& m) {
    received[static_cast<std::size_t>(seat + 1)].push_back(m);
  };
  BotGame game(server, spec);
  REQUIRE(game.setup_error() == "");
  game.Join();
  CheckFinished(game);
  for (int viewer = -1; viewer < kPlayers; ++viewer) {
    INFO("viewer " << viewer);
    const Seen seen =
        CheckAudience(viewer, kPlayers, received[static_cast<std::size_t>(viewer + 1)]);
    CHECK(seen.messages > 50);
    CHECK(seen.hidden > 20);               // other hands were there to hide
    if (viewer >= 0) CHECK(seen.own > 5);  // and the viewer's own tiles were shown
  }
}
