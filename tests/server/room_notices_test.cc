// Who a room's game tells what while they are away (rooms/room_notices.h), without a room: a
// seat table and a notifier that keeps what it is asked to send.
#include <catch2/catch.hpp>

#include "fake_room.h"
#include "rooms/room_notices.h"

namespace carc::test::room_notices {
namespace {

using server::push::NoticeKind;

struct Kept final : server::push::Notifier {
  void Notify(server::push::Notice notice) override { notices.push_back(std::move(notice)); }
  std::vector<server::push::Notice> notices;
};

// Seat 0: an account, away; 1: an account, here; 2: a guest, away; 3: a computer.
server::SeatTable Table(const std::shared_ptr<FakeSession>& here) {
  server::SeatTable seats(4);
  seats.Grant(0, "Ann", nullptr, "a");
  seats[0].account = 11;
  seats.Grant(1, "Bob", here, "b");
  seats[1].account = 12;
  seats.Grant(2, "Guest", nullptr, "c");
  REQUIRE(seats.GrantComputer(3, "greedy") == server::SeatTable::Refusal::kNone);
  return seats;
}

}  // namespace

TEST_CASE("room notices: your turn once per turn to an account away, game over to each",
          "[rooms][push]") {
  Kept kept;
  server::RoomNotices notices;
  const auto here = std::make_shared<FakeSession>("bob");
  const server::SeatTable seats = Table(here);

  // Ann's turn: told once, however many commands the turn takes.
  notices.AfterCommand(&kept, "ROOM", "base", seats, 0, false);
  notices.AfterCommand(&kept, "ROOM", "base", seats, 0, false);
  REQUIRE(kept.notices.size() == 1);
  CHECK(kept.notices[0].kind == NoticeKind::kTurn);
  CHECK(kept.notices[0].account == 11);
  CHECK(kept.notices[0].room == "ROOM");
  CHECK(kept.notices[0].game == "base");
  CHECK(kept.notices[0].from.empty());
  // Bob is here, the guest has no account, the computer is nobody: nothing.
  for (const int seat : {1, 2, 3}) notices.AfterCommand(&kept, "ROOM", "base", seats, seat, false);
  CHECK(kept.notices.size() == 1);
  // Ann again after the others: a new turn, a new notice.
  notices.AfterCommand(&kept, "ROOM", "base", seats, 0, false);
  CHECK(kept.notices.size() == 2);
  // A seat out of range and a room without a notifier change nothing.
  notices.AfterCommand(&kept, "ROOM", "base", seats, 9, false);
  notices.AfterCommand(nullptr, "ROOM", "base", seats, 0, false);
  CHECK(kept.notices.size() == 2);

  // The end: game over to every account away, once.
  notices.AfterCommand(&kept, "ROOM", "base", seats, -1, true);
  notices.AfterCommand(&kept, "ROOM", "base", seats, -1, true);
  REQUIRE(kept.notices.size() == 3);
  CHECK(kept.notices[2].kind == NoticeKind::kGameOver);
  CHECK(kept.notices[2].account == 11);
}

TEST_CASE("room notices: a turn-based reminder goes to the seat's account only if it is away",
          "[rooms][push][turn-based]") {
  Kept kept;
  const auto here = std::make_shared<FakeSession>("bob");
  const server::SeatTable seats = Table(here);
  CHECK(server::RoomNotices::Remind(&kept, "ROOM", "castle", seats, 0));
  REQUIRE(kept.notices.size() == 1);
  CHECK(kept.notices[0].kind == NoticeKind::kReminder);
  CHECK(kept.notices[0].account == 11);
  CHECK(kept.notices[0].game == "castle");
  for (const int seat : {1, 2, 3, -1, 4}) {
    INFO(seat);
    CHECK_FALSE(server::RoomNotices::Remind(&kept, "ROOM", "castle", seats, seat));
  }
  CHECK_FALSE(server::RoomNotices::Remind(nullptr, "ROOM", "castle", seats, 0));
  CHECK(kept.notices.size() == 1);
}

}  // namespace carc::test::room_notices
