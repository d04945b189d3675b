// Seats outlive connections: a dropped bot resumes with its token and the game goes on; a second
// connection with the same token takes the seat over and the first is closed with 4000; a lobby
// seat left empty past the grace period is given up and its token dies.
#include <atomic>
#include <catch2/catch.hpp>

#include "bot_game.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

struct RawPlay {
  bool finished = false;
  std::string error;
  std::uint64_t hash = 0;
  int commands = 0;
};

// Plays `seat` on `c` to the end of the game: the first legal placement, never a follower.
// `first` is a message already received (the snapshot after Hello).
RawPlay PlayToEnd(client::WsClient& c, int seat, const v1::ServerMessage& first,
                  std::chrono::seconds limit) {
  RawPlay out;
  std::uint64_t seq = 0;
  bool have_view = false;
  auto act = [&](const v1::BaseLegalMoves& moves, bool place) {
    if (place && moves.placements_size() > 0) {
      const v1::Placement& p = moves.placements(0);
      c.Send(PlaceMsg(seq, p.position().x(), p.position().y(), static_cast<int>(p.rotation()),
                      p.tile()));
    } else {
      c.Send(SkipMsg(seq));
    }
    ++out.commands;
  };
  auto handle = [&](const v1::ServerMessage* m) {
    if (m->has_snapshot()) {
      const v1::GameSnapshot& s = m->snapshot();
      seq = s.seq();
      have_view = true;
      out.hash = s.public_hash();
      out.finished = s.base().phase() == v1::BASE_PHASE_GAME_OVER;
      if (!out.finished && s.base().to_move() == seat && s.base().has_legal_moves()) {
        act(s.base().legal_moves(), s.base().phase() == v1::BASE_PHASE_PLACE_TILE);
      }
    } else if (m->has_event_batch()) {
      const v1::EventBatch& b = m->event_batch();
      if (!have_view || b.prev_seq() != seq) {
        have_view = false;
        c.Send(SnapshotMsg());
        return;
      }
      seq = b.seq();
      out.hash = b.public_hash();
      bool placed = false;
      for (const auto& e : b.events()) {
        out.finished = out.finished || e.base().has_game_ended();
        // The last event decides the phase: a TilePlaced with nothing after it waits for a
        // follower; a turn start waits for a tile.
        if (e.base().has_tile_placed()) placed = true;
        if (e.base().has_turn_started()) placed = false;
      }
      if (!out.finished && b.has_base_legal_moves()) act(b.base_legal_moves(), !placed);
    } else if (m->has_error() && m->error().code() == v1::ERROR_CODE_RATE_LIMITED) {
      // At computer speed (TCP_NODELAY) this loop outruns the server's 30 messages a second:
      // the refused command is lost, so wait for the bucket and act again on a fresh snapshot.
      std::this_thread::sleep_for(200ms);
      have_view = false;
      c.Send(SnapshotMsg());
    } else if (m->has_error()) {
      out.error = v1::ErrorCode_Name(m->error().code()) + ": " + m->error().message();
    }
  };
  handle(&first);
  const auto until = std::chrono::steady_clock::now() + limit;
  while (!out.finished && out.error.empty() && std::chrono::steady_clock::now() < until) {
    const auto m = c.Receive(200ms);
    if (m) {
      handle(&*m);
    } else if (c.closed()) {
      out.error = "closed with " + std::to_string(c.close_code());
    }
  }
  return out;
}

}  // namespace

TEST_CASE("a bot that drops mid-game resumes with its token and the game finishes",
          "[server][reconnect]") {
  TestServer server;
  BotGameSpec spec;
  spec.players = 3;
  spec.seed = 7;
  spec.drop_seat = 1;
  spec.drop_after = 5;
  BotGame game(server, spec);
  REQUIRE(game.setup_error() == "");
  game.Join();
  CheckFinished(game);
  CHECK(game.seats()[1].reconnects >= 1);
  CHECK(game.seats()[0].reconnects == 0);
  CheckRecord(server, game);
}

