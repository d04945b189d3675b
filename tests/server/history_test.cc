// History (issue 20): a connection that joins or comes back mid-game gets the game so far
// exactly as its audience received it (its seat's batches, or the spectators'), without legal
// moves, and the chat so far; a reload therefore shows the same log, chat and scores. V-2: a
// history never holds another seat's private hand. Bounded in bytes and lines.
#include <catch2/catch.hpp>

#include "carc/engine/rng.h"
#include "games/registry.h"
#include "rooms/chat_history.h"
#include "rooms/game_session.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

bool IsTileLetter(const std::string& t) {
  return t.size() == 1 && t[0] >= 'A' && t[0] <= 'X';
}

// V-2 over a history: counts the tiles of other hands shown as "?" and fails on a letter.
int HiddenTilesIn(const v1::History& h, int viewer) {
  int hidden = 0;
  if (h.has_start()) {
    const v1::BaseView& v = h.start().base();
    for (int seat = 0; seat < v.hands_size(); ++seat) {
      for (const std::string& t : v.hands(seat).tiles()) {
        if (seat == viewer) {
          CHECK(IsTileLetter(t));
        } else {
          CHECK(t == "?");
          ++hidden;
        }
      }
    }
  }
  for (const v1::EventBatch& b : h.batches()) {
    CHECK_FALSE(b.has_base_legal_moves());
    for (const auto& e : b.events()) {
      if (!e.base().has_tile_drawn()) continue;
      const v1::TileDrawn& d = e.base().tile_drawn();
      if (d.seat() == viewer) {
        CHECK(IsTileLetter(d.tile()));
      } else {
        CHECK(d.tile() == "?");
        ++hidden;
      }
    }
  }
  return hidden;
}

std::optional<v1::History> AwaitHistory(client::WsClient& c) {
  const auto m = Await(c, [](const v1::ServerMessage& x) { return x.has_history(); });
  if (!m) return std::nullopt;
  return m->history();
}

}  // namespace

TEST_CASE(
    "history: a late spectator and a resumed seat get the game so far as their audience "
    "saw it, and the chat (V-2)",
    "[server][history][V-2]") {
  TestServer server;
  engine::Options options;
  options.hand_size = 3;
  options.hand_visibility = engine::HandVisibility::kPrivate;
  RawGame game = StartRawGame(server, 3, options);
  REQUIRE(game.error == "");
  // A spectator from the first move on: what the spectators were sent.
  auto early = DialHello(server);
  REQUIRE(early);
  REQUIRE(Ask(*early, JoinMsg(game.code, true)));
  const auto start = Await(*early, [](const v1::ServerMessage& m) { return m.has_snapshot(); });
  REQUIRE(start);
  // One after the other: two connections' lines may reach the room in either order.
  game.seats[0]->Send(ChatMsg("hello"));
  REQUIRE(Await(*early, [](const v1::ServerMessage& m) { return m.has_chat(); }));
  game.seats[1]->Send(ChatMsg("second line"));
  constexpr int kCommands = 12;
  for (int i = 0; i < kCommands; ++i) REQUIRE(PlayOneCommand(game));
  std::vector<v1::EventBatch> live;
  std::vector<std::string> chat{"hello"};
  while (live.size() < kCommands || chat.size() < 2) {
    const auto m = early->Receive(5s);
    REQUIRE(m);
    if (m->has_event_batch()) live.push_back(m->event_batch());
    if (m->has_chat()) chat.push_back(m->chat().text());
  }
  CHECK(chat == std::vector<std::string>{"hello", "second line"});

  auto late = DialHello(server);
  REQUIRE(late);
  REQUIRE(Ask(*late, JoinMsg(game.code, true)));
  const auto seen = AwaitHistory(*late);
  REQUIRE(seen);
  CHECK(seen->complete());
  REQUIRE(seen->batches_size() == kCommands);
  for (int i = 0; i < kCommands; ++i) {
    v1::EventBatch sent = live[static_cast<std::size_t>(i)];
    sent.clear_clock();  // the clock of the moment, not part of the history
    CHECK(seen->batches(i).SerializeAsString() == sent.SerializeAsString());
  }
  v1::GameSnapshot first = start->snapshot();
  first.clear_clock();
  CHECK(seen->start().SerializeAsString() == first.SerializeAsString());
  REQUIRE(seen->chat_size() == 2);
  CHECK(seen->chat(0).text() == "hello");
  CHECK(seen->chat(1).text() == "second line");
  CHECK(HiddenTilesIn(*seen, -1) > 6);

  // Seat 1 comes back on a new connection (a reload): its own tiles, the others hidden.
  game.seats[1].reset();
  auto back = DialHello(server, game.tokens[1]);
  REQUIRE(back);
  const auto mine = AwaitHistory(*back);
  REQUIRE(mine);
  CHECK(mine->complete());
  REQUIRE(mine->batches_size() == kCommands);
  CHECK(mine->batches(kCommands - 1).seq() == live.back().seq());
  CHECK(mine->chat_size() == 2);
  CHECK(HiddenTilesIn(*mine, 1) > 3);
  // Its own draws are letters where the spectators saw "?".
  int own = 0;
  for (const auto& b : mine->batches()) {
    for (const auto& e : b.events()) own += e.base().tile_drawn().seat() == 1 ? 1 : 0;
  }
  CHECK(own > 0);
}

