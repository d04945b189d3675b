// Game commands the server must refuse: each gets its error code (and for the rules engine its
// reject reason and rule), the game's seq does not move, and a game in another room plays on.
#include <catch2/catch.hpp>
#include <set>

#include "bot_game.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

struct Turn {
  int mover = -1;
  v1::GameSnapshot snap;  // the mover's snapshot, with its legal moves
};

Turn CurrentTurn(RawGame& g) {
  const auto any = Snapshot(*g.seats[0]);
  REQUIRE(any);
  Turn t;
  t.mover = any->base().to_move();
  REQUIRE(t.mover >= 0);
  const auto snap = Snapshot(*g.seats[static_cast<std::size_t>(t.mover)]);
  REQUIRE(snap);
  REQUIRE(snap->base().has_legal_moves());
  t.snap = *snap;
  return t;
}

v1::Error Refusal(client::WsClient& c, v1::ClientMessage m) {
  const auto a = Ask(c, std::move(m));
  REQUIRE(a);
  REQUIRE(a->has_error());
  return a->error();
}

v1::ClientMessage PlaceFirst(const v1::GameSnapshot& s, std::uint64_t seq) {
  const v1::Placement& p = s.base().legal_moves().placements(0);
  return PlaceMsg(seq, p.position().x(), p.position().y(), static_cast<int>(p.rotation()),
                  p.tile());
}

}  // namespace

TEST_CASE("a command out of turn is not_your_turn", "[server][game]") {
  Arena arena;
  const Turn t = CurrentTurn(arena.game);
  REQUIRE(t.snap.base().phase() == v1::BASE_PHASE_PLACE_TILE);
  const std::uint64_t seq = t.snap.seq();
  client::WsClient& other = *arena.game.seats[t.mover == 0 ? 1 : 0];
  const v1::Error e = Refusal(other, PlaceFirst(t.snap, seq));
  CHECK(e.code() == v1::ERROR_CODE_RULE_VIOLATION);
  CHECK(e.reject_reason() == "not_your_turn");
  CHECK(e.seq() == seq);
  CHECK(Refusal(other, SkipMsg(seq)).reject_reason() == "not_your_turn");
  arena.CheckSeq(seq);
  arena.CheckBackground();
}

TEST_CASE("a stale expected_seq is STALE_SEQ", "[server][game]") {
  Arena arena;
  Turn t = CurrentTurn(arena.game);
  const std::uint64_t seq = t.snap.seq();
  client::WsClient& mover = *arena.game.seats[static_cast<std::size_t>(t.mover)];
  const v1::Error ahead = Refusal(mover, PlaceFirst(t.snap, seq + 1));
  CHECK(ahead.code() == v1::ERROR_CODE_STALE_SEQ);
  CHECK(ahead.seq() == seq);
  arena.CheckSeq(seq);
  REQUIRE(PlayOneCommand(arena.game));
  t = CurrentTurn(arena.game);
  REQUIRE(t.snap.seq() == seq + 1);
  client::WsClient& next = *arena.game.seats[static_cast<std::size_t>(t.mover)];
  const v1::Error behind = Refusal(next, SkipMsg(seq));
  CHECK(behind.code() == v1::ERROR_CODE_STALE_SEQ);
  CHECK(behind.seq() == seq + 1);
  arena.CheckSeq(seq + 1);
  arena.CheckBackground();
}

TEST_CASE("illegal placements are refused with their B-5 reason", "[server][game][B-5]") {
  Arena arena;
  const Turn t = CurrentTurn(arena.game);
  const v1::BaseView& view = t.snap.base();
  REQUIRE(view.phase() == v1::BASE_PHASE_PLACE_TILE);
  const std::uint64_t seq = t.snap.seq();
  const std::string tile = view.current_tile();
  REQUIRE(tile.size() == 1);
  client::WsClient& mover = *arena.game.seats[static_cast<std::size_t>(t.mover)];

  v1::Error e = Refusal(mover, PlaceMsg(seq, 50, 50, 0, tile));
  CHECK(e.code() == v1::ERROR_CODE_RULE_VIOLATION);
  CHECK(e.reject_reason() == "not_adjacent");
  CHECK(e.rule() == "B-5");
  CHECK(e.message() == "B-5: the tile must share a full edge with a placed tile");
  e = Refusal(mover, PlaceMsg(seq, 0, 0, 0, tile));
  CHECK(e.reject_reason() == "occupied_square");
  CHECK(e.rule() == "B-5");

  // A free square next to a placed tile, in a rotation the legal-move list leaves out: no tile
  // fits all four sides of the start tile in every rotation, so one always exists.
  std::set<std::tuple<int, int, unsigned>> legal;
  for (const auto& p : view.legal_moves().placements()) {
    legal.insert({p.position().x(), p.position().y(), p.rotation()});
  }
  std::set<std::pair<int, int>> taken;
  for (const auto& pt : view.tiles()) taken.insert({pt.position().x(), pt.position().y()});
  std::optional<std::tuple<int, int, unsigned>> bad;
  for (const auto& pt : view.tiles()) {
    for (const auto& [dx, dy] : {std::pair{0, -1}, {1, 0}, {0, 1}, {-1, 0}}) {
      const int x = pt.position().x() + dx;
      const int y = pt.position().y() + dy;
      for (unsigned r = 0; r < 4 && !bad; ++r) {
        if (!taken.count({x, y}) && !legal.count({x, y, r})) bad = std::tuple{x, y, r};
      }
    }
  }
  REQUIRE(bad);
  e = Refusal(mover, PlaceMsg(seq, std::get<0>(*bad), std::get<1>(*bad),
                              static_cast<int>(std::get<2>(*bad)), tile));
  CHECK(e.code() == v1::ERROR_CODE_RULE_VIOLATION);
  CHECK(e.reject_reason() == "edge_mismatch");
  CHECK(e.rule() == "B-5");

  // Fields out of range never reach the engine.
  CHECK(Refusal(mover, PlaceMsg(seq, 1, 0, 4, tile)).code() == v1::ERROR_CODE_MALFORMED_MESSAGE);
  CHECK(Refusal(mover, PlaceMsg(seq, 5000, 0, 0, tile)).code() == v1::ERROR_CODE_MALFORMED_MESSAGE);
  CHECK(Refusal(mover, PlaceMsg(seq, 1, 0, 0, "?")).code() == v1::ERROR_CODE_MALFORMED_MESSAGE);
  // A follower before the tile.
  CHECK(Refusal(mover, FollowerMsg(seq, 0)).reject_reason() == "wrong_phase");
  arena.CheckSeq(seq);
  arena.CheckBackground();
}

