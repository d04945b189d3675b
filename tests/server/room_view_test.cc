// What a room tells its members and the lobby list (rooms/room_view.h), from its parts alone:
// no room, socket or store.
#include <catch2/catch.hpp>

#include "fake_room.h"
#include "rooms/room_view.h"

namespace carc::test {
namespace {

using namespace std::chrono_literals;

struct Parts {
  Parts() : seats(3), computers(false, 60s), absent(3) {
    options.set_seats(3);
    options.set_is_public(true);
    seats.Grant(0, "Ada", std::make_shared<FakeSession>("ada"), "hash-a");
    seats.Grant(1, "Bob", nullptr, "hash-b");  // away
    REQUIRE(seats.GrantComputer(2, "easy") == server::SeatTable::Refusal::kNone);
  }
  server::RoomView View(std::chrono::steady_clock::time_point now = {}) {
    return server::RoomView{
        code, options, v1::ROOM_STATUS_PLAYING, seats, computers, absent, 4, std::nullopt, {},
        30s,  now};
  }
  std::string code = "ABCDEF";
  v1::RoomOptions options;
  server::SeatTable seats;
  server::ComputerSeats computers;
  server::AbsentVotes absent;
};

}  // namespace

TEST_CASE("room view: each member's RoomState names its own seat, the rest is the same",
          "[server][rooms]") {
  Parts parts;
  // Bob's seat is awaited and Ada voted to skip it.
  REQUIRE(
      parts.absent.Note(true, {{false, true, false}, {true, false, false}, {false, false, false}})
          .changed);
  parts.absent.Cast(0, v1::ABSENT_VOTE_SKIP);
  const v1::ServerMessage for_ada = server::RoomStateMessage(parts.View(), 0, 7);
  const v1::ServerMessage for_watcher = server::RoomStateMessage(parts.View(), -1, 0);
  CHECK(for_ada.request_id() == 7);
  const v1::RoomState& st = for_ada.room_state();
  CHECK(st.code() == "ABCDEF");
  CHECK(st.invite_path() == "/r/ABCDEF");
  CHECK(st.status() == v1::ROOM_STATUS_PLAYING);
  CHECK(st.your_seat() == 0);
  CHECK(for_watcher.room_state().your_seat() == -1);
  CHECK(st.spectators() == 4);
  REQUIRE(st.seats_size() == 3);
  CHECK(st.seats(0).is_host());
  CHECK(st.seats(0).connected());
  CHECK(st.seats(0).vote() == v1::ABSENT_VOTE_SKIP);
  CHECK_FALSE(st.seats(1).connected());
  CHECK(st.seats(1).awaited());
  CHECK_FALSE(st.seats(1).is_host());
  CHECK(st.seats(2).computer_level() == "easy");
  CHECK(st.seats(2).ready());
  CHECK(st.game_id() == 0);  // not archived
  CHECK(st.ended_by_vote_scores_size() == 0);
  // Nothing of a seat's token reaches anyone.
  CHECK(for_ada.SerializeAsString().find("hash-") == std::string::npos);

  v1::RoomState same = for_watcher.room_state();
  same.set_your_seat(0);
  CHECK(same.SerializeAsString() == st.SerializeAsString());
}

TEST_CASE("room view: an archived game and one ended by vote say so", "[server][rooms]") {
  Parts parts;
  server::RoomView view = parts.View();
  view.game_id = 42;
  view.ended_by_vote_scores = {12, 9, 3};
  const v1::RoomState st = server::RoomStateMessage(view, 1, 0).room_state();
  CHECK(st.game_id() == 42);
  CHECK(std::vector<int>(st.ended_by_vote_scores().begin(), st.ended_by_vote_scores().end()) ==
        std::vector<int>{12, 9, 3});
}

TEST_CASE("room view: the room list's line counts players and computers and names the host",
          "[server][rooms]") {
  Parts parts;
  const v1::RoomSummary s = server::SummaryOf(parts.View());
  CHECK(s.code() == "ABCDEF");
  CHECK(s.seats() == 3);
  CHECK(s.players() == 3);
  CHECK(s.computers() == 1);
  CHECK(s.host_name() == "Ada");
  CHECK(s.status() == v1::ROOM_STATUS_PLAYING);
  parts.seats.Free(0);  // the host leaves: Bob, a person, hosts
  CHECK(server::SummaryOf(parts.View()).host_name() == "Bob");
}

TEST_CASE(
    "room view: an away player's seat counts down the grace period before the absent policy, "
    "and only then",
    "[server][rooms]") {
  Parts parts;
  const auto left = parts.seats[1].dropped_at + 12s;  // 18 s of the 30 s grace period left
  const auto away_ms = [&](v1::AbandonPolicy policy, std::chrono::steady_clock::time_point now) {
    parts.options.set_abandon_policy(policy);
    return server::RoomStateMessage(parts.View(now), 0, 0).room_state().seats(1).away_ms_left();
  };
  CHECK(away_ms(v1::ABANDON_POLICY_COMPUTER, left) == 18000);
  CHECK(away_ms(v1::ABANDON_POLICY_FALLBACK_MOVE, left) == 18000);
  CHECK(away_ms(v1::ABANDON_POLICY_VOTE, left) == 18000);
  // A room that waits counts nothing down; past the grace period nothing is left.
  CHECK(away_ms(v1::ABANDON_POLICY_WAIT, left) == 0);
  CHECK(away_ms(v1::ABANDON_POLICY_COMPUTER, parts.seats[1].dropped_at + 31s) == 0);
  // Players here and computers count nothing down.
  const auto st = server::RoomStateMessage(parts.View(left), 0, 0).room_state();
  CHECK(st.seats(0).away_ms_left() == 0);
  CHECK(st.seats(2).away_ms_left() == 0);
  // An awaited seat (the vote is open) is past its countdown.
  parts.options.set_abandon_policy(v1::ABANDON_POLICY_VOTE);
  REQUIRE(
      parts.absent.Note(true, {{false, true, false}, {true, false, false}, {false, false, false}})
          .changed);
  CHECK(server::RoomStateMessage(parts.View(left), 0, 0).room_state().seats(1).away_ms_left() == 0);
}

}  // namespace carc::test
