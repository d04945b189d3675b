// The room's hint desk on its own (rooms/hint_desk.h): no room, socket or pool. A hint's
// command is the game adapter's wire form of the move, shown with a third game the server does
// not name (test_game.h).
#include <catch2/catch.hpp>

#include "rooms/hint_desk.h"
#include "test_game.h"

namespace carc::test {
namespace {

using server::HintDesk;

struct Desk {
  Desk() : game(TwoSeatGame(42, adapter)) { REQUIRE(game); }
  // Asks for seat `seat`'s hint at `seq`; a search goes to `jobs`, or is refused when `full`.
  HintDesk::Answer Ask(int seat, std::uint64_t seq, bool enabled = true) {
    return desk.Ask(enabled, game.get(), seat, seq, [this](bots::BotJob job) {
      if (full) return false;
      jobs.push_back(std::move(job));
      return true;
    });
  }
  // What a search answers: the first legal move of the job's state.
  bots::Choice FirstLegal(const bots::BotJob& job) const {
    const int seat = job.state->ToMove();
    bots::Choice c;
    c.move = job.state->LegalMoves(seat).front();
    c.iterations = 123;
    return c;
  }

  TestGame adapter;
  std::unique_ptr<server::GameSession> game;
  HintDesk desk{std::chrono::milliseconds(250)};
  std::vector<bots::BotJob> jobs;
  bool full = false;
};

template <typename Answer>
v1::ErrorCode CodeOf(const Answer& a) {
  const auto* r = std::get_if<HintDesk::Refusal>(&a);
  return r != nullptr ? r->code : v1::ERROR_CODE_UNSPECIFIED;
}

}  // namespace

TEST_CASE("hints: who may ask, and when", "[rooms][hints]") {
  Desk d;
  const int to_move = d.game->ToMove();
  CHECK(CodeOf(d.Ask(-1, 0)) == v1::ERROR_CODE_NOT_A_PLAYER);
  CHECK(CodeOf(d.Ask(to_move, 0, false)) == v1::ERROR_CODE_HINTS_OFF);
  CHECK(CodeOf(d.desk.Ask(true, nullptr, 0, 0, {})) == v1::ERROR_CODE_GAME_NOT_STARTED);
  CHECK(CodeOf(d.Ask(to_move, 5)) == v1::ERROR_CODE_STALE_SEQ);
  CHECK(CodeOf(d.Ask(1 - to_move, 0)) == v1::ERROR_CODE_HINT_UNAVAILABLE);
  d.full = true;
  CHECK(CodeOf(d.Ask(to_move, 0)) == v1::ERROR_CODE_HINT_UNAVAILABLE);
  CHECK(d.jobs.empty());
}

TEST_CASE("hints: one search per decision, its answer through the game's adapter, then kept",
          "[rooms][hints]") {
  Desk d;
  const int to_move = d.game->ToMove();
  REQUIRE(std::holds_alternative<HintDesk::Searching>(d.Ask(to_move, 0)));
  REQUIRE(d.jobs.size() == 1);
  CHECK(d.jobs[0].level.kind == bots::BotKind::kMcts);
  CHECK(d.jobs[0].level.budget == std::chrono::milliseconds(250));
  // A second request while it searches starts nothing.
  CHECK(CodeOf(d.Ask(to_move, 0)) == v1::ERROR_CODE_HINT_UNAVAILABLE);
  CHECK(d.jobs.size() == 1);

  const bots::Choice choice = d.FirstLegal(d.jobs[0]);
  const int wire_forms = d.adapter.wire_forms;
  auto ready = d.desk.Ready(0, choice, *d.game);
  REQUIRE(std::holds_alternative<v1::Hint>(ready));
  const v1::Hint hint = std::get<v1::Hint>(ready);
  CHECK(d.adapter.wire_forms == wire_forms + 1);
  v1::GameCommand expected;
  d.adapter.ToWire(choice.move, d.game->state(), &expected);
  expected.set_expected_seq(0);
  CHECK(hint.command().SerializeAsString() == expected.SerializeAsString());
  CHECK(hint.iterations() == 123);
  // The command decodes back to the move it names: a client can send it as it is.
  const auto decoded = d.game->Decode(hint.command());
  REQUIRE(std::holds_alternative<engine::Move>(decoded));
  CHECK(std::get<engine::Move>(decoded) == choice.move);

  // Asked again for the same decision: the kept hint, no new search.
  const auto again = d.Ask(to_move, 0);
  REQUIRE(std::holds_alternative<v1::Hint>(again));
  CHECK(std::get<v1::Hint>(again).SerializeAsString() == hint.SerializeAsString());
  CHECK(d.jobs.size() == 1);
}

TEST_CASE("hints: an answer for a decision gone by is refused, and a new decision cancels the old",
          "[rooms][hints]") {
  Desk d;
  const int first = d.game->ToMove();
  REQUIRE(std::holds_alternative<HintDesk::Searching>(d.Ask(first, 0)));
  const bots::Choice choice = d.FirstLegal(d.jobs[0]);
  REQUIRE(d.game->ApplyMove(first, choice.move, d.game->WireCommand(choice.move)) ==
          engine::RejectReason::kNone);
  d.game->Commit();
  CHECK(CodeOf(d.desk.Ready(0, choice, *d.game)) == v1::ERROR_CODE_HINT_UNAVAILABLE);
  CHECK(CodeOf(d.desk.Ready(d.game->seq(), std::nullopt, *d.game)) ==
        v1::ERROR_CODE_HINT_UNAVAILABLE);

  // A search in flight for an old decision is cancelled by a request for the new one.
  Desk e;
  const int seat = e.game->ToMove();
  REQUIRE(std::holds_alternative<HintDesk::Searching>(e.Ask(seat, 0)));
  const engine::Move m = e.FirstLegal(e.jobs[0]).move;
  REQUIRE(e.game->ApplyMove(seat, m, e.game->WireCommand(m)) == engine::RejectReason::kNone);
  e.game->Commit();
  while (e.game->ToMove() != seat) {
    REQUIRE(e.game->ApplyTimeout(e.game->ToMove()) == engine::RejectReason::kNone);
    e.game->Commit();
  }
  REQUIRE(std::holds_alternative<HintDesk::Searching>(e.Ask(seat, e.game->seq())));
  CHECK(e.jobs[0].cancel->load());
  CHECK_FALSE(e.jobs[1].cancel->load());
}

// One decode per command: the room hands a client's command to Decode once and applies the
// move it gave (room_game.cc); the session never decodes again.
TEST_CASE("game session: a client's command is decoded once, by the game's adapter",
          "[rooms][games]") {
  Desk d;
  const int seat = d.game->ToMove();
  v1::GameCommand wire = d.game->WireCommand(d.game->state().LegalMoves(seat).front());
  const int before = d.adapter.decodes;
  const auto decoded = d.game->Decode(wire);
  REQUIRE(std::holds_alternative<engine::Move>(decoded));
  REQUIRE(d.game->ApplyMove(seat, std::get<engine::Move>(decoded), wire) ==
          engine::RejectReason::kNone);
  d.game->Commit();
  CHECK(d.adapter.decodes == before + 1);
}

}  // namespace carc::test