TEST_CASE("history: a lobby joiner gets the chat, and a lobby without chat sends no history",
          "[server][history]") {
  TestServer server;
  auto host = DialHello(server);
  REQUIRE(host);
  const auto created = Ask(*host, CreateMsg(3));
  REQUIRE(created);
  const std::string code = created->seat_granted().room_code();
  auto quiet = DialHello(server);
  REQUIRE(Ask(*quiet, JoinMsg(code)));
  host->Send(ChatMsg("welcome all"));
  REQUIRE(Await(*quiet, [](const v1::ServerMessage& m) { return m.has_chat(); }));
  // The first joiner came before any chat: no History reached it.
  auto next = DialHello(server);
  REQUIRE(Ask(*next, JoinMsg(code)));
  const auto h = AwaitHistory(*next);
  REQUIRE(h);
  REQUIRE(h->chat_size() == 1);
  CHECK(h->chat(0).text() == "welcome all");
  CHECK(h->batches_size() == 0);
  CHECK_FALSE(h->has_start());
}

TEST_CASE("history: the chat kept is the newest within its line and byte bounds",
          "[server][history]") {
  server::ChatHistory kept;
  for (int i = 0; i < 80; ++i) {
    v1::ChatMessage line;
    line.set_seat(i % 3);
    line.set_text("line " + std::to_string(i));
    kept.Add(line);
  }
  CHECK(kept.lines() == server::ChatHistory::kMaxLines);
  v1::History h;
  kept.Fill(&h);
  CHECK(h.chat(0).text() == "line 30");
  CHECK(h.chat(h.chat_size() - 1).text() == "line 79");
  for (int i = 0; i < 40; ++i) {
    v1::ChatMessage line;
    line.set_text(std::string(1500, 'x'));
    kept.Add(line);
  }
  CHECK(kept.bytes() <= server::ChatHistory::kMaxBytes);
  CHECK(kept.lines() == server::ChatHistory::kMaxBytes / 1503);
  kept.Clear();
  CHECK(kept.lines() == 0);
  CHECK(kept.bytes() == 0);
}

TEST_CASE("history: over its byte bound only the newest batches go, without the start",
          "[server][history]") {
  for (const server::GameAdapter* game : server::AllGames()) {
    DYNAMIC_SECTION(game->game().name()) {
      v1::RoomOptions options;
      options.set_game_type(game->game_type());
      options.set_seats(2);
      REQUIRE(game->NormalizeOptions(options).empty());
      std::string error;
      auto session = server::StartGameSession(options, 2, 5, 0, &error);
      REQUIRE(session);
      engine::Rng rng(3);
      int moves = 0;
      while (!session->IsOver()) {
        const int seat = session->ToMove();
        const auto legal = session->state().LegalMoves(seat);
        const engine::Move move = legal[rng.Below(static_cast<std::uint32_t>(legal.size()))];
        REQUIRE(session->ApplyMove(seat, move, session->WireCommand(move)) ==
                engine::RejectReason::kNone);
        session->Commit();
        ++moves;
      }
      v1::History whole;
      session->HistoryFor(0, 1 << 20, &whole);
      CHECK(whole.complete());
      CHECK(whole.has_start());
      CHECK(whole.batches_size() == moves);
      CHECK(whole.batches(moves - 1).seq() == session->seq());
      // The whole game's history stays well within the room's bound of 64 KiB.
      CHECK(whole.ByteSizeLong() < 32 * 1024);
      v1::History cut;
      session->HistoryFor(0, 2000, &cut);
      CHECK_FALSE(cut.complete());
      CHECK_FALSE(cut.has_start());
      REQUIRE(cut.batches_size() > 0);
      CHECK(cut.batches_size() < moves);
      CHECK(cut.ByteSizeLong() <= 2000);
      CHECK(cut.batches(cut.batches_size() - 1).SerializeAsString() ==
            whole.batches(moves - 1).SerializeAsString());
      INFO("whole game: " << moves << " batches, " << whole.ByteSizeLong() << " bytes");
      CHECK(moves > 20);
    }
  }
}