TEST_CASE("illegal follower segments are refused", "[server][game][B-7]") {
  Arena arena;
  std::optional<Turn> t;
  // Play on until a turn reaches the follower step (bounded).
  for (int i = 0; i < 30 && !t; ++i) {
    Turn now = CurrentTurn(arena.game);
    if (now.snap.base().phase() == v1::BASE_PHASE_PLACE_FOLLOWER) {
      t = now;
    } else {
      REQUIRE(PlayOneCommand(arena.game));
    }
  }
  REQUIRE(t);
  const v1::BaseView& view = t->snap.base();
  const std::uint64_t seq = t->snap.seq();
  client::WsClient& mover = *arena.game.seats[static_cast<std::size_t>(t->mover)];

  v1::Error e = Refusal(mover, FollowerMsg(seq, 15));
  CHECK(e.code() == v1::ERROR_CODE_RULE_VIOLATION);
  CHECK(e.reject_reason() == "no_such_segment");
  CHECK(Refusal(mover, FollowerMsg(seq, 16)).code() == v1::ERROR_CODE_MALFORMED_MESSAGE);
  // A segment of the tile that is not a legal spot (an occupied feature), when there is one.
  const std::string letter = view.tiles(view.tiles_size() - 1).tile();
  int segments = 0;
  for (const auto& def : view.tile_set()) {
    if (def.letter() == letter) segments = def.segments_size();
  }
  REQUIRE(segments > 0);
  std::set<unsigned> spots;
  for (const auto& s : view.legal_moves().follower_spots()) spots.insert(s.segment());
  for (unsigned s = 0; s < static_cast<unsigned>(segments); ++s) {
    if (spots.count(s)) continue;
    e = Refusal(mover, FollowerMsg(seq, static_cast<int>(s)));
    CHECK(e.code() == v1::ERROR_CODE_RULE_VIOLATION);
    CHECK(e.reject_reason() == "feature_occupied");
    CHECK(e.rule() == "B-7");
  }
  // A second tile in the follower step.
  CHECK(Refusal(mover, PlaceMsg(seq, 60, 60, 0)).reject_reason() == "wrong_phase");
  arena.CheckSeq(seq);
  arena.CheckBackground();
}

TEST_CASE("spectators cannot send game commands", "[server][game]") {
  Arena arena;
  const Turn t = CurrentTurn(arena.game);
  auto watcher = DialHello(arena.server);
  REQUIRE(watcher);
  const auto joined = Ask(*watcher, JoinMsg(arena.game.code, true));
  REQUIRE(joined);
  REQUIRE(joined->has_room_state());
  CHECK(Refusal(*watcher, PlaceFirst(t.snap, t.snap.seq())).code() == v1::ERROR_CODE_NOT_A_PLAYER);
  CHECK(Refusal(*watcher, SkipMsg(t.snap.seq())).code() == v1::ERROR_CODE_NOT_A_PLAYER);
  arena.CheckSeq(t.snap.seq());
  arena.CheckBackground();
}

TEST_CASE("a game command in the lobby is GAME_NOT_STARTED", "[server][game]") {
  Arena arena;
  auto host = DialHello(arena.server);
  REQUIRE(host);
  const auto created = Ask(*host, CreateMsg(2));
  REQUIRE(created);
  REQUIRE(created->has_seat_granted());
  CHECK(Refusal(*host, PlaceMsg(0, 1, 0, 0)).code() == v1::ERROR_CODE_GAME_NOT_STARTED);
  arena.CheckBackground();
}

TEST_CASE("a command after the game ended is game_over", "[server][game]") {
  Arena arena;
  arena.CheckBackground();
  // The background game is over; its host's seat is taken over with the token.
  v1::ServerMessage welcome;
  auto c = DialHello(arena.server, arena.background->bot(0).token(), &welcome);
  REQUIRE(c);
  REQUIRE(welcome.has_welcome());
  const auto snap = Snapshot(*c);
  REQUIRE(snap);
  REQUIRE(snap->base().phase() == v1::BASE_PHASE_GAME_OVER);
  const std::uint64_t seq = snap->seq();
  v1::Error e = Refusal(*c, PlaceMsg(seq, 1, 0, 0));
  CHECK(e.code() == v1::ERROR_CODE_RULE_VIOLATION);
  CHECK(e.reject_reason() == "game_over");
  CHECK(e.seq() == seq);
  CHECK(Refusal(*c, SkipMsg(seq)).reject_reason() == "game_over");
  const auto after = Snapshot(*c);
  REQUIRE(after);
  CHECK(after->seq() == seq);
  CHECK(after->public_hash() == arena.background->seats().front().mirror_hash);
}