TEST_CASE("a second connection with a seat's token takes the seat over", "[server][reconnect]") {
  TestServer server;
  std::atomic<int> batches{0};
  BotGameSpec spec;
  spec.players = 2;
  spec.seed = 11;
  // At machine speed a whole game can end between the sixth batch and the takeover.
  spec.move_delay = 10ms;
  spec.hook = [&batches](int seat, const v1::ServerMessage& m) {
    if (seat == 0 && m.has_event_batch()) ++batches;
  };
  BotGame game(server, spec);
  REQUIRE(game.setup_error() == "");
  // Mid-game: a few commands have been played.
  const auto until = std::chrono::steady_clock::now() + 60s;
  while (batches < 6 && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(10ms);
  }
  REQUIRE(batches >= 6);

  v1::ServerMessage welcome;
  auto thief = DialHello(server, game.bot(1).token(), &welcome);
  REQUIRE(thief);
  REQUIRE(welcome.has_welcome());
  CHECK(welcome.welcome().seat() == 1);
  CHECK(welcome.welcome().room_code() == game.code());
  const auto snap = Await(*thief, [](const v1::ServerMessage& m) { return m.has_snapshot(); });
  REQUIRE(snap);
  CHECK(snap->snapshot().seq() >= 6);
  CHECK(snap->snapshot().base().phase() != v1::BASE_PHASE_GAME_OVER);
  CHECK(snap->snapshot().base().tile_set_size() > 0);
  // The new connection plays seat 1 to the end (it must, or seat 0 would wait forever).
  const RawPlay played = PlayToEnd(*thief, 1, *snap, 120s);
  game.Join();
  INFO(played.error);
  CHECK(played.finished);
  // The replaced bot was closed with 4000 and did not take the seat back.
  CHECK(game.seats()[1].error == "connection lost (close code 4000)");
  CHECK(game.seats()[1].reconnects == 0);
  CHECK(game.seats()[0].finished);
  CHECK(game.seats()[0].error == "");
  CHECK(game.seats()[0].hash_mismatches == 0);
  CHECK(game.seats()[0].mirror_hash == played.hash);
  CHECK(game.spectator().finished);
  CHECK(game.spectator().mirror_hash == played.hash);
}

TEST_CASE("a lobby seat left empty past the grace period is given up", "[server][reconnect]") {
  TestServer server;
  auto host = DialHello(server);
  REQUIRE(host);
  const auto created = Ask(*host, CreateMsg(3));
  REQUIRE(created);
  REQUIRE(created->has_seat_granted());
  const std::string code = created->seat_granted().room_code();
  auto guest = DialHello(server);
  REQUIRE(guest);
  const auto granted = Ask(*guest, JoinMsg(code));
  REQUIRE(granted);
  REQUIRE(granted->has_seat_granted());
  const std::string token = granted->seat_granted().resume_token();
  guest->Close();
  const auto dropped_at = std::chrono::steady_clock::now();
  // First the seat is kept (occupied, not connected), then given up after the grace period.
  const auto kept = Skip(*host, [](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().seats(1).occupied() &&
           !m.room_state().seats(1).connected();
  });
  REQUIRE(kept);
  const auto freed = Skip(
      *host,
      [](const v1::ServerMessage& m) {
        return m.has_room_state() && !m.room_state().seats(1).occupied();
      },
      15s);
  REQUIRE(freed);
  CHECK(std::chrono::steady_clock::now() - dropped_at >= 1900ms);
  auto probe = Dial(server);
  REQUIRE(probe);
  const auto answer = Ask(*probe, HelloMsg(token));
  REQUIRE(answer);
  REQUIRE(answer->has_error());
  CHECK(answer->error().code() == v1::ERROR_CODE_INVALID_TOKEN);
}
