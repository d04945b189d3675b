// Hints (RoomOptions.hints): the seat to move asks for the tree search's choice, which comes as
// a command it can send as it is; everyone else, and rooms without hints, are refused.
#include <catch2/catch.hpp>

#include "test_server.h"

namespace carc::test {
namespace {

v1::ClientMessage HintMsg(std::uint64_t seq) {
  static std::uint32_t next_id = 7000;
  v1::ClientMessage m;
  m.set_request_id(++next_id);
  m.mutable_request_hint()->set_expected_seq(seq);
  return m;
}

// The answer to `m`: a Hint or an Error.
std::optional<v1::ServerMessage> AskHint(client::WsClient& c, const v1::ClientMessage& m) {
  c.Send(m);
  return Skip(
      c, [id = m.request_id()](const v1::ServerMessage& x) { return x.request_id() == id; }, 10s);
}

v1::ErrorCode HintError(client::WsClient& c, std::uint64_t seq) {
  const auto answer = AskHint(c, HintMsg(seq));
  if (!answer || !answer->has_error()) return v1::ERROR_CODE_UNSPECIFIED;
  return answer->error().code();
}

server::ServerConfig QuickHints() {
  server::ServerConfig config = TestConfig();
  config.max_computer_ms = std::chrono::milliseconds(50);  // hints search 50 ms
  return config;
}

}  // namespace

TEST_CASE("hints are off unless the room was created with them") {
  TestServer server(QuickHints());
  RawGame game = StartRawGame(server, 2);
  REQUIRE(game.error.empty());
  const auto seq = SeqOf(game);
  REQUIRE(seq);
  const auto snap = Snapshot(*game.seats[0]);
  REQUIRE(snap);
  CHECK(HintError(*game.seats[static_cast<std::size_t>(snap->base().to_move())], *seq) ==
        v1::ERROR_CODE_HINTS_OFF);
}

TEST_CASE("hints: the seat to move gets the search's choice as a command it can send") {
  TestServer server(QuickHints());
  v1::RoomOptions room = RoomFor(2);
  room.set_hints(true);
  RawGame game = StartRawGame(server, room);
  REQUIRE(game.error.empty());
  auto watcher = DialHello(server);
  REQUIRE(watcher);
  REQUIRE(Ask(*watcher, JoinMsg(game.code, true)));

  for (int decision = 0; decision < 4; ++decision) {
    std::this_thread::sleep_for(100ms);
    const auto snap = Snapshot(*game.seats[0]);
    REQUIRE(snap);
    const std::uint64_t seq = snap->seq();
    const int mover = snap->base().to_move();
    client::WsClient& asker = *game.seats[static_cast<std::size_t>(mover)];
    client::WsClient& other = *game.seats[static_cast<std::size_t>(1 - mover)];
    INFO("decision " << decision << " seq " << seq << " seat " << mover);
    CHECK(HintError(other, seq) == v1::ERROR_CODE_HINT_UNAVAILABLE);
    CHECK(HintError(*watcher, seq) == v1::ERROR_CODE_NOT_A_PLAYER);
    CHECK(HintError(asker, seq + 1) == v1::ERROR_CODE_STALE_SEQ);
    const auto hint = AskHint(asker, HintMsg(seq));
    REQUIRE(hint);
    INFO(hint->DebugString());
    REQUIRE(hint->has_hint());
    CHECK(hint->hint().command().expected_seq() == seq);
    CHECK(hint->hint().command().has_base());
    // Asked again, the same answer at once.
    const auto again = AskHint(asker, HintMsg(seq));
    REQUIRE(again);
    REQUIRE(again->has_hint());
    CHECK(again->hint().command().SerializeAsString() ==
          hint->hint().command().SerializeAsString());
    // Sent as it is, the hint is a legal command.
    v1::ClientMessage play;
    *play.mutable_game_command() = hint->hint().command();
    asker.Send(play);
    REQUIRE(Skip(asker, [seq](const v1::ServerMessage& m) {
      return m.has_event_batch() && m.event_batch().seq() == seq + 1;
    }));
  }
  const auto metrics = HttpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("carc_hints_total 4\n") != std::string::npos);
  CHECK(metrics.body.find("carc_rejections_total{reason=\"ERROR_CODE_HINT_UNAVAILABLE\"} 4\n") !=
        std::string::npos);
}

}  // namespace carc::test
